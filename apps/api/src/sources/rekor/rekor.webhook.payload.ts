import { z } from "zod";
import { ZRekorInstant, ZRekorNumber } from "./rekor.payload";

/**
 * What a Rekor (OpenALPR) agent POSTs to a webhook: `alpr_group` (one vehicle pass), `alpr_results`
 * (one video frame) and `heartbeat` (once a minute). The vendor's documented examples differ between
 * agent versions and between cloud and on-premises set-ups (docs/vendors/rekor.md, fixtures in
 * test/fixtures/rekor/): older agents send `site_id` and no `agent_uid`, newer ones the reverse, some
 * send `best_region` and some only `best_plate.region`. So only what a read cannot do without is
 * required, and every object is loose: fields Odin does not read pass through untouched.
 */
const label = z.string().max(200).nullish();
/** Agents' ids are numbers or text (`site_id` is a name in old agents); Odin keys them as text. */
const vendorId = z
  .union([z.number(), z.string().trim().min(1).max(200)])
  .transform(String)
  .nullish();
/** A number in agents' payloads; kept as text, as Odin's rekor_cameras rows key it. */
const cameraId = z
  .union([z.number().int(), z.string().trim().min(1).max(64)])
  .transform(String)
  .nullish();
const coordinate = ZRekorNumber.nullish().catch(null);
/** The plate crop, base64; a placeholder or an empty string is simply not a picture. */
const plateCrop = z.string().max(2_000_000).nullish();

/**
 * The OCR candidates an agent lists beside its best read (`candidates[{plate, confidence,
 * matches_template}]`, best first). One unreadable entry is dropped, an unreadable list is no list:
 * candidates only widen lenient matching, so a read is never refused for them.
 */
const ZRekorCandidate = z.looseObject({
  plate: z.string().trim().min(1).max(20),
  confidence: ZRekorNumber.nullish().catch(null),
});
const candidates = z
  .array(z.unknown())
  .max(1000)
  .transform((entries) =>
    entries.flatMap((entry) => {
      const parsed = ZRekorCandidate.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
  )
  .nullish()
  .catch(null);
export type TRekorCandidate = z.infer<typeof ZRekorCandidate>;

/** Who sent it: the agent, else the company and site (old agents), and the camera. */
const ZRekorOrigin = {
  agent_uid: z.string().trim().min(1).max(200).nullish(),
  company_id: vendorId,
  site_id: vendorId,
  camera_id: cameraId,
};

export const ZRekorAlprGroup = z.looseObject({
  data_type: z.literal("alpr_group"),
  ...ZRekorOrigin,
  epoch_start: ZRekorInstant,
  best_uuid: z.string().trim().min(1).max(200),
  best_plate_number: z.string().trim().min(1).max(20),
  best_region: label,
  uuids: z.array(z.string().max(200)).max(1000).nullish(),
  gps_latitude: coordinate,
  gps_longitude: coordinate,
  candidates,
  best_plate: z.looseObject({ region: label, plate_crop_jpeg: plateCrop, candidates }).nullish(),
  web_server_config: z.looseObject({ camera_label: label, agent_label: label }).nullish(),
});
export type TRekorAlprGroup = z.infer<typeof ZRekorAlprGroup>;

/** One plate found in one frame (`alpr_results.results[]`). */
const ZRekorFramePlate = z.looseObject({
  plate: z.string().trim().max(20),
  region: label,
  plate_crop_jpeg: plateCrop,
  candidates,
});

export const ZRekorAlprResults = z.looseObject({
  data_type: z.literal("alpr_results"),
  ...ZRekorOrigin,
  /** The frame's id; group `uuids` list the frames that make up a vehicle pass. */
  uuid: z.string().trim().min(1).max(200),
  epoch_time: ZRekorInstant,
  results: z.array(ZRekorFramePlate).max(100),
  gps_latitude: coordinate,
  gps_longitude: coordinate,
});
export type TRekorAlprResults = z.infer<typeof ZRekorAlprResults>;

export const ZRekorHeartbeat = z.looseObject({
  data_type: z.literal("heartbeat"),
  ...ZRekorOrigin,
  timestamp: ZRekorInstant.nullish().catch(null),
  video_streams: z
    .array(z.looseObject({ camera_id: cameraId, camera_name: label }))
    .max(1000)
    .nullish()
    .catch(null),
});
export type TRekorHeartbeat = z.infer<typeof ZRekorHeartbeat>;
