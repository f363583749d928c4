import { z } from "zod";
import { ZIdInput } from "../common";
import type { Endpoint } from "../endpoint";

/**
 * Odin's own push endpoints for cameras. They are not signed-in users' calls: each integration
 * authenticates with its own bearer token (`Authorization: Bearer {ingest token}`), checked against
 * a hash Odin keeps.
 */

/** Numbers that LPV writes as strings ("1498", "0.945100") are accepted either way. */
const numeric = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/),
  ])
  .pipe(z.coerce.number());
const text = (max: number) => z.string().trim().max(max);

/**
 * One AXIS License Plate Verifier event (docs/vendors/axis.md). Only what Odin maps is required;
 * other LPV fields pass through into the stored raw event. `image`/`plateImage` are base64 JPEG,
 * PNG or WebP (Odin's definition of how pictures travel).
 */
export const ZAxisLpvEvent = z.looseObject({
  capture_timestamp: numeric.refine(
    (value) => Number.isInteger(value) && value > 0,
    "capture_timestamp must be the capture time in epoch milliseconds",
  ),
  plateText: text(20).min(1),
  plateRegion: text(10).optional(),
  plateCountry: text(3).optional(),
  plateConfidence: numeric
    .refine((value) => value >= 0 && value <= 1, "plateConfidence must be between 0 and 1")
    .optional(),
  carID: z.union([z.number().int(), text(64).min(1)]).transform(String),
  carState: z.enum(["new", "update", "lost"]).optional(),
  carMoveDirection: text(10).optional(),
  geotag: z.object({ lat: numeric, lon: numeric }).optional(),
  plateCoordinates: z.tuple([numeric, numeric, numeric, numeric]).optional(),
  camera_info: z.looseObject({ SerialNumber: text(64).min(1) }),
  vehicle_info: z
    .looseObject({
      type: text(40).optional(),
      brand: text(60).optional(),
      color: text(40).optional(),
      model: text(60).optional(),
    })
    .optional(),
  image: z.string().max(8_000_000).optional(),
  plateImage: z.string().max(2_000_000).optional(),
});
export type TAxisLpvEvent = z.infer<typeof ZAxisLpvEvent>;
export type TAxisLpvEventInput = z.input<typeof ZAxisLpvEvent>;

export const ZAxisIngestParams = z.object({ identifier: z.string().trim().min(1).max(200) });

/** 201 "stored" for a new read; 200 "duplicate" when the same read was already stored (one row). */
export const ZAxisIngestResponse = z.object({
  status: z.enum(["stored", "duplicate"]),
  id: z.string(),
});
export type TAxisIngestResponse = z.infer<typeof ZAxisIngestResponse>;

export const ZRekorWebhookParams = z.object({ keyId: ZIdInput });

/**
 * What a Rekor agent POSTs to its key's webhook URL. Agents send several kinds (`alpr_group` for a
 * vehicle pass, `heartbeat`...), so only `data_type` is checked here; an `alpr_group` is then read by
 * the Rekor adapter's own schema (apps/api/src/sources/rekor/rekor.webhook.payload.ts) and other kinds
 * are acknowledged and ignored.
 */
export const ZRekorWebhookBody = z.looseObject({ data_type: z.string().trim().min(1).max(40) });

/**
 * Always the same for an accepted push, match or not: a webhook token must not tell whoever holds it
 * which plates are on a hotlist.
 */
export const ZRekorWebhookResponse = z.object({ status: z.enum(["received", "ignored"]) });
export type TRekorWebhookResponse = z.infer<typeof ZRekorWebhookResponse>;

export const INGEST_ENDPOINTS = [
  {
    method: "POST",
    path: "/ingest/axis/:identifier",
    spec: "odin",
    summary: "An Axis LPV camera pushes one read (bearer: the integration's ingest token)",
    params: ZAxisIngestParams,
    body: ZAxisLpvEvent,
    response: ZAxisIngestResponse,
    public: true,
  },
  {
    method: "POST",
    path: "/ingest/rekor/:keyId",
    spec: "odin",
    summary: "A Rekor agent's webhook for one key: alpr_group reads are matched against the hotlists",
    params: ZRekorWebhookParams,
    body: ZRekorWebhookBody,
    response: ZRekorWebhookResponse,
    public: true,
  },
] as const satisfies readonly Endpoint[];
