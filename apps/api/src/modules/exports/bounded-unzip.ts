import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { EXPORT_RECORDS_LIMIT } from "@odin/contract";
import PQueue from "p-queue";

/**
 * Reading an uploaded ZIP without letting it take the server (issue 36, F15): a "verify this export"
 * upload is any signed-in user's file, and a ZIP of 1 MB can inflate to gigabytes. So:
 * 1. its central directory is read first (cheap) and refused, before any byte is inflated, when it
 *    holds more entries, bigger entries or more in all than an export of Odin's can (ZIP_LIMITS);
 * 2. the entries are inflated one at a time in a worker thread, never on the event loop, each as a
 *    stream stopped the moment it passes the size its directory declares (refused: no export's entry
 *    does that), and hashed there; manifest.json is parsed there too and refused when it lists more
 *    files or records than an export can; only sizes, hashes and the manifest's fields come back;
 * 3. at most VERIFY_WORKERS checks run at once (the others wait their turn), and a worker is stopped
 *    after `timeoutMs`.
 */
export const ZIP_LIMITS = {
  /** An export holds per record its pictures (2) and record.json, then records.csv and manifest.json. */
  entries: 3 * EXPORT_RECORDS_LIMIT + 10,
  /** The largest file an export writes is records.csv or manifest.json of 5,000 records (~3 MB). */
  entryBytes: 32 * 1024 * 1024,
  /**
   * What the deflated files (JSON, CSV) may inflate to in all; pictures are stored as they are, so a
   * large export (the command line has no upload limit) is mostly bytes the file holds already.
   * 5,000 records write about 20 MB of JSON and CSV.
   */
  totalBytes: 128 * 1024 * 1024,
  /** JSON and CSV deflate 3 to 20 times; a deflated entry past 1 MB that claims more is no export's. */
  ratio: 100,
} as const;

/** Checks that may inflate at once: a burst of uploads leaves a core to the event loop. */
const VERIFY_WORKERS = Math.max(1, availableParallelism() - 1);
const checks = new PQueue({ concurrency: VERIFY_WORKERS });

export class ArchiveRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveRefusedError";
  }
}

/** An entry as the central directory lists it (PKWARE APPNOTE 4.3.12). */
interface DirectoryEntry {
  name: string;
  /** 0 stored, 8 deflated: all archiver writes. */
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** What the worker found of an entry: its size and SHA-256, or that it could not be unpacked. */
export type UnpackedEntry = { size: number; sha256: string } | { damaged: true };

/** manifest.json as the worker read it: no longer than an export's, its fields of the right types. */
export type ManifestSummary =
  | { unreadable: true }
  | {
      signature: string | null;
      /** The manifest without its signature, as JSON: what the signature must be over. */
      statementJson: string;
      exportId: unknown;
      files: { path: string; size: number; sha256: string }[];
      records: { id: string; source: string; plate: string; timestamp: string | null }[];
    };

export interface UnpackedArchive {
  entries: Record<string, UnpackedEntry>;
  /** manifest.json, when the archive has one that could be unpacked. */
  manifest: ManifestSummary | null;
}

const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const sizeOf = (bytes: number) => (bytes < 1024 * 1024 ? `${bytes} bytes` : MB(bytes));
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const unreadable = () => new ArchiveRefusedError("The archive cannot be read.");

/**
 * The central directory, refused as soon as it shows an archive no export of Odin's could be. Read
 * here rather than with fflate, which does not tell where an entry's data starts.
 */
export function readZipDirectory(file: Buffer, limits = ZIP_LIMITS): DirectoryEntry[] {
  // The end record is the last 22 bytes before the archive comment (at most 64 kB): the seal.
  const eocd = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > file.length || file.readUInt32LE(eocd) !== EOCD) throw unreadable();
  const count = file.readUInt16LE(eocd + 10);
  const directoryEnd = file.readUInt32LE(eocd + 16) + file.readUInt32LE(eocd + 12);
  if (count === 0xffff || file.readUInt32LE(eocd + 16) === 0xffffffff)
    throw new ArchiveRefusedError("The archive is a ZIP64 archive: no export of Odin's is.");
  if (count > limits.entries) throw tooMany(limits);
  const entries: DirectoryEntry[] = [];
  let total = 0;
  let at = file.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    if (at + 46 > Math.min(directoryEnd, eocd) || file.readUInt32LE(at) !== CENTRAL) throw unreadable();
    const nameLength = file.readUInt16LE(at + 28);
    const entry: DirectoryEntry = {
      name: file.toString("utf8", at + 46, at + 46 + nameLength),
      method: file.readUInt16LE(at + 10),
      compressedSize: file.readUInt32LE(at + 20),
      size: file.readUInt32LE(at + 24),
      localOffset: file.readUInt32LE(at + 42),
    };
    if (file.readUInt16LE(at + 8) & 1)
      throw new ArchiveRefusedError(`${entry.name} is encrypted: no file of an Odin export is.`);
    if (entry.size > limits.entryBytes)
      throw new ArchiveRefusedError(
        `${entry.name} would unpack to ${MB(entry.size)}: no file of an Odin export is larger than ${MB(limits.entryBytes)}.`,
      );
    // Stored entries are bytes the file holds already: only what is inflated counts.
    if (entry.method !== 0) total += entry.size;
    if (total > limits.totalBytes)
      throw new ArchiveRefusedError(
        `The archive would unpack to more than ${MB(limits.totalBytes)}: no Odin export does.`,
      );
    if (entry.method !== 0 && entry.size > 1024 * 1024 && entry.size > entry.compressedSize * limits.ratio)
      throw new ArchiveRefusedError(
        `${entry.name} is compressed more than ${limits.ratio} times: no file of an Odin export is.`,
      );
    entries.push(entry);
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return entries;
}

