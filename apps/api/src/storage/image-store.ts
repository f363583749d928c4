import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { sniffImageType, type VendorImage } from "../sources/vendor-http";

/**
 * Pictures Odin keeps itself (Axis reads; later hotlist attachments and group images), on disk under
 * the data folder, outside anything served statically. A stored picture is named by a relative path
 * `{area}/{owner id}/{yyyy}/{mm}/{dd}/{uuid}[-plate].{ext}`: the owner id (for Axis the integration)
 * lets a proxy check access without a database lookup, and the date folders keep directories small.
 */
export interface ImageStore {
  readonly root: string;
  /** Writes atomically (temporary file, then rename) and answers the relative path. */
  put(area: string, ownerId: number, at: Date, image: VendorImage, suffix?: string): Promise<string>;
  get(relativePath: string): Promise<VendorImage | null>;
  /** Removes files; missing ones are fine (a purge may be repeated). */
  remove(relativePaths: Iterable<string>): Promise<void>;
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

export function createImageStore(root: string): ImageStore {
  const absolute = (relativePath: string) => {
    if (!STORED_IMAGE_PATH.test(relativePath)) throw new Error(`not a stored image path: ${relativePath}`);
    return path.join(root, relativePath);
  };
  return {
    root,
    async put(area, ownerId, at, image, suffix) {
      const day = at.toISOString().slice(0, 10).split("-");
      const name = `${randomUUID()}${suffix ? `-${suffix}` : ""}.${EXTENSIONS[image.contentType]}`;
      const relativePath = [area, String(ownerId), ...day, name].join("/");
      const target = absolute(relativePath);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, image.body);
      await rename(temporary, target);
      return relativePath;
    },
    async get(relativePath) {
      if (!STORED_IMAGE_PATH.test(relativePath)) return null;
      try {
        const body = await readFile(absolute(relativePath));
        const contentType = sniffImageType(body);
        return contentType ? { body, contentType } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(relativePaths) {
      await Promise.all(
        [...relativePaths].map((relativePath) => rm(absolute(relativePath), { force: true })),
      );
    },
  };
}
