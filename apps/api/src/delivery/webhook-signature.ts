import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { TWebhookSignatureScheme } from "@odin/contract";

/**
 * How Odin signs an alert webhook's requests (issue 38 item 4, docs/integrations.md), chosen per webhook:
 *
 * - `standard_webhooks` (new webhooks' default): Standard Webhooks (https://www.standardwebhooks.com):
 *   `webhook-id` (the delivery id, the same on every retry), `webhook-timestamp` (unix seconds) and
 *   `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">`, keyed with the bytes
 *   the secret `whsec_<base64>` encodes. Any Standard Webhooks library verifies it.
 * - `odin_v1` (deprecated; webhooks made before issue 38 keep it): after Stripe's scheme, the header
 *   `Odin-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret's text>`.
 *
 * Either way the receiver recomputes over the raw body it received, compares in constant time, and
 * refuses a timestamp too far from its clock (replays).
 */
export const SIGNATURE_HEADER = "odin-signature";
/** The delivery's id: the same on every retry of one delivery, so a receiver can drop duplicates. */
export const DELIVERY_HEADER = "odin-delivery";
export const EVENT_HEADER = "odin-event";

/**
 * `whsec_` and 32 random bytes in base64, as Standard Webhooks writes a secret. (Secrets made before
 * issue 38 are base64url: `standardKey` takes both.)
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** The HMAC key of a Standard Webhooks secret: the bytes after `whsec_`, base64 (or base64url) decoded. */
function standardKey(secret: string): Buffer {
  return Buffer.from(secret.replace(/^whsec_/, ""), "base64");
}

/** The Standard Webhooks headers of one request. */
export function standardWebhookHeaders(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  const signature = createHmac("sha256", standardKey(secret))
    .update(`${id}.${timestamp}.${body}`)
    .digest("base64");
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": `v1,${signature}`,
  };
}

/** The signature headers of one request, by the webhook's scheme. */
export function signatureHeaders(
  scheme: TWebhookSignatureScheme,
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return scheme === "odin_v1"
    ? { [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body) }
    : standardWebhookHeaders(secret, id, timestamp, body);
}

/** The deprecated `odin_v1` header. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/** What a receiver does (the tests' endpoint uses it): true when the header signs this body recently. */
export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  body: string,
  { nowSeconds = Math.floor(Date.now() / 1000), toleranceSeconds = 300 } = {},
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(",").map((part) => {
      const at = part.indexOf("=");
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isSafeInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest();
  const actual = Buffer.from(given, "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
