import { z } from "zod";
import { ZImageDataUri } from "../common";
import { ZSearchResult } from "./detection";

/**
 * A selected result as the export calls receive it (000 section 3): the result's fields plus what
 * the client prepared. The server trusts none of the image data for the ZIP: it fetches images again
 * through the source adapters from the per-source references (image_uuid, image_path, axis_path...).
 */
export const ZExportRecord = ZSearchResult.extend({
  address: z.string().max(500).nullish(),
  map_data_uri: ZImageDataUri.nullish(),
  vehicle_image_data_uri: ZImageDataUri.nullish(),
  plate_crop_data_uri: ZImageDataUri.nullish(),
});
export type TExportRecord = z.infer<typeof ZExportRecord>;
