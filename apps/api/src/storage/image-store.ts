import { randomUUID } from "node:crypto";
import { createFileBlobStore, type BlobStore } from "./blob-store";
import { sniffImageType, type VendorImage } from "../lib/vendor-http";

/**
 * Pictures Odin keeps itself (Axis reads, Rekor alert crops), in a BlobStore (blob-store.ts: a shared
 * folder or an S3 bucket), never anywhere served statically. A stored picture is named by a key
 * `{area}/{owner id}/{yyyy}/{mm}/{dd}/{uuid}[-plate].{ext}`: the owner id (for Axis the integration)
 * lets a proxy check access without a database lookup, and the date prefixes keep folders small.
 */
export interface ImageStore {
  /** Stores the picture (whole or not at all) and answers its key. */
  put(area: string, ownerId: number, at: Date, image: VendorImage, suffix?: string): Promise<string>;
  get(key: string): Promise<VendorImage | null>;
  /** Removes pictures; missing ones are fine (a purge may be repeated). */
  remove(keys: Iterable<string>): Promise<void>;
}

const EXTENSIONS: Record<VendorImage["contentType"], string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
};

/** What a stored path looks like; anything else is refused before touching the disk. */
export const STORED_IMAGE_PATH =
  /^(?<area>[a-z]+)\/(?<owner>\d{1,10})\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}(?:-[a-z]+)?\.(?:jpg|png|webp)$/;

export function parseStoredImagePath(relativePath: string): { area: string; ownerId: number } | null {
  const match = STORED_IMAGE_PATH.exec(relativePath);
  if (!match?.groups) return null;
  return { area: match.groups.area!, ownerId: Number(match.groups.owner) };
}

/** Pictures in the given store; a folder path is a filesystem store rooted there (tests, tools). */
export function createImageStore(store: BlobStore | string): ImageStore {
  const blobs = typeof store === "string" ? createFileBlobStore(store) : store;
  const checked = (key: string) => {
    if (!STORED_IMAGE_PATH.test(key)) throw new Error(`not a stored image path: ${key}`);
    return key;
  };
  return {
    async put(area, ownerId, at, image, suffix) {
      const day = at.toISOString().slice(0, 10).split("-");
      const name = `${randomUUID()}${suffix ? `-${suffix}` : ""}.${EXTENSIONS[image.contentType]}`;
      const key = checked([area, String(ownerId), ...day, name].join("/"));
      await blobs.put(key, image.body, image.contentType);
      return key;
    },
    async get(key) {
      if (!STORED_IMAGE_PATH.test(key)) return null;
      const body = await blobs.get(key);
      if (!body) return null;
      const contentType = sniffImageType(body);
      return contentType ? { body, contentType } : null;
    },
    async remove(keys) {
      await blobs.remove([...keys].map(checked));
    },
  };
}
