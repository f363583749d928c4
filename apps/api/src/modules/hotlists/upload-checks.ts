import type { ATTACHMENT_TYPES } from "@odin/contract";
import sharp from "sharp";
import { AppError } from "../../lib/app-error";
import { sniffImageType } from "../../lib/vendor-http";
import { imageWork } from "../exports/image-work";

export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

export interface CheckedFile {
  body: Buffer;
  contentType: AttachmentType;
  extension: string;
}

const EXTENSIONS: Record<AttachmentType, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
};

/** A group picture is shown as a card image and a header: larger is only weight. */
export const GROUP_IMAGE_MAX_SIDE = 1024;
/** Refuses decompression bombs before they are decoded (a 10 MB PNG can claim gigapixels). */
const MAX_INPUT_PIXELS = 40_000_000;

/** The type of a file by its first bytes, whatever its name or declared type says. */
export function sniffAttachmentType(bytes: Buffer): AttachmentType | null {
  if (bytes.length >= 5 && bytes.toString("latin1", 0, 5) === "%PDF-") return "application/pdf";
  return sniffImageType(bytes);
}

function refused(field: string, what: string): AppError {
  const message = `${field} must be ${what}.`;
  return new AppError("VALIDATION_FAILED", message, [{ path: field, message }]);
}

/** A plate attachment: a PDF, PNG, JPEG or WebP by content, or a 400 naming the form field. */
export function checkAttachment(field: string, body: Buffer): CheckedFile {
  const contentType = sniffAttachmentType(body);
  if (!contentType) throw refused(field, "a PDF, PNG, JPEG or WebP file");
  return { body, contentType, extension: EXTENSIONS[contentType] };
}

/**
 * A group picture, decoded and encoded again (WebP, at most 1024 px a side, turned upright, without
 * the metadata sharp drops by default: GPS and camera details stay out of Odin). Re-encoding means
 * what is stored and served is a picture Odin made, not bytes a user chose.
 */
export async function reencodeGroupImage(field: string, body: Buffer): Promise<CheckedFile> {
  if (!sniffImageType(body)) throw refused(field, "a PNG, JPEG or WebP picture");
  try {
    const webp = await imageWork(() =>
      sharp(body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .rotate()
        .resize({
          width: GROUP_IMAGE_MAX_SIDE,
          height: GROUP_IMAGE_MAX_SIDE,
          fit: "inside",
          withoutEnlargement: true,
        })
        .webp({ quality: 82 })
        .toBuffer(),
    );
    return { body: webp, contentType: "image/webp", extension: "webp" };
  } catch {
    throw refused(field, "a PNG, JPEG or WebP picture that can be read (this one is damaged or too large)");
  }
}
