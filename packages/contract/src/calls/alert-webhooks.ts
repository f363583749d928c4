import { z } from "zod";
import { ZId, ZIdInput, ZIdParams, ZIsoDateTime, ZSuccessMessage } from "../common";
import type { Endpoint } from "../endpoint";
import { ZWebhookSignatureScheme } from "../webhook-events";

/**
 * Odin's own (issue 24 item 3): an agency admin's webhooks for dispatch systems. Each alert of the
 * chosen groups (none chosen: every group) is POSTed as JSON, signed as docs/webhooks.md describes.
 */

export const ZAlertWebhook = z.object({
  id: ZId,
  name: z.string(),
  url: z.string(),
  /** Empty: every group of the agency. */
  group_ids: z.array(ZId),
  enabled: z.boolean(),
  consecutive_failures: z.number().int().nonnegative(),
  /** Why Odin disabled it (a run of failures); null otherwise. */
  disabled_reason: z.string().nullable(),
  last_success_at: ZIsoDateTime.nullable(),
  last_failure_at: ZIsoDateTime.nullable(),
  created_at: ZIsoDateTime,
  /**
   * Issue 38: how its requests are signed: `standard_webhooks` (Standard Webhooks' headers), or
   * `odin_v1` (the deprecated Odin-Signature, kept by webhooks made before issue 38).
   */
  signature_scheme: ZWebhookSignatureScheme,
});
export type TAlertWebhook = z.infer<typeof ZAlertWebhook>;

export const ZAlertWebhooksResponse = z.object({
  webhooks: z.array(ZAlertWebhook),
  /** The agency's groups a webhook may take. */
  groups: z.array(z.object({ id: ZId, name: z.string() })),
});
export type TAlertWebhooksResponse = z.infer<typeof ZAlertWebhooksResponse>;

export const WEBHOOK_URL_INVALID = "Enter the endpoint's full http:// or https:// URL.";

export const ZAlertWebhookRequest = z.object({
  name: z.string().trim().min(1, "Enter a name for the webhook.").max(100),
  url: z
    .string()
    .trim()
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_URL_INVALID }))
    // No user:password@ in the URL: the secret signs the requests, and URLs are shown and audited.
    .refine((value) => !/^[a-z]+:\/\/[^/?#]*@/i.test(value), WEBHOOK_URL_INVALID),
  group_ids: z.array(ZIdInput).max(500).default([]),
  enabled: z.boolean().optional(),
  /** Issue 38: absent when created, `standard_webhooks`; absent on a change, the webhook keeps its own. */
  signature_scheme: ZWebhookSignatureScheme.optional(),
});
export type TAlertWebhookRequest = z.input<typeof ZAlertWebhookRequest>;

/** The answer to a creation: the signing secret, shown this once and never again. */
export const ZAlertWebhookCreated = ZAlertWebhook.extend({ secret: z.string() });
export type TAlertWebhookCreated = z.infer<typeof ZAlertWebhookCreated>;

export const ZWebhookTestResult = z.object({
  ok: z.boolean(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type TWebhookTestResult = z.infer<typeof ZWebhookTestResult>;

export const ALERT_WEBHOOK_ENDPOINTS = [
  {
    method: "GET",
    path: "/api/admin/webhooks",
    spec: "odin",
    summary: "The agency's alert webhooks and the groups they may take (Odin's own)",
    response: ZAlertWebhooksResponse,
  },
  {
    method: "POST",
    path: "/api/admin/webhooks",
    spec: "odin",
    summary: "Register an alert webhook; answers its signing secret once (Odin's own)",
    body: ZAlertWebhookRequest,
    response: ZAlertWebhookCreated,
  },
  {
    method: "PUT",
    path: "/api/admin/webhooks/:id",
    spec: "odin",
    summary: "Change a webhook's name, URL, groups, or turn it on or off (Odin's own)",
    params: ZIdParams,
    body: ZAlertWebhookRequest,
    response: ZAlertWebhook,
  },
  {
    method: "DELETE",
    path: "/api/admin/webhooks/:id",
    spec: "odin",
    summary: "Remove a webhook (Odin's own)",
    params: ZIdParams,
    response: ZSuccessMessage,
  },
  {
    method: "POST",
    path: "/api/admin/webhooks/:id/test",
    spec: "odin",
    summary: "Send a signed test event to a webhook now and tell how it answered (Odin's own)",
    params: ZIdParams,
    response: ZWebhookTestResult,
  },
] as const satisfies readonly Endpoint[];
