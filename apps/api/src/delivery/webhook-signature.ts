import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Odin's webhook signature (docs/webhooks.md), after Stripe's scheme: the header
 * `Odin-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret>`.
 * The receiver recomputes v1 over the raw body it received, compares in constant time, and refuses
 * a timestamp too far from its clock (replays).
 */
export const SIGNATURE_HEADER = "odin-signature";
/** The delivery's id: the same on every retry of one delivery, so a receiver can drop duplicates. */
export const DELIVERY_HEADER = "odin-delivery";
export const EVENT_HEADER = "odin-event";

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

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
