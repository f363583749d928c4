import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import {
  newWebhookSecret,
  signatureHeaders,
  standardWebhookHeaders,
  verifyWebhookSignature,
} from "../src/delivery/webhook-signature";

/** Issue 38 item 4: Odin's Standard Webhooks signature against the `standardwebhooks` library's own. */
describe("webhook signatures", () => {
  const body = JSON.stringify({ id: "dlv_7", type: "alert.created", plate: "ABC1234" });
  const now = Math.floor(Date.now() / 1000);

  it("signs exactly as the standardwebhooks library does, and the library verifies it", () => {
    const secret = newWebhookSecret();
    const headers = standardWebhookHeaders(secret, "dlv_7", now, body);
    const library = new Webhook(secret);
    expect(headers["webhook-signature"]).toBe(library.sign("dlv_7", new Date(now * 1000), body));
    expect(library.verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("verifies a webhook made before issue 38 (a base64url secret) once its secret is written in base64", () => {
    const old = `whsec_${randomBytes(32).toString("base64url")}`;
    const headers = standardWebhookHeaders(old, "dlv_8", now, body);
    const asBase64 = `whsec_${Buffer.from(old.slice(6), "base64url").toString("base64")}`;
    expect(() => new Webhook(asBase64).verify(body, headers)).not.toThrow();
  });

  it("keeps the deprecated scheme byte for byte: Odin-Signature over t.body with the secret's text", () => {
    const secret = newWebhookSecret();
    const headers = signatureHeaders("odin_v1", secret, "dlv_9", now, body);
    expect(Object.keys(headers)).toEqual(["odin-signature"]);
    expect(verifyWebhookSignature(secret, headers["odin-signature"], body)).toBe(true);
    expect(Object.keys(signatureHeaders("standard_webhooks", secret, "dlv_9", now, body)).sort()).toEqual([
      "webhook-id",
      "webhook-signature",
      "webhook-timestamp",
    ]);
  });
});
