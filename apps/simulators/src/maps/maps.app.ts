import type { FastifyInstance, FastifyReply } from "fastify";
import { createSimulatorApp, type SimulatorAppOptions } from "../http/base-app";
import { reverseGeocode } from "./reverse";
import { TILE_STYLES, type TileStyleName } from "./tile-svg";
import { TileRenderer } from "./tiles";

export interface MapsAppOptions extends SimulatorAppOptions {
  tiles?: TileRenderer;
}

/** The standalone CLI's port (Rekor and Axon use 4101 and 4102). */
export const DEFAULT_MAPS_PORT = 4103;

/** Tile URL templates of the simulator, as Leaflet takes them. */
export function mapsTileUrls(mapsUrl: string): { dark: string; light: string } {
  return { dark: `${mapsUrl}/tiles/dark/{z}/{x}/{y}.png`, light: `${mapsUrl}/tiles/light/{z}/{x}/{y}.png` };
}

type Query = Record<string, string | undefined>;

const INTEGER = /^\d{1,7}$/;
const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)$/;

/**
 * The maps simulator: a light and a dark tile service (`/tiles/{style}/{z}/{x}/{y}.png`) and a
 * Nominatim-compatible reverse geocoder (`/reverse`), so demo mode and the tests need no internet.
 */
export function buildMapsApp(options: MapsAppOptions = {}): FastifyInstance {
  const { app } = createSimulatorApp(options);
  const tiles = options.tiles ?? new TileRenderer();

  app.get<{ Params: { style: string; z: string; x: string; file: string } }>(
    "/tiles/:style/:z/:x/:file",
    async (request, reply) => {
      const { style, z, x, file } = request.params;
      const y = /^(\d{1,7})\.png$/.exec(file)?.[1];
      if (!(TILE_STYLES as readonly string[]).includes(style) || !INTEGER.test(z) || !INTEGER.test(x) || !y)
        return notFound(reply);
      let png: Buffer;
      try {
        png = await tiles.render(style as TileStyleName, Number(z), Number(x), Number(y));
      } catch (error) {
        if (error instanceof RangeError) return notFound(reply);
        throw error;
      }
      return reply
        .type("image/png")
        .header("cache-control", "public, max-age=86400")
        .header("access-control-allow-origin", "*")
        .send(png);
    },
  );

  app.get("/reverse", async (request, reply) => {
    const query = request.query as Query;
    const format = query.format ?? "jsonv2";
    if (format !== "jsonv2" && format !== "json")
      return badRequest(reply, "Parameter 'format': the simulator answers json and jsonv2 only.");
    const lat = coordinate(query.lat, 90);
    const lon = coordinate(query.lon, 180);
    if (lat === undefined) return badRequest(reply, "Parameter 'lat' must be a number between -90 and 90.");
    if (lon === undefined) return badRequest(reply, "Parameter 'lon' must be a number between -180 and 180.");
    const zoom = query.zoom === undefined ? 18 : Number(query.zoom);
    if (!Number.isInteger(zoom) || zoom < 0 || zoom > 18)
      return badRequest(reply, "Parameter 'zoom' must be a number between 0 and 18.");
    return reverseGeocode(lat, lon, { zoom, addressdetails: query.addressdetails !== "0" });
  });

  return app;
}

function coordinate(value: string | undefined, limit: number): number | undefined {
  if (value === undefined || !NUMBER.test(value.trim())) return undefined;
  const number = Number(value);
  return Math.abs(number) <= limit ? number : undefined;
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type("text/plain; charset=utf-8").send("Tile not found");
}

/** Nominatim's error shape for a bad request. */
function badRequest(reply: FastifyReply, message: string) {
  return reply.code(400).send({ error: { code: 400, message } });
}
