import { z } from "zod";
import type { Endpoint } from "../endpoint";
import { MESSAGES } from "../messages";
import { ZLatitude, ZLongitude } from "../common";
import { ZExportRecord } from "../entities/export-record";

/**
 * The body of POST /export-pdf and POST /export-zip: at least one record and a non-blank
 * justification, with the screen's messages. The size cap keeps one export within what a request
 * may carry; the API's body limit is set to match.
 */
export const ZExportRequest = z.object({
  records: z
    .array(ZExportRecord, { error: MESSAGES.selectAtLeastOneResult })
    .min(1, MESSAGES.selectAtLeastOneResult)
    .max(500),
  justification: z
    .string({ error: MESSAGES.justificationRequired })
    .trim()
    .min(1, MESSAGES.justificationRequired)
    .max(2000),
});
export type TExportRequest = z.infer<typeof ZExportRequest>;

export const ZMapSnapshotRequest = z.object({ latitude: ZLatitude, longitude: ZLongitude });
export type TMapSnapshotRequest = z.infer<typeof ZMapSnapshotRequest>;

export const ZMapSnapshotResponse = z.object({
  map_data_uri: z.string().startsWith("data:image/"),
});
export type TMapSnapshotResponse = z.infer<typeof ZMapSnapshotResponse>;

export const EXPORT_ENDPOINTS = [
  {
    method: "POST",
    path: "/export-pdf",
    spec: "000",
    summary: "PDF report of the selected results; audited with the justification",
    body: ZExportRequest,
    // The spec allows "PDF blob, or JSON with download_url"; Odin always answers the PDF itself.
    response: "binary",
    binaryTypes: ["application/pdf"],
  },
  {
    method: "POST",
    path: "/export-zip",
    spec: "000",
    summary: "ZIP of the selected results with their images; audited with the justification",
    body: ZExportRequest,
    response: "binary",
    binaryTypes: ["application/zip"],
  },
  {
    method: "POST",
    path: "/generate-map-snapshot",
    spec: "000",
    summary: "Static map image of one location for the PDF report",
    body: ZMapSnapshotRequest,
    response: ZMapSnapshotResponse,
  },
] as const satisfies readonly Endpoint[];
