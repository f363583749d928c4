import { LRUCache } from "lru-cache";
import sharp, { type OverlayOptions } from "sharp";
import { fetchVendorImage, VendorError } from "../../lib/vendor-http";
import { imageWork } from "./image-work";

/**
 * Static map pictures for POST /generate-map-snapshot and the PDF report: 600 x 300 pixels centred on
 * a point at zoom 15, composed with sharp from the configured light tile server (Leaflet URL template)
 * with a marker on the point. Never fails: tiles that cannot be fetched leave a light grid, and with
 * no tile at all the picture says so and prints the coordinates.
 */
export const SNAPSHOT_WIDTH = 600;
export const SNAPSHOT_HEIGHT = 300;
export const SNAPSHOT_ZOOM = 15;
const TILE = 256;
const MAX_LATITUDE = 85.05112878; // Web Mercator's square world

export interface MapSnapshotOptions {
  /** Leaflet template: {z} {x} {y}, optionally {s} (the "a" subdomain is used) and {r} (dropped). */
  tileUrl: string;
  /** The tile server's highest zoom; snapshots use 15 or this, whichever is lower. */
  maxZoom: number;
  /** The tile provider's attribution (HTML), printed in a corner when tiles were used. */
  attribution: string;
  /** Where a template that is a path on Odin's own origin is resolved. */
  publicUrl: string;
  userAgent: string;
  /** One tile's time limit (default 3 s); tiles are fetched in parallel. */
  tileTimeoutMs?: number;
  /** Bytes of tiles kept in memory (default 16 MB). */
  tileCacheBytes?: number;
  /** After a snapshot found the tile server unreachable, how long to draw fallbacks at once (30 s). */
  outageBackoffMs?: number;
  log?: { warn(details: object, message: string): void };
}

export type SnapshotFormat = "png" | "jpeg";

export interface MapSnapshot {
  image: Buffer;
  /** False when some or all tiles were missing (the picture is then not cached). */
  complete: boolean;
}

export interface MapSnapshots {
  render(latitude: number, longitude: number, format?: SnapshotFormat): Promise<MapSnapshot>;
}

