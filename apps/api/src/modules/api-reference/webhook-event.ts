import { ZWebhookEvent } from "@odin/contract";
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";

/**
 * The alert webhook as OpenAPI 3.1's `webhooks`: what Odin POSTs to an agency's endpoint, signed per
 * Standard Webhooks (https://www.standardwebhooks.com) unless the webhook keeps the deprecated scheme.
 */
export const ALERT_WEBHOOK_DOCUMENT: ZodOpenApiPathsObject = {
  "alert.created": {
    post: {
      operationId: "alertWebhook",
      summary: "An alert of the webhook's groups (or a test event), POSTed to the agency's endpoint",
      description:
        "Signed per Standard Webhooks: verify `webhook-signature` with the webhook's `whsec_` secret, e.g. " +
        "with the `standardwebhooks` library, over the raw body. A webhook set to the deprecated `odin_v1` " +
        "scheme gets `Odin-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t.body)>` instead. " +
        "Only a 2xx answer counts as delivered; a delivery is retried with the same `webhook-id`.",
      tags: ["webhooks"],
      requestParams: {
        header: z.object({
          "webhook-id": z
            .string()
            .meta({ description: "The delivery's id (dlv_...), the same on every retry" }),
          "webhook-timestamp": z.string().meta({ description: "Unix seconds of this attempt" }),
          "webhook-signature": z.string().meta({
            description: "v1,<base64 HMAC-SHA256 of `<id>.<timestamp>.<body>`> (standard_webhooks)",
          }),
          "odin-event": z.string().meta({ description: "alert.created, camera.silent or test" }),
          "odin-delivery": z.string().meta({ description: "The delivery's id, as webhook-id" }),
        }),
      },
      requestBody: { required: true, content: { "application/json": { schema: ZWebhookEvent } } },
      responses: { 200: { description: "Any 2xx: delivered" } },
    },
  },
};
