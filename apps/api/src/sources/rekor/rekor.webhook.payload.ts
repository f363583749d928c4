import { z } from "zod";
import { ZRekorInstant, ZRekorNumber } from "./rekor.payload";

/**
 * The `alpr_group` JSON a Rekor agent POSTs to a webhook for one vehicle pass (docs/vendors/rekor.md).
 * Only what the mapper reads is checked; the many other fields an agent sends pass unread. Webhook
 * numbers are numbers (unlike the search API's decimal strings), but a lenient reader takes both.
 */
const label = z.string().max(200).nullish();

export const ZRekorAlprGroup = z.looseObject({
  data_type: z.literal("alpr_group"),
  agent_uid: z.string().trim().min(1).max(200),
  /** A number in agents' payloads; kept as text, as Odin's rekor_cameras rows key it. */
  camera_id: z
    .union([z.number().int(), z.string().trim().min(1).max(64)])
    .transform(String)
    .nullish(),
  epoch_start: ZRekorInstant,
  best_uuid: z.string().trim().min(1).max(200),
  best_plate_number: z.string().trim().min(1).max(20),
  best_region: label,
  gps_latitude: ZRekorNumber.nullish(),
  gps_longitude: ZRekorNumber.nullish(),
  best_plate: z
    .looseObject({
      region: label,
      /** The plate crop, base64 JPEG; empty when the agent sends none. */
      plate_crop_jpeg: z.string().max(2_000_000).nullish(),
    })
    .nullish(),
  web_server_config: z.looseObject({ camera_label: label, agent_label: label }).nullish(),
});
export type TRekorAlprGroup = z.infer<typeof ZRekorAlprGroup>;
