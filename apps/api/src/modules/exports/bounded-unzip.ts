import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { EXPORT_RECORDS_LIMIT } from "@odin/contract";
import { unzipSync } from "fflate";

/**
 * Reading an uploaded ZIP without letting it take the server (issue 36, F15): a "verify this export"
 * upload is any signed-in user's file, and a ZIP of 1 MB can inflate to gigabytes. So:
 * 1. its central directory is read first (cheap) and refused, before any byte is inflated, when it
 *    holds more entries, bigger entries or more in all than an export of Odin's can (ZIP_LIMITS);
 * 2. the entries are inflated in a worker thread, never on the event loop, each into a buffer of the
 *    size its directory declares (a lying entry cannot take more memory than it declares), and the
 *    worker is stopped after `timeoutMs` (a lying entry can still cost CPU, in that thread only).
 */
export const ZIP_LIMITS = {
  /** An export holds per record its pictures (2) and record.json, then records.csv and manifest.json. */
  entries: 3 * EXPORT_RECORDS_LIMIT + 10,
  /** The largest file an export writes is records.csv or manifest.json of 5,000 records (~3 MB). */
  entryBytes: 32 * 1024 * 1024,
  /** Pictures are stored as they are (not deflated), so an export inflates to about its own size. */
  totalBytes: 128 * 1024 * 1024,
  /** JSON and CSV deflate 3 to 20 times; a deflated entry past 1 MB that claims more is no export's. */
  ratio: 100,
} as const;

export class ArchiveRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveRefusedError";
  }
}

const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Refuses, from its central directory alone, an archive no export of Odin's could be. */
export function checkZipDirectory(file: Uint8Array, limits = ZIP_LIMITS): void {
  let entries = 0;
  let total = 0;
  try {
    unzipSync(file, {
      filter: (entry) => {
        entries += 1;
        total += entry.originalSize;
        if (entries > limits.entries)
          throw new ArchiveRefusedError(
            `The archive holds more than ${limits.entries.toLocaleString("en-US")} files: no export of Odin's holds that many.`,
          );
        if (entry.originalSize > limits.entryBytes)
          throw new ArchiveRefusedError(
            `${entry.name} would unpack to ${MB(entry.originalSize)}: no file of an Odin export is larger than ${MB(limits.entryBytes)}.`,
          );
        if (total > limits.totalBytes)
          throw new ArchiveRefusedError(
            `The archive would unpack to more than ${MB(limits.totalBytes)}: no Odin export does.`,
          );
        if (
          entry.compression !== 0 &&
          entry.originalSize > 1024 * 1024 &&
          entry.originalSize > entry.size * limits.ratio
        )
          throw new ArchiveRefusedError(
            `${entry.name} is compressed more than ${limits.ratio} times: no file of an Odin export is.`,
          );
        return false; // listed only: nothing is inflated here
      },
    });
  } catch (error) {
    if (error instanceof ArchiveRefusedError) throw error;
    throw new ArchiveRefusedError("The archive cannot be read.");
  }
}

/**
 * The worker's whole program, given the path of fflate (resolved here, so it loads the same package
 * from a checkout, the bundle or an installed Odin) and the file; it answers the entries, or an error.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { unzipSync } = require(workerData.fflate);
try {
  const entries = unzipSync(new Uint8Array(workerData.file));
  parentPort.postMessage({ entries }, Object.values(entries).map((body) => body.buffer));
} catch (error) {
  parentPort.postMessage({ error: String((error && error.message) || error) });
}`;

const fflatePath = () => createRequire(import.meta.url).resolve("fflate");

/**
 * The entries of an uploaded ZIP, inflated off the event loop within ZIP_LIMITS and `timeoutMs`.
 * Throws ArchiveRefusedError with a sentence a person understands when the archive is refused.
 */
export async function unzipBounded(
  file: Uint8Array,
  { timeoutMs, limits = ZIP_LIMITS }: { timeoutMs: number; limits?: typeof ZIP_LIMITS },
): Promise<Record<string, Uint8Array>> {
  checkZipDirectory(file, limits);
  const copy = new Uint8Array(file); // the worker takes this copy's memory; the caller keeps its file
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { fflate: fflatePath(), file: copy.buffer },
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
  });
  try {
    return await new Promise<Record<string, Uint8Array>>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new ArchiveRefusedError(
              `The archive could not be unpacked within ${Math.round(timeoutMs / 1000)} s: no Odin export takes that long.`,
            ),
          ),
        timeoutMs,
      );
      worker.once("message", (message: { entries?: Record<string, Uint8Array>; error?: string }) => {
        clearTimeout(timer);
        if (message.entries) resolve(message.entries);
        else reject(new ArchiveRefusedError("The archive cannot be read."));
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
