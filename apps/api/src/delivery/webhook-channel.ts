import type { SecretBox } from "@odin/db";
import type { Database } from "../lib/database";
import { outboundFetch, wasRefused } from "../lib/outbound-http";
import type { Mailer } from "../mail/mailer";
import { toAlertPayload } from "./alert-payload";
import type { ClaimedDelivery } from "./delivery-queue.repository";
import {
  disableFailingWebhook,
  findAgencyAdminEmails,
  findWebhook,
  loadAlertForDelivery,
  noteWebhookFailure,
  noteWebhookSuccess,
} from "./delivery.repository";
import { PermanentDeliveryError, type DeliveryChannel, type DeliveryOutcome } from "./delivery-worker";
import type { TWebhookSignatureScheme } from "@odin/contract";
import { DELIVERY_HEADER, EVENT_HEADER, signatureHeaders } from "./webhook-signature";

export interface WebhookSendResult {
  ok: boolean;
  /** The endpoint's HTTP status, when it answered. */
  status: number | null;
  /** Why it failed, in words an admin can act on. */
  error: string | null;
  /** The address was refused by the outbound guard (not a public address): no retry can help. */
  refused?: boolean;
}

/**
 * POSTs one signed event. Only a 2xx answer is a success; a redirect is not followed (it could
 * bounce Odin anywhere) and counts as a failure; the connection goes through the SSRF guard.
 */
export async function postWebhook(
  target: { url: string; secret: string; scheme: TWebhookSignatureScheme },
  event: { id: string; type: string; body: string },
  timeoutMs: number,
): Promise<WebhookSendResult> {
  const timestamp = Math.floor(Date.now() / 1000);
  let response: Response;
  try {
    response = await outboundFetch(new URL(target.url), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Odin-Webhooks/1",
        ...signatureHeaders(target.scheme, target.secret, event.id, timestamp, event.body),
        [DELIVERY_HEADER]: event.id,
        [EVENT_HEADER]: event.type,
      },
      body: event.body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
  } catch (error) {
    if (wasRefused(error)) {
      return { ok: false, status: null, refused: true, error: "refused: the URL's address is not public" };
    }
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError") {
      return { ok: false, status: null, error: `no answer within ${timeoutMs / 1000} s` };
    }
    return { ok: false, status: null, error: "the endpoint could not be reached" };
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.status >= 200 && response.status < 300)
    return { ok: true, status: response.status, error: null };
  if (response.status >= 300 && response.status < 400) {
    return {
      ok: false,
      status: response.status,
      error: `answered a redirect (HTTP ${response.status}), not followed`,
    };
  }
  return { ok: false, status: response.status, error: `answered HTTP ${response.status}` };
}

export interface WebhookChannelDeps {
  prisma: Database;
  secrets: Pick<SecretBox, "decrypt">;
  mailer: Mailer;
  publicUrl: string;
  timeoutMs: number;
  disableAfterFailures: number;
}

/** A stored scheme as the contract's; anything unknown signs per Standard Webhooks. */
export function signatureSchemeOf(stored: string): TWebhookSignatureScheme {
  return stored === "odin_v1" ? "odin_v1" : "standard_webhooks";
}

/** The web app's admin screen for webhooks (apps/web screens.tsx). */
export const WEBHOOKS_SCREEN = "/admin/webhooks";

/**
 * Alerts to an agency's dispatch endpoints (issue 24 item 3). Each attempt is counted on the
 * endpoint: a success resets the run of failures; the `disableAfterFailures`-th failure in a row
 * disables it, writes why, and e-mails the agency's admins. Deliveries still queued for a disabled or
 * removed endpoint are cancelled when their turn comes.
 */
export function createWebhookChannel(deps: WebhookChannelDeps): DeliveryChannel {
  const { prisma } = deps;

  const tellAdmins = async (hook: { agencyId: number; name: string; url: string }, reason: string) => {
    const admins = await findAgencyAdminEmails(prisma, hook.agencyId);
    for (const admin of admins) {
      await deps.mailer.send({
        to: admin.email,
        subject: `Odin: the webhook "${hook.name}" was disabled`,
        text: [
          `The alert webhook "${hook.name}" (${hook.url}) was disabled after ${deps.disableAfterFailures} failed deliveries in a row.`,
          `Last failure: ${reason}`,
          "",
          `Fix the endpoint, then turn the webhook on again: ${deps.publicUrl.replace(/\/+$/, "")}${WEBHOOKS_SCREEN}`,
        ].join("\n"),
      });
    }
  };

  return {
    async send(delivery: ClaimedDelivery): Promise<DeliveryOutcome> {
      const id = Number(delivery.recipient.replace(/^webhook:/, ""));
      const hook = await findWebhook(prisma, id);
      if (!hook) return { kind: "cancelled", note: "the webhook was removed" };
      if (!hook.enabled) return { kind: "cancelled", note: "the webhook is disabled" };
      const alert = await loadAlertForDelivery(prisma, delivery.alertId);
      if (!alert) return { kind: "cancelled", note: "the alert no longer exists" };
      const eventId = `dlv_${delivery.id}`;
      const body = JSON.stringify({
        id: eventId,
        type: "alert.created",
        created_at: alert.createdAt.toISOString(),
        alert: toAlertPayload(alert, deps.publicUrl),
      });
      const result = await postWebhook(
        {
          url: hook.url,
          secret: deps.secrets.decrypt(hook.secretSealed),
          scheme: signatureSchemeOf(hook.signatureScheme),
        },
        { id: eventId, type: "alert.created", body },
        deps.timeoutMs,
      );
      if (result.ok) {
        // The endpoint has it: failing to note the success must not make it a failed (resent) delivery.
        await noteWebhookSuccess(prisma, id).catch(() => undefined);
        return { kind: "sent", note: `HTTP ${result.status}` };
      }
      const reason = result.error ?? "failed";
      await noteWebhookFailure(prisma, id);
      // One process wins the switch-off, and only it tells the admins.
      const disabled = await disableFailingWebhook(prisma, id, deps.disableAfterFailures, reason);
      if (disabled === 1) await tellAdmins(hook, reason);
      throw result.refused ? new PermanentDeliveryError(reason) : new Error(reason);
    },
  };
}
