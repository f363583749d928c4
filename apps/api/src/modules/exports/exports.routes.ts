import { pipeline, type Readable, type Transform } from "node:stream";
import { exportFileName, findEndpoint } from "@odin/contract";
import { ZipArchive } from "archiver";
import sharp from "sharp";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { abortOnClose } from "../../lib/abort-on-close";
import { AppError } from "../../lib/app-error";
import { errorResponses } from "../../lib/error-responses";
import type { Config } from "../../config/env";
import { requireAuth } from "../../plugins/authenticate";
import { filePart } from "../../plugins/multipart";
import type { RecordImageDeps } from "../../sources/record-images";
import type { ReverseGeocoder } from "../geocode/reverse-geocoder";
import { ChunkBatcher } from "./chunk-batcher";
import { isoDateIn } from "./export-format";
import { imageWork } from "./image-work";
import type { ExportJob } from "./exports.service";
import type { ExportsService } from "./exports.services";
import { PDF_STATEMENT_TYPE, zipSealStream, type SealStatement } from "./export-seal";
import type { ExportSigners } from "./export-signing";
import { PdfSignStream } from "./pdf-signature";
import { createReportDocument, writePdfReport, type PdfEvidence } from "./pdf-report";
import { PUBLIC_VERIFY_RATE } from "./verify-export.service";
import { writeZipExport } from "./zip-export";

const pdf = findEndpoint("POST", "/export-pdf");
const zip = findEndpoint("POST", "/export-zip");
const snapshot = findEndpoint("POST", "/generate-map-snapshot");
const keysCall = findEndpoint("GET", "/export-keys");
const verifyCall = findEndpoint("POST", "/verify-export");

/** How often expired search snapshots are deleted. */

/** Room for EXPORT_RECORDS_LIMIT records without their data URIs (clients need not send those). */
const EXPORT_BODY_LIMIT = 32 * 1024 * 1024;

const errors = errorResponses(400, 401, 403, 413, 503);

export interface ExportRoutesOptions {
  exports: ExportsService;
  images: RecordImageDeps;
  config: Pick<Config, "exports" | "map" | "geocode" | "publicUrl">;
  /** Shared with GET /geocode/reverse: one cache, one limit on calls to the service. */
  geocoder: ReverseGeocoder;
  /** Odin's export signing keys (loaded on the first export). */
  signer: ExportSigners;
}

/** What the seal of an export states beside the file's SHA-256. */
function sealStatement(job: ExportJob, extra: Record<string, unknown> = {}): SealStatement {
  return {
    export_id: job.exportId,
    exported_at: job.exportedAt.toISOString(),
    user: job.user.username,
    agency: job.agencyName,
    record_count: job.records.length,
    left_out: job.leftOut,
    ...extra,
  };
}

/**
 * Sends the file as it is made. The audit row and every check came before, so a failure from here on
 * can only cut the download short (the client then sees a network error, never half a file as whole).
 */
