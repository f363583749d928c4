import { z } from "zod";

/**
 * The assumed Axon API's answers (docs/vendors/axon.md), read liberally: unknown fields are ignored and
 * optional data (vehicle attributes, location, camera) may be missing or null, so that a vendor adding
 * or dropping a field degrades one column instead of failing the whole search.
 */
export const ZAxonToken = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number().positive(),
});
export type TAxonToken = z.infer<typeof ZAxonToken>;

const text = z.string().nullish();

export const ZAxonRead = z.object({
  read_id: z.string().min(1),
  plate: z.string().min(1),
  state: text,
  /** 0..1 */
  confidence: z.number(),
  captured_at: z.iso.datetime({ offset: true }),
  camera: z.object({ id: text, name: text }).nullish(),
  location: z.object({ lat: z.number(), lon: z.number() }).nullish(),
  vehicle: z.object({ make: text, model: text, color: text, body_type: text }).nullish(),
  /** Paths relative to the integration's base URL; they need the bearer token too. */
  image_url: text,
  plate_image_url: text,
});
export type TAxonRead = z.infer<typeof ZAxonRead>;

export const ZAxonReadsPage = z.object({
  reads: z.array(ZAxonRead),
  next_cursor: z.string().min(1).nullish(),
});
export type TAxonReadsPage = z.infer<typeof ZAxonReadsPage>;

export const AXON_TOKEN_PATH = "/api/oauth2/token";
export const AXON_READS_PATH = "/api/alpr/v1/reads";