/** The point in world pixels at a zoom (Web Mercator, 256-pixel tiles). */
export function worldPixel(latitude: number, longitude: number, zoom: number): { x: number; y: number } {
  const scale = TILE * 2 ** zoom;
  const lat = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((longitude + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/** The URL of one tile; a template that is a path is resolved on Odin's public URL. */
export function tileUrlOf(template: string, z: number, x: number, y: number, publicUrl: string): URL {
  const filled = template
    .replaceAll("{s}", "a")
    .replaceAll("{r}", "")
    .replaceAll("{z}", String(z))
    .replaceAll("{x}", String(x))
    .replaceAll("{y}", String(y));
  return new URL(filled, `${publicUrl}/`);
}

interface TilePlacement {
  url: URL;
  /** Where the tile's top-left corner falls on the picture (negative: it starts beyond the edge). */
  left: number;
  top: number;
}

/** The tiles that cover the picture, each with its place on it. */
export function planTiles(
  latitude: number,
  longitude: number,
  zoom: number,
  template: string,
  publicUrl: string,
): TilePlacement[] {
  const centre = worldPixel(latitude, longitude, zoom);
  const left = Math.round(centre.x - SNAPSHOT_WIDTH / 2);
  const top = Math.round(centre.y - SNAPSHOT_HEIGHT / 2);
  const count = 2 ** zoom;
  const tiles: TilePlacement[] = [];
  for (let ty = Math.floor(top / TILE); ty <= Math.floor((top + SNAPSHOT_HEIGHT - 1) / TILE); ty++) {
    if (ty < 0 || ty >= count) continue; // beyond the poles: background
    for (let tx = Math.floor(left / TILE); tx <= Math.floor((left + SNAPSHOT_WIDTH - 1) / TILE); tx++) {
      const wrapped = ((tx % count) + count) % count; // the world repeats east and west
      tiles.push({
        url: tileUrlOf(template, zoom, wrapped, ty, publicUrl),
        left: tx * TILE - left,
        top: ty * TILE - top,
      });
    }
  }
  return tiles;
}

const xml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

/** The attribution as plain text: tags dropped, the usual entities decoded. */
export function plainAttribution(html: string): string {
  const entities: Record<string, string> = { copy: "©", middot: "·", amp: "&", nbsp: " ", lt: "<", gt: ">" };
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(\w+);/g, (whole, name: string) => entities[name] ?? whole)
    .replace(/\s+/g, " ")
    .trim();
}

function backgroundSvg(): string {
  const lines: string[] = [];
  for (let x = 0; x <= SNAPSHOT_WIDTH; x += 50)
    lines.push(`<line x1="${x}" y1="0" x2="${x}" y2="${SNAPSHOT_HEIGHT}"/>`);
  for (let y = 0; y <= SNAPSHOT_HEIGHT; y += 50)
    lines.push(`<line x1="0" y1="${y}" x2="${SNAPSHOT_WIDTH}" y2="${y}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SNAPSHOT_WIDTH}" height="${SNAPSHOT_HEIGHT}">
  <rect width="100%" height="100%" fill="#eef1f4"/>
  <g stroke="#d5dbe1" stroke-width="1">${lines.join("")}</g></svg>`;
}

/** A pin whose tip is on the point. */
const MARKER = { width: 30, height: 44 };
const MARKER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${MARKER.width}" height="${MARKER.height}" viewBox="0 0 30 44">
  <path d="M15 43 C15 43 2 25 2 15 A13 13 0 0 1 28 15 C28 25 15 43 15 43 Z" fill="#d32f2f" stroke="#7f1d1d" stroke-width="2"/>
  <circle cx="15" cy="15" r="5" fill="#ffffff"/></svg>`;

function noticeSvg(latitude: number, longitude: number): string {
  const coordinates = `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SNAPSHOT_WIDTH}" height="${SNAPSHOT_HEIGHT}">
  <g font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" text-anchor="middle">
    <text x="${SNAPSHOT_WIDTH / 2}" y="${SNAPSHOT_HEIGHT / 2 + 36}" font-size="18" font-weight="bold" fill="#1f2933">${xml(coordinates)}</text>
    <text x="${SNAPSHOT_WIDTH / 2}" y="${SNAPSHOT_HEIGHT / 2 + 58}" font-size="12" fill="#52606d">Map tiles unavailable</text>
  </g></svg>`;
}

function attributionSvg(text: string): Buffer {
  const width = Math.min(SNAPSHOT_WIDTH, 12 + text.length * 5.6);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SNAPSHOT_WIDTH}" height="16">
  <rect x="${SNAPSHOT_WIDTH - width}" y="0" width="${width}" height="16" fill="#ffffff" fill-opacity="0.75"/>
  <text x="${SNAPSHOT_WIDTH - 5}" y="12" font-size="10" text-anchor="end" fill="#333333"
    font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif">${xml(text)}</text></svg>`);
}

const isOutage = (error: unknown) =>
  error instanceof VendorError && (error.kind === "timeout" || error.kind === "unreachable");

/** Least recently used pictures, bounded by their total bytes (a larger one is simply not kept). */
const bytesCache = (maxBytes: number) =>
  new LRUCache<string, Buffer>({
    maxSize: maxBytes,
    sizeCalculation: (buffer) => Math.max(1, buffer.length),
  });

