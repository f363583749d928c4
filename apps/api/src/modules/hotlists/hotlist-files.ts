import { randomUUID } from "node:crypto";
import type { RequestLog } from "../../access/actor";
import { createFileBlobStore, type BlobStore } from "../../storage/blob-store";

/**
 * Files of the hotlists, in a BlobStore (storage/blob-store.ts: a shared folder or an S3 bucket, never
 * the web root): plate attachments under `attachments/`, re-encoded group pictures under `groups/`.
 * Each file gets a random name, which is all the database stores, so no name a user chose ever
 * reaches a disk path or an object key.
 */
export interface FileArea {
  /** Writes atomically (temporary file, then rename) and answers the new file's name. */
  put(body: Buffer, extension: string): Promise<string>;
  /** The file's bytes, or null when the name is not a stored name or the file is gone. */
  get(name: string): Promise<Buffer | null>;
  /** Removes files; missing ones are fine (a cleanup may be repeated). */
  remove(names: Iterable<string | null>): Promise<void>;
}

export interface HotlistFiles {
  attachments: FileArea;
  groupImages: FileArea;
}

/** What a stored name looks like; anything else is refused before touching the disk. */
export const STORED_FILE_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:pdf|png|jpg|webp)$/;

const CONTENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
};

function createFileArea(blobs: BlobStore, folder: string): FileArea {
  const key = (name: string) => {
    if (!STORED_FILE_NAME.test(name)) throw new Error(`not a stored hotlist file name: ${name}`);
    return `${folder}/${name}`;
  };
  return {
    async put(body, extension) {
      const name = `${randomUUID()}.${extension}`;
      await blobs.put(key(name), body, CONTENT_TYPES[extension] ?? "application/octet-stream");
      return name;
    },
    async get(name) {
      if (!STORED_FILE_NAME.test(name)) return null;
      return blobs.get(key(name));
    },
    async remove(names) {
      const stored = [...names].filter((name): name is string => !!name && STORED_FILE_NAME.test(name));
      await blobs.remove(stored.map(key));
    },
  };
}

/** The hotlists' files in their store (a folder path: a filesystem store rooted there). */
export function createHotlistFiles(store: BlobStore | string): HotlistFiles {
  const blobs = typeof store === "string" ? createFileBlobStore(store) : store;
  return {
    attachments: createFileArea(blobs, "attachments"),
    groupImages: createFileArea(blobs, "groups"),
  };
}

/**
 * Writes files one by one and, when the work after them fails, removes them again: the pattern of the
 * Axis ingest (pictures first, then the row; a failed insert removes the pictures it wrote).
 */
export async function withWrittenFiles<T>(
  writes: readonly { area: FileArea; body: Buffer; extension: string }[],
  work: (names: string[]) => Promise<T>,
): Promise<T> {
  const written: { area: FileArea; name: string }[] = [];
  try {
    for (const { area, body, extension } of writes) {
      written.push({ area, name: await area.put(body, extension) });
    }
    return await work(written.map(({ name }) => name));
  } catch (error) {
    await Promise.all(written.map(({ area, name }) => area.remove([name]))).catch(() => undefined);
    throw error;
  }
}

/**
 * Removes the files a committed change no longer uses. The change stands whatever happens here, so a
 * failure is logged, not thrown: a left-over file is harmless, an error answer after a commit is not.
 */
export async function removeUnusedFiles(
  area: FileArea,
  names: Iterable<string | null>,
  log: RequestLog,
  what: string,
): Promise<void> {
  await area.remove(names).catch((error: unknown) => log.warn({ err: error }, `${what} not removed`));
}
