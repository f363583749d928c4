import { z } from "zod";
import type { Endpoint } from "../endpoint";

/**
 * Odin's own: the detail modal's Nearest Address (000 §8). The browser asks Odin, Odin asks the
 * configured reverse-geocoding service (Nominatim-compatible, zoom 18) and caches the answer, so an
 * investigator's locations never go from the browser to a third party.
 */

/** A coordinate in a query string ("41.7658") or a JSON number, within ±limit. */
const coordinate = (name: string, limit: number) => {
  const message = `${name} must be a number between -${limit} and ${limit}`;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().min(-limit, message).max(limit, message));
};

export const ZReverseGeocodeQuery = z.object({
  lat: coordinate("lat", 90),
  lon: coordinate("lon", 180),
});
export type TReverseGeocodeQuery = z.input<typeof ZReverseGeocodeQuery>;

/**
 * `address` is "{house number} {road}, {city, town or village}, {state}" from the parts the service
 * knows, or null when there is none: no service configured, unreachable, too slow, or no answer there.
 * The screen shows null as 'Unavailable'.
 */
export const ZReverseGeocodeResponse = z.object({ address: z.string().nullable() });
export type TReverseGeocodeResponse = z.infer<typeof ZReverseGeocodeResponse>;

export const GEOCODE_ENDPOINTS = [
  {
    method: "GET",
    path: "/geocode/reverse",
    spec: "odin",
    summary: "Nearest address of a point, through Odin's cached reverse geocoder (Odin's own)",
    query: ZReverseGeocodeQuery,
    response: ZReverseGeocodeResponse,
  },
] as const satisfies readonly Endpoint[];
