import { z } from "zod";
import type { Endpoint } from "../endpoint";
import { MESSAGES } from "../messages";
import { ZLatitude, ZLongitude } from "../common";
import { ZExportRecord } from "../entities/export-record";
import { ZCaseFields } from "../entities/case-fields";

/**
 * The most records any export may hold, whatever the configuration: what one request may carry (the
 * API's body limit is set to match). The API's EXPORT_MAX_RECORDS (default 500) is the cap users meet.
 */
export const EXPORT_RECORDS_LIMIT = 5000;

/**
 * The body of POST /export-pdf and POST /export-zip: at least one record and a non-blank
 * justification, with the screen's messages. Clients need not send the data URIs: the server makes
 * every picture and map itself.
 */
export const ZExportRequest = z.object({
  records: z
    .array(ZExportRecord, { error: MESSAGES.selectAtLeastOneResult })
    .min(1, MESSAGES.selectAtLeastOneResult)
    .max(EXPORT_RECORDS_LIMIT, MESSAGES.exportTooManyRecords(EXPORT_RECORDS_LIMIT)),
  justification: z
    .string({ error: MESSAGES.justificationRequired })
    .trim()
    .min(1, MESSAGES.justificationRequired)
    .max(2000),
  // Odin's own (issue 23): the case number and offense category the export is made for.
  ...ZCaseFields.shape,
});
export type TExportRequest = z.infer<typeof ZExportRequest>;

export const ZMapSnapshotRequest = z.object({ latitude: ZLatitude, longitude: ZLongitude });
export type TMapSnapshotRequest = z.infer<typeof ZMapSnapshotRequest>;

export const ZMapSnapshotResponse = z.object({
  map_data_uri: z.string().startsWith("data:image/"),
});
export type TMapSnapshotResponse = z.infer<typeof ZMapSnapshotResponse>;

/** An Ed25519 public key of Odin's export seals (a JWK: kty OKP, crv Ed25519). */
export const ZExportSealKey = z.object({
  kid: z.string(),
  kty: z.literal("OKP"),
  crv: z.literal("Ed25519"),
  x: z.string(),
  alg: z.literal("EdDSA"),
  use: z.literal("sig"),
});
/**
 * Issue 38: an ECDSA P-256 public key of PDF signatures (a JWK), with its self-signed certificate
 * (x5c: base64 DER) naming the agency it signs for (null: the installation's).
 */
export const ZExportPdfKey = z.object({
  kid: z.string(),
  kty: z.literal("EC"),
  crv: z.literal("P-256"),
  x: z.string(),
  y: z.string(),
  alg: z.literal("ES256"),
  use: z.literal("sig"),
  x5c: z.array(z.string()).min(1),
  agency: z.string().nullable(),
});
/** A public key of Odin's export signatures. */
export const ZExportKey = z.discriminatedUnion("kty", [ZExportSealKey, ZExportPdfKey]);
export const ZExportKeysResponse = z.object({ keys: z.array(ZExportKey) });
export type TExportKeysResponse = z.infer<typeof ZExportKeysResponse>;

/** What a check of an exported file found (POST /verify-export, `odin verify-export`). */
export const ZExportVerification = z.object({
  valid: z.boolean(),
  /** "pdf" or "zip" when the file was recognised. */
  kind: z.enum(["pdf", "zip"]).nullable(),
  /** Why the file is not valid (empty when it is). */
  problems: z.array(z.string()),
  /** What the signature covers, when a signature was found and checked. */
  export_id: z.string().nullable(),
  exported_at: z.string().nullable(),
  key_id: z.string().nullable(),
  user: z.string().nullable(),
  agency: z.string().nullable(),
  record_count: z.number().int().nullable(),
  records: z.array(
    z.object({ id: z.string(), source: z.string(), plate: z.string(), timestamp: z.string().nullable() }),
  ),
  files: z.number().int().nullable(),
  /** Issue 38: who signed a PDF, as its certificate names them (absent for ZIPs and old PDFs). */
  signed_by: z.string().nullable().optional(),
});
export type TExportVerification = z.infer<typeof ZExportVerification>;

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
  {
    method: "GET",
    path: "/export-keys",
    spec: "odin",
    summary: "Public keys (JWKS) of the Ed25519 signatures on exported reports and archives",
    response: ZExportKeysResponse,
    public: true,
  },
  {
    method: "POST",
    path: "/verify-export",
    spec: "odin",
    summary: "Checks an exported PDF or ZIP (multipart `file`): signature, export id and file hashes",
    body: z.looseObject({}),
    contentType: "multipart",
    files: ["file"],
    response: ZExportVerification,
    // Issue 40 item 7: anyone holding an exported file may check it (rate limited, audited anonymously).
    public: true,
  },
] as const satisfies readonly Endpoint[];
