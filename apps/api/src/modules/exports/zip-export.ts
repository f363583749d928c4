import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { TExportRecord } from "@odin/contract";
import type { ZipArchive } from "archiver";
import { loadRecordImages, type ExportLog, type RecordImageDeps } from "../../sources/record-images";
import type { VendorImage } from "../../lib/vendor-http";
import { csvLine } from "./export-csv";
import {
  bodyTypeLabel,
  formatTimestamp,
  givenAddress,
  hotlistsLine,
  safeFileName,
  sourceLabel,
} from "./export-format";
import type { ExportJob } from "./exports.service";
import { MANIFEST_FORMAT } from "./export-seal";
import { mapInOrder } from "./map-in-order";

/**
 * The ZIP export (archiver), streamed as it is made: per record a folder `NNNN-PLATE/` with the
 * pictures as the source sent them (byte for byte, so their SHA-256 is the vendor's picture's) and
 * record.json; then records.csv and, last, manifest.json with the size and SHA-256 of every file.
 * Each file goes in as a stream and the next waits until archiver has taken it, so a slow reader
 * holds back the making of the archive: memory depends on a couple of records, never on how many.
 */
export interface ZipExportDeps {
  images: RecordImageDeps;
  log: ExportLog;
  /** Signs the manifest (Ed25519 JWS; export-signing.ts). */
  signer: { kid: string; sign(payload: object): Promise<string> };
}

/** Records whose pictures are fetched at once (the archive is still written in order). */
const FETCH_AHEAD = 2;

const EXTENSIONS: Record<VendorImage["contentType"], string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

/** Fields a ZIP leaves out: the screen's picture copies, and Odin's own image handles and proxy paths. */
const LEFT_OUT = [
  "map_data_uri",
  "vehicle_image_data_uri",
  "plate_crop_data_uri",
  "api_key",
  "rekor_api_key",
  "vehicle_image_src",
  "plate_image_src",
  "ref",
] as const;

export const CSV_HEADER = [
  "record",
  "folder",
  "id",
  "source",
  "plate",
  "plate_state",
  "make",
  "color",
  "body_type",
  "agency",
  "camera_name",
  "timestamp_utc",
  "timestamp_local",
  "latitude",
  "longitude",
  "address",
  "vehicle_image",
  "plate_image",
  // Odin's addition (issue 40 item 1): the agency's hotlist groups the plate was on at export time.
  "hotlists",
] as const;

interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}

interface Fetched {
  record: TExportRecord;
  index: number;
  vehicle: VendorImage | null;
  plate: VendorImage | null;
  plateCropped: boolean;
  missing: string[];
}

