import type { Config } from "../../config/env";
import { bindServices } from "../../lib/bind-services";
import type { Database } from "../../lib/database";
import { loadExportKeys } from "./export-signing";
import { beginExport, type BeginExportDeps } from "./exports.service";
import { createMapSnapshots, type MapSnapshotOptions } from "./map-snapshot";
import type { RecordRefs } from "./record-refs";
import { verifyUploadedExport } from "./verify-export.service";

export interface ExportsServiceOptions {
  database: Database;
  config: Pick<Config, "exports" | "map" | "geocode" | "publicUrl">;
  /** The record references search results carry; exports are made only from them. */
  refs: RecordRefs;
  log: MapSnapshotOptions["log"];
  /** The hotlist groups of the caller's agency each record is on (BeginExportDeps.hotlistHits). */
  hotlistHits?: BeginExportDeps["hotlistHits"];
}

/**
 * What the export routes receive (issue 39 item 2): the rules every export passes before a byte is made
 * (beginExport), the published signing keys, and the map snapshots of the reports (one cache of tiles
 * and pictures per process).
 */
export function exportsServiceFactory({ database, config, refs, log, hotlistHits }: ExportsServiceOptions) {
  const begin: BeginExportDeps = {
    prisma: database,
    maxRecords: config.exports.maxRecords,
    timeZone: config.exports.timeZone,
    refs,
    ...(hotlistHits ? { hotlistHits } : {}),
  };
  return {
    ...bindServices(begin, { beginExport }),
    loadExportKeys: () => loadExportKeys(database),
    verifyUploadedExport: (file: Buffer, from: { ip: string; requestId: string }) =>
      verifyUploadedExport({ prisma: database, unzipTimeoutMs: config.exports.verifyTimeoutMs }, file, from),
    snapshots: createMapSnapshots({
      tileUrl: config.map.lightTileUrl,
      maxZoom: config.map.maxZoom,
      attribution: config.map.attribution,
      publicUrl: config.publicUrl,
      userAgent: config.geocode.userAgent,
      log,
    }),
  };
}
export type ExportsService = ReturnType<typeof exportsServiceFactory>;
