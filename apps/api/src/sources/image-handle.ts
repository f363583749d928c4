import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Opaque, signed, expiring handles that stand where the spec's results carry a vendor key
 * (`api_key`, `rekor_api_key`). The browser passes one back to Odin's own image proxy, which alone can
 * open it; the vendor key never leaves the server. A handle names a stored credential by its row id,
 * so the proxy still checks that the caller's agency may search that credential today.
 *
 * Format: `oh1.{payload base64url}.{HMAC-SHA256 base64url}`; the payload is `{k, i, e}` (kind, id,
 * expiry in epoch seconds).
 */
export type HandleKind = "rekor-key";

export interface HandleSubject {
  kind: HandleKind;
  id: number;
}

export interface ImageHandles {
  seal(subject: HandleSubject): string;
  /** The subject, or null when the handle is malformed, forged, expired or of another kind. */
  open(handle: string, kind: HandleKind): HandleSubject | null;
}

const PREFIX = "oh1";

/** Long enough for a working session on one results list (and its "Refine Previous Search"). */
export const IMAGE_HANDLE_TTL_SECONDS = 12 * 60 * 60;

export function createImageHandles(
  key: string,
  { ttlSeconds = IMAGE_HANDLE_TTL_SECONDS, now = () => Date.now() } = {},
): ImageHandles {
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest();
  return {
    seal({ kind, id }) {
      const payload = Buffer.from(
        JSON.stringify({ k: kind, i: id, e: Math.floor(now() / 1000) + ttlSeconds }),
      ).toString("base64url");
      return `${PREFIX}.${payload}.${sign(payload).toString("base64url")}`;
    },
    open(handle, kind) {
      const [prefix, payload, signature, extra] = handle.split(".");
      if (prefix !== PREFIX || !payload || !signature || extra !== undefined) return null;
      const expected = sign(payload);
      const given = Buffer.from(signature, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const body = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
          k?: unknown;
          i?: unknown;
          e?: unknown;
        };
        if (body.k !== kind || !Number.isSafeInteger(body.i) || typeof body.e !== "number") return null;
        if (body.e * 1000 < now()) return null;
        return { kind, id: body.i as number };
      } catch {
        return null;
      }
    },
  };
}