export function createMapSnapshots(options: MapSnapshotOptions): MapSnapshots {
  const zoom = Math.min(SNAPSHOT_ZOOM, options.maxZoom);
  const tileTimeoutMs = options.tileTimeoutMs ?? 3000;
  const backoffMs = options.outageBackoffMs ?? 30_000;
  const tiles = bytesCache(options.tileCacheBytes ?? 16 * 1024 * 1024);
  const inFlight = new Map<string, Promise<Buffer>>();
  // Finished pictures by point and format: a report's records often share a camera.
  const pictures = bytesCache(8 * 1024 * 1024);
  let backgroundPng: Promise<Buffer> | undefined;
  const background = () => (backgroundPng ??= sharp(Buffer.from(backgroundSvg())).png().toBuffer());
  const attribution = plainAttribution(options.attribution);
  const marker: OverlayOptions = {
    input: Buffer.from(MARKER_SVG),
    left: SNAPSHOT_WIDTH / 2 - MARKER.width / 2,
    top: SNAPSHOT_HEIGHT / 2 - MARKER.height + 1,
  };
  let outageUntil = 0;

  function fetchTile(url: URL): Promise<Buffer> {
    const key = url.href;
    const cached = tiles.get(key);
    if (cached) return Promise.resolve(cached);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = fetchVendorImage(url, {
        label: "The map tile server",
        headers: { "user-agent": options.userAgent, accept: "image/png,image/*" },
        timeoutMs: tileTimeoutMs,
        maxBytes: 2 * 1024 * 1024,
      })
        .then((image) => {
          tiles.set(key, image.body);
          return image.body;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  /** The picture from the tiles that could be fetched (sharp clips tiles to its edges). */
  async function compose(latitude: number, longitude: number): Promise<MapSnapshot> {
    const plan = planTiles(latitude, longitude, zoom, options.tileUrl, options.publicUrl);
    const skip = Date.now() < outageUntil;
    const outcomes = skip
      ? []
      : await Promise.allSettled(plan.map(async (tile) => ({ ...tile, body: await fetchTile(tile.url) })));
    const loaded = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
    const failures = outcomes.flatMap((outcome): unknown[] =>
      outcome.status === "rejected" ? [outcome.reason] : [],
    );
    if (!skip && loaded.length === 0 && failures.some(isOutage)) {
      outageUntil = Date.now() + backoffMs;
      options.log?.warn(
        { reason: failures[0] instanceof Error ? failures[0].message : String(failures[0]) },
        "map tiles unavailable: snapshots show the fallback picture for a while",
      );
    }

    const layers: OverlayOptions[] = loaded.map((tile) => ({
      input: tile.body,
      left: tile.left,
      top: tile.top,
    }));
    if (loaded.length > 0 && attribution)
      layers.push({ input: attributionSvg(attribution), left: 0, top: SNAPSHOT_HEIGHT - 16 });
    if (loaded.length === 0)
      layers.push({ input: Buffer.from(noticeSvg(latitude, longitude)), left: 0, top: 0 });
    layers.push(marker);
    const base = await background();
    const image = await imageWork(() => sharp(base).composite(layers).png().toBuffer());
    return { image, complete: loaded.length === plan.length };
  }

  return {
    async render(latitude, longitude, format = "png") {
      const key = `${latitude.toFixed(5)},${longitude.toFixed(5)},${format}`;
      const cached = pictures.get(key);
      if (cached) return { image: cached, complete: true };
      let png: MapSnapshot;
      try {
        png = await compose(latitude, longitude);
      } catch (error) {
        // A tile that is not a picture sharp can read, say: the plain fallback rather than a failure.
        options.log?.warn({ err: error }, "map snapshot failed: fallback picture");
        const layers = [{ input: Buffer.from(noticeSvg(latitude, longitude)), left: 0, top: 0 }, marker];
        const base = await background();
        png = {
          image: await imageWork(() => sharp(base).composite(layers).png().toBuffer()),
          complete: false,
        };
      }
      const image =
        format === "jpeg"
          ? await imageWork(() => sharp(png.image).jpeg({ quality: 80 }).toBuffer())
          : png.image;
      if (png.complete) pictures.set(key, image);
      return { image, complete: png.complete };
    },
  };
}