const tooMany = (limits: typeof ZIP_LIMITS) =>
  new ArchiveRefusedError(
    `The archive holds more than ${limits.entries.toLocaleString("en-US")} files: no export of Odin's holds that many.`,
  );

/**
 * The worker's whole program (built-in modules only, so it runs the same from a checkout, the bundle
 * or an installed Odin). Each entry is inflated with zlib's maxOutputLength set to its declared size:
 * zlib stops at the first chunk past it. Answers { entries, manifest }, { overflow: name } or
 * { tooMany, count }.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { inflateRawSync } = require("node:zlib");
const { createHash } = require("node:crypto");
function unpack(file, directory) {
  const entries = {};
  let manifest = null;
  for (const entry of directory) {
    const at = entry.localOffset;
    let body = null;
    if (at + 30 <= file.length && file.readUInt32LE(at) === 0x04034b50) {
      const start = at + 30 + file.readUInt16LE(at + 26) + file.readUInt16LE(at + 28);
      const data = file.subarray(start, start + entry.compressedSize);
      if (data.length === entry.compressedSize) {
        if (entry.method === 0) body = data;
        else if (entry.method === 8) {
          try {
            body = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) });
          } catch (error) {
            if (error && error.code === "ERR_BUFFER_TOO_LARGE") return { overflow: entry.name };
          }
        }
      }
    }
    if (body === null || body.length !== entry.size) {
      entries[entry.name] = { damaged: true };
      continue;
    }
    entries[entry.name] = { size: body.length, sha256: createHash("sha256").update(body).digest("hex") };
    if (entry.name === "manifest.json") manifest = body;
  }
  if (manifest === null) return { entries, manifest };
  const read = readManifest(manifest.toString("utf8"));
  return "tooMany" in read ? read : { entries, manifest: read };
}
const text = (value) => (typeof value === "string" ? value : null);
function readManifest(json) {
  let manifest;
  try {
    manifest = JSON.parse(json);
  } catch {
    return { unreadable: true };
  }
  if (!manifest || typeof manifest !== "object" || Array.isArray(manifest)) return { unreadable: true };
  const { signature, ...statement } = manifest;
  const files = Array.isArray(statement.files) ? statement.files : [];
  const records = Array.isArray(statement.records) ? statement.records : [];
  if (files.length > workerData.limits.entries) return { tooMany: "files", count: files.length };
  if (records.length > workerData.limits.records) return { tooMany: "records", count: records.length };
  const field = (item, name) => (item && typeof item === "object" ? item[name] : undefined);
  return {
    signature: text(signature),
    statementJson: JSON.stringify(statement),
    exportId: typeof statement.export_id === "string" ? statement.export_id : null,
    files: files.map((file) => ({
      path: String(text(field(file, "path")) ?? ""),
      size: Number(field(file, "size")),
      sha256: String(text(field(file, "sha256")) ?? ""),
    })),
    records: records.map((record) => ({
      id: text(field(record, "id")) ?? "",
      source: text(field(record, "source")) ?? "",
      plate: text(field(record, "plate")) ?? "",
      timestamp: text(field(record, "timestamp")),
    })),
  };
}
parentPort.postMessage(unpack(Buffer.from(workerData.file), workerData.directory));`;

type WorkerAnswer = UnpackedArchive | { overflow: string } | { tooMany: "files" | "records"; count: number };

/**
 * The entries of an uploaded ZIP, unpacked off the event loop within ZIP_LIMITS and `timeoutMs`:
 * their sizes and SHA-256, and manifest.json. Throws ArchiveRefusedError with a sentence a person
 * understands when the archive is refused.
 */
export async function unzipBounded(
  file: Buffer,
  { timeoutMs, limits = ZIP_LIMITS }: { timeoutMs: number; limits?: typeof ZIP_LIMITS },
): Promise<UnpackedArchive> {
  const directory = readZipDirectory(file, limits);
  const declared = new Map(directory.map((entry) => [entry.name, entry.size]));
  const answer = await checks.add(() => runWorker(file, directory, timeoutMs, limits));
  if ("overflow" in answer)
    throw new ArchiveRefusedError(
      `${answer.overflow} unpacks to more than the ${sizeOf(declared.get(answer.overflow) ?? 0)} the archive declares for it: no file of an Odin export does.`,
    );
  if ("tooMany" in answer) {
    const most = answer.tooMany === "files" ? limits.entries : EXPORT_RECORDS_LIMIT;
    throw new ArchiveRefusedError(
      `manifest.json lists ${answer.count.toLocaleString("en-US")} ${answer.tooMany}: no export of Odin's lists more than ${most.toLocaleString("en-US")}.`,
    );
  }
  return answer;
}

async function runWorker(
  file: Buffer,
  directory: DirectoryEntry[],
  timeoutMs: number,
  limits: typeof ZIP_LIMITS,
): Promise<WorkerAnswer> {
  const copy = new Uint8Array(file); // the worker takes this copy's memory; the caller keeps its file
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file: copy.buffer,
      directory,
      limits: { entries: limits.entries, records: EXPORT_RECORDS_LIMIT },
    },
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
  });
  try {
    return await new Promise<WorkerAnswer>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new ArchiveRefusedError(
              `The archive could not be unpacked within ${Math.round(timeoutMs / 1000)} s: no Odin export takes that long.`,
            ),
          ),
        timeoutMs,
      );
      worker.once("message", (message: WorkerAnswer) => {
        clearTimeout(timer);
        resolve(message);
      });
      worker.once("error", () => {
        clearTimeout(timer);
        reject(new ArchiveRefusedError("The archive cannot be read within the memory a check may use."));
      });
    });
  } finally {
    await worker.terminate();
  }
}