function streamFile(
  request: FastifyRequest,
  reply: FastifyReply,
  job: ExportJob,
  contentType: string,
  stream: Readable,
  seal: Transform,
  write: (signal: AbortSignal) => Promise<void>,
) {
  const name = exportFileName(job.kind, isoDateIn(job.exportedAt, job.timeZone));
  // Ends the work when the client goes away before the file is complete.
  const signal = abortOnClose(reply, new Error("the client went away"));
  const body = new ChunkBatcher();
  // Errors of either stream end both; the response then closes early (see abortOnClose).
  pipeline(stream, seal, body, () => undefined);
  write(signal).catch((error: unknown) => {
    if (!signal.aborted) request.log.error({ err: error }, `${job.kind} export failed while being sent`);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header("content-type", contentType)
    .header("content-disposition", `attachment; filename="${name}"`)
    .header("cache-control", "no-store")
    .header("x-content-type-options", "nosniff")
    .header("x-odin-export-id", job.exportId)
    .send(body);
}

/**
 * POST /export-pdf, POST /export-zip and POST /generate-map-snapshot (000 §7). Exports are for any
 * signed-in user, audited before anything is made, with pictures fetched again through the sources.
 */
export const exportRoutes: FastifyPluginAsyncZod<ExportRoutesOptions> = async (app, options) => {
  const { config } = options;
  // libvips' operation cache keeps recent results (up to 50 MB) for reuse; every export picture is a
  // new one, so here it only holds memory.
  sharp.cache(false);
  const images: RecordImageDeps = { ...options.images, imageWork };
  const { snapshots } = options.exports;
  const geocoder = options.geocoder;
  const verifyUrl = `${config.publicUrl.replace(/\/+$/, "")}/verify-export`;

  app.post(
    pdf.path,
    { bodyLimit: EXPORT_BODY_LIMIT, schema: { body: pdf.body, response: errors } },
    async (request, reply) => {
      const job = await options.exports.beginExport(requireAuth(request), request.body, "pdf");
      const agency = job.agencyId !== null ? { id: job.agencyId, name: job.agencyName ?? "" } : null;
      const signer = await (await options.signer.current()).pdf(agency);
      const doc = createReportDocument(job);
      const evidence: PdfEvidence[] = [];
      const statement = () =>
        sealStatement(job, { typ: PDF_STATEMENT_TYPE, kind: "pdf", key_id: signer.kid, records: evidence });
      return streamFile(
        request,
        reply,
        job,
        "application/pdf",
        doc,
        new PdfSignStream(async () => signer),
        (signal) =>
          writePdfReport(
            doc,
            job,
            { images, snapshots, geocoder, log: request.log, evidence, signer, statement, verifyUrl },
            signal,
          ),
      );
    },
  );

  app.post(
    zip.path,
    { bodyLimit: EXPORT_BODY_LIMIT, schema: { body: zip.body, response: errors } },
    async (request, reply) => {
      const job = await options.exports.beginExport(requireAuth(request), request.body, "zip");
      const signer = await options.signer.current();
      const archive = new ZipArchive({ zlib: { level: 6 } });
      archive.on("warning", (warning) => request.log.warn({ err: warning }, "zip export warning"));
      const seal = zipSealStream(
        (payload) => signer.sign(payload),
        () => sealStatement(job, { key_id: signer.kid }),
      );
      return streamFile(request, reply, job, "application/zip", archive, seal, (signal) =>
        writeZipExport(archive, job, { images, log: request.log, signer }, signal),
      );
    },
  );

  app.post(
    snapshot.path,
    { schema: { body: snapshot.body, response: { 200: snapshot.response, ...errors } } },
    async (request) => {
      requireAuth(request);
      const { image } = await snapshots.render(request.body.latitude, request.body.longitude, "png");
      return { map_data_uri: `data:image/png;base64,${image.toString("base64")}` };
    },
  );

  // Every key is made at start-up, not awaited: a database still starting must not hold up the server
  // (GET /export-keys checks again).
  let starting: Promise<void> | undefined;
  app.addHook("onReady", () => {
    starting = options.signer
      .ensurePublished()
      .catch((error: unknown) => app.log.warn({ err: error }, "export keys could not be made at start-up"));
  });
  app.addHook("onClose", async () => {
    await starting;
  });

  // The public keys of export signatures: anyone holding a report may check it without Odin's help.
  app.get(keysCall.path, { schema: { response: { 200: keysCall.response } } }, async (_request, reply) => {
    await options.signer.ensurePublished();
    reply.header("cache-control", "public, max-age=300");
    return { keys: await options.exports.loadExportKeys() };
  });

  // Open to anyone holding an export (issue 40 item 7: court staff, defence): no token, limited per
  // address, audited as an anonymous check (verify-export.service.ts).
  app.post(
    verifyCall.path,
    {
      schema: {
        body: verifyCall.body,
        response: { 200: verifyCall.response, ...errorResponses(400, 413, 415, 429, 503) },
      },
      config: { rateLimit: PUBLIC_VERIFY_RATE },
    },
    async (request) => {
      const file = filePart(request.body, "file");
      if (!file)
        throw new AppError("VALIDATION_FAILED", "Choose an exported PDF or ZIP file to check.", [
          { path: "file", message: "A file is required." },
        ]);
      return options.exports.verifyUploadedExport(file, { ip: request.ip, requestId: request.id });
    },
  );
};