export async function writeZipExport(
  archive: ZipArchive,
  job: ExportJob,
  deps: ZipExportDeps,
  signal: AbortSignal,
): Promise<void> {
  const files: ManifestFile[] = [];
  const missing: { record: string; id: string; images: string[] }[] = [];
  const csv: string[] = [csvLine(CSV_HEADER)];
  const records: { folder: string; id: string; source: string; plate: string; timestamp: string }[] = [];
  const date = job.exportedAt;

  const add = async (path: string, body: Buffer, store = false) => {
    files.push({ path, size: body.length, sha256: createHash("sha256").update(body).digest("hex") });
    await appendEntry(archive, path, body, { store, date }, signal);
  };

  const fetch = async (record: TExportRecord, index: number): Promise<Fetched> => ({
    record,
    index,
    ...(await loadRecordImages(deps.images, job.scope, record, signal, deps.log)),
  });
  for await (const fetched of mapInOrder(job.records, FETCH_AHEAD, fetch)) {
    signal.throwIfAborted();
    const { record, index } = fetched;
    const folder = `${String(index + 1).padStart(4, "0")}-${safeFileName(record.plate)}`;
    // Pictures are compressed already: stored as they are, not deflated again.
    const vehicle = fetched.vehicle ? `${folder}/vehicle.${EXTENSIONS[fetched.vehicle.contentType]}` : null;
    const plate = fetched.plate ? `${folder}/plate.${EXTENSIONS[fetched.plate.contentType]}` : null;
    if (vehicle) await add(vehicle, fetched.vehicle!.body, true);
    if (plate) await add(plate, fetched.plate!.body, true);
    await add(
      `${folder}/record.json`,
      Buffer.from(JSON.stringify(recordJson(fetched, job, vehicle, plate), null, 2)),
    );
    if (fetched.missing.length) missing.push({ record: folder, id: record.id, images: fetched.missing });
    records.push({
      folder,
      id: record.id,
      source: record.source_program,
      plate: record.plate,
      timestamp: record.timestamp,
    });
    csv.push(
      csvLine([
        index + 1,
        folder,
        record.id,
        sourceLabel(record),
        record.plate,
        record.plate_state,
        record.make,
        record.color,
        bodyTypeLabel(record.body_type),
        record.agency,
        record.camera_name,
        record.timestamp,
        formatTimestamp(record.timestamp, job.timeZone),
        record.latitude,
        record.longitude,
        givenAddress(record),
        vehicle,
        plate,
        hotlistsLine(record),
      ]),
    );
  }

  await add("records.csv", Buffer.from(csv.join("")));
  // What the manifest states is signed as it is written: `signature` is a JWS of the rest of it.
  const statement = {
    format: MANIFEST_FORMAT,
    export_id: job.exportId,
    exported_at: job.exportedAt.toISOString(),
    exported_at_local: formatTimestamp(job.exportedAt, job.timeZone),
    time_zone: job.timeZone,
    user: job.user,
    agency: job.agencyName,
    justification: job.justification,
    record_count: job.records.length,
    note:
      "Every file of this archive but manifest.json itself is listed with its size in bytes and SHA-256. " +
      "`signature` is an Ed25519 JWS (key `key_id`, published at GET /export-keys) whose payload is this " +
      "manifest without `signature`; the archive comment seals the whole file. Check with `odin verify-export`.",
    key_id: deps.signer.kid,
    records,
    left_out: job.leftOut,
    files,
    missing,
  };
  const manifest = { ...statement, signature: await deps.signer.sign(statement) };
  await appendEntry(
    archive,
    "manifest.json",
    Buffer.from(JSON.stringify(manifest, null, 2)),
    { date },
    signal,
  );
  await archive.finalize();
}

function recordJson(fetched: Fetched, job: ExportJob, vehicle: string | null, plate: string | null) {
  const fields: Record<string, unknown> = { ...fetched.record };
  for (const key of LEFT_OUT) delete fields[key];
  return {
    ...fields,
    address: givenAddress(fetched.record),
    source_label: sourceLabel(fetched.record),
    body_type_label: bodyTypeLabel(fetched.record.body_type),
    timestamp_local: formatTimestamp(fetched.record.timestamp, job.timeZone),
    files: {
      vehicle_image: vehicle?.split("/").pop() ?? null,
      plate_image: plate?.split("/").pop() ?? null,
      // Rekor sends no plate picture: Odin cuts it from the vehicle picture (plate corners + 8%).
      plate_image_cut_from_vehicle_image: fetched.plateCropped,
    },
    missing_images: fetched.missing,
  };
}

/**
 * Hands one file to archiver and resolves once archiver has written it into the archive. The file
 * goes in as a stream, so archiver reads it only as fast as the archive is read downstream.
 */
function appendEntry(
  archive: ZipArchive,
  name: string,
  body: Buffer,
  options: { store?: boolean; date: Date },
  signal: AbortSignal,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = (error?: unknown) => {
      archive.off("entry", onEntry);
      archive.off("error", done);
      signal.removeEventListener("abort", onAbort);
      if (error) reject(error instanceof Error ? error : new Error("the archive failed"));
      else resolve();
    };
    const onEntry = (entry: { name: string }) => {
      if (entry.name === name) done();
    };
    const onAbort = () => done(signal.reason ?? new Error("aborted"));
    if (signal.aborted) return onAbort();
    archive.on("entry", onEntry);
    archive.on("error", done);
    signal.addEventListener("abort", onAbort, { once: true });
    archive.append(Readable.from([body], { objectMode: false }), {
      name,
      date: options.date,
      store: options.store ?? false,
    });
  });
}
