import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/** Every test pins the clock and the seed, so the data they see never changes. */
export const NOW = Date.UTC(2026, 10, 1, 15, 0, 0);
export const SEED = 4242;

export const REKOR_FIELD_TYPES = {
  agent_uid: "string",
  best_plate: "string",
  best_confidence: "string",
  best_uuid: "string",
  best_index: "number",
  epoch_time_start: "number",
  epoch_time_end: "number",
  camera: "number",
  camera_id: "number",
  company: "number",
  site: "string",
  site_id: "number",
  img_width: "number",
  img_height: "number",
  plate_x1: "number",
  plate_y1: "number",
  plate_x2: "number",
  plate_y2: "number",
  plate_x3: "number",
  plate_y3: "number",
  plate_x4: "number",
  plate_y4: "number",
  region: "string",
  region_confidence: "string",
  vehicle_color: "string",
  vehicle_color_confidence: "string",
  vehicle_make: "string",
  vehicle_make_confidence: "string",
  vehicle_make_model: "string",
  vehicle_make_model_confidence: "string",
  vehicle_body_type: "string",
  vehicle_body_type_confidence: "string",
  direction_of_travel_degrees: "number",
  hit_count: "number",
  vehicle_region_x: "number",
  vehicle_region_y: "number",
  vehicle_region_width: "number",
  vehicle_region_height: "number",
  processing_time_ms: "string",
} as const;

export async function jpegSize(
  data: Buffer | ArrayBuffer,
): Promise<{ format?: string; width: number; height: number }> {
  const meta = await sharp(Buffer.from(data as ArrayBuffer)).metadata();
  return { format: meta.format, width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** Mean brightness (0-255) of a region of an image. */
export async function meanBrightness(
  image: Buffer,
  region: { left: number; top: number; width: number; height: number },
): Promise<number> {
  // stats() describes the input, not the pipeline, so extract to raw pixels and average them here.
  const pixels = await sharp(image).extract(region).greyscale().raw().toBuffer();
  return pixels.reduce((sum, value) => sum + value, 0) / pixels.length;
}

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A tiny HTTP receiver standing in for Odin's ingest endpoints, answering `status`. */
export async function startReceiver(status = 202, delayMs = 0) {
  const received: Received[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((request, response) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      setTimeout(() => {
        inFlight--;
        response.writeHead(status, { "content-type": "application/json" }).end("{}");
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ingest`,
    received,
    maxInFlight: () => maxInFlight,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
