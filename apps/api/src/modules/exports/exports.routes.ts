import { pipeline, type Readable } from "node:stream";
import { exportFileName, findEndpoint } from "@odin/contract";
import { ZipArchive } from "archiver";
import sharp from "sharp";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { abortOnClose } from "../../lib/abort-on-close";
import { errorResponses } from "../../lib/error-responses";
import type { Config } from "../../config/env";
import { requireAuth } from "../../plugins/auth";
import type { RecordImageDeps } from "../../sources/record-images";
import type { ReverseGeocoder } from "../geocode/reverse-geocoder";
import { ChunkBatcher } from "./chunk-batcher";
import { isoDateIn } from "./export-format";
import { imageWork } from "./image-work";
import { beginExport, type ExportJob } from "./exports.service";
import { createMapSnapshots } from "./map-snapshot";
import { createReportDocument, writePdfReport } from "./pdf-report";
import { writeZipExport } from "./zip-export";

const pdf = findEndpoint("POST", "/export-pdf");
const zip = findEndpoint("POST", "/export-zip");
const snapshot = findEndpoint("POST", "/generate-map-snapshot");

/** Room for EXPORT_RECORDS_LIMIT records without their data URIs (clients need not send those). */
const EXPORT_BODY_LIMIT = 32 * 1024 * 1024;

const errors = errorResponses(400, 401, 403, 413, 503);

export interface ExportRoutesOptions {
  images: RecordImageDeps;
  config: Pick<Config, "exports" | "map" | "geocode" | "publicUrl">;
  /** Shared with GET /geocode/reverse: one cache, one limit on calls to the service. */
  geocoder: ReverseGeocoder;
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
  write: (signal: AbortSignal) => Promise<void>,
) {
  const name = exportFileName(job.kind, isoDateIn(job.exportedAt, job.timeZone));
  // Ends the work when the client goes away before the file is complete.
  const signal = abortOnClose(reply, new Error("the client went away"));
  const body = new ChunkBatcher();
  // Errors of either stream end both; the response then closes early (see abortOnClose).
  pipeline(stream, body, () => undefined);
  write(signal).catch((error: unknown) => {
    if (!signal.aborted) request.log.error({ err: error }, `${job.kind} export failed while being sent`);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header("content-type", contentType)
    .header("content-disposition", `attachment; filename="${name}"`)
    .header("cache-control", "no-store")
    .header("x-content-type-options", "nosniff")
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
  const snapshots = createMapSnapshots({
    tileUrl: config.map.lightTileUrl,
    maxZoom: config.map.maxZoom,
    attribution: config.map.attribution,
    publicUrl: config.publicUrl,
    userAgent: config.geocode.userAgent,
    log: app.log,
  });
  const geocoder = options.geocoder;
  const begin = {
    prisma: app.prisma,
    maxRecords: config.exports.maxRecords,
    timeZone: config.exports.timeZone,
  };

  app.post(
    pdf.path,
    { bodyLimit: EXPORT_BODY_LIMIT, schema: { body: pdf.body, response: errors } },
    async (request, reply) => {
      const job = await beginExport(begin, requireAuth(request), request.body, "pdf");
      const doc = createReportDocument(job);
      return streamFile(request, reply, job, "application/pdf", doc, (signal) =>
        writePdfReport(doc, job, { images, snapshots, geocoder, log: request.log }, signal),
      );
    },
  );

  app.post(
    zip.path,
    { bodyLimit: EXPORT_BODY_LIMIT, schema: { body: zip.body, response: errors } },
    async (request, reply) => {
      const job = await beginExport(begin, requireAuth(request), request.body, "zip");
      const archive = new ZipArchive({ zlib: { level: 6 } });
      archive.on("warning", (warning) => request.log.warn({ err: warning }, "zip export warning"));
      return streamFile(request, reply, job, "application/zip", archive, (signal) =>
        writeZipExport(archive, job, { images, log: request.log }, signal),
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
};
