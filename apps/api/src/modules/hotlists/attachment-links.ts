import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Short-lived signed links to plate attachments. GET /get-hotlist-attachment-url checks the caller
 * (bearer token, group visibility) and answers a link the browser can open in a new tab, which cannot
 * carry the token: the signature stands for it. It binds the file name, the plate and the expiry, so a
 * link opens one file of one plate for five minutes and nothing else.
 */
export const ATTACHMENT_LINK_TTL_SECONDS = 5 * 60;

export interface AttachmentLinks {
  /** The query of a link to `filename` of plate `plateId`, valid from now for the TTL. */
  sign(filename: string, plateId: number): { plate_id: string; expires: string; sig: string };
  /** True when `sig` was made by sign() for these values and the link has not expired. */
  verify(filename: string, plateId: number, expires: number, sig: string): boolean;
}

export function createAttachmentLinks(
  key: string,
  { ttlSeconds = ATTACHMENT_LINK_TTL_SECONDS, now = () => Date.now() } = {},
): AttachmentLinks {
  const mac = (filename: string, plateId: number, expires: number) =>
    createHmac("sha256", key).update(`hotlist-attachment\n${filename}\n${plateId}\n${expires}`).digest();
  return {
    sign(filename, plateId) {
      const expires = Math.floor(now() / 1000) + ttlSeconds;
      return {
        plate_id: String(plateId),
        expires: String(expires),
        sig: mac(filename, plateId, expires).toString("base64url"),
      };
    },
    verify(filename, plateId, expires, sig) {
      const expected = mac(filename, plateId, expires);
      const given = Buffer.from(sig, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      return expires * 1000 >= now();
    },
  };
}
