import type {
  TAlertWebhook,
  TAlertWebhookCreated,
  TAlertWebhooksResponse,
  TSuccessMessage,
  TWebhookTestResult,
} from "@odin/contract";
import type { ZAlertWebhookRequest } from "@odin/contract";
import type { SecretBox } from "@odin/db";
import type { z } from "zod";
import type { Actor } from "../../access/actor";
import { postWebhook, signatureSchemeOf } from "../../delivery/webhook-channel";
import { newWebhookSecret } from "../../delivery/webhook-signature";
import { AppError } from "../../lib/app-error";
import { successMessage } from "../../lib/success-message";
import { requireOwnAgency } from "../../access/tenancy";
import { writeAudit } from "../../lib/audit-rows.repository";
import {
  countGroupsOfAgency,
  findActiveGroupsOfAgency,
  findWebhookOfAgency,
  deleteWebhookRow,
  findWebhooksOfAgency,
  insertWebhookRow,
  updateWebhookRow,
  type WebhookRow,
} from "./alert-webhooks.repository";
import { inTransaction, type Database } from "../../lib/database";

export interface AlertWebhookDeps {
  prisma: Database;
  secrets: Pick<SecretBox, "encrypt" | "decrypt">;
  publicUrl: string;
  timeoutMs: number;
}

type WebhookInput = z.output<typeof ZAlertWebhookRequest>;

export const WEBHOOK_NOT_FOUND = "Webhook not found.";
export const WEBHOOK_GROUP_UNKNOWN = "Choose groups of your agency.";

function toContract(row: WebhookRow): TAlertWebhook {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    group_ids: row.groupIds,
    enabled: row.enabled,
    consecutive_failures: row.consecutiveFailures,
    disabled_reason: row.disabledReason,
    last_success_at: row.lastSuccessAt?.toISOString() ?? null,
    last_failure_at: row.lastFailureAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    signature_scheme: signatureSchemeOf(row.signatureScheme),
  };
}

/** What the audit row says of a webhook: never its secret, the URL without its query (it may hold a token). */
function described(
  row: Pick<WebhookRow, "id" | "name" | "url" | "groupIds" | "enabled" | "signatureScheme">,
) {
  const url = new URL(row.url);
  return {
    webhook_id: row.id,
    name: row.name,
    url: `${url.origin}${url.pathname}`,
    group_ids: row.groupIds,
    enabled: row.enabled,
    signature_scheme: row.signatureScheme,
  };
}

async function checkGroups(deps: AlertWebhookDeps, agencyId: number, groupIds: number[]) {
  const unique = [...new Set(groupIds)];
  if ((await countGroupsOfAgency(deps.prisma, agencyId, unique)) !== unique.length) {
    throw new AppError("VALIDATION_FAILED", WEBHOOK_GROUP_UNKNOWN);
  }
  return unique;
}

async function ownWebhook(deps: AlertWebhookDeps, actor: Actor, id: number) {
  const row = await findWebhookOfAgency(deps.prisma, requireOwnAgency(actor), id);
  if (!row) throw new AppError("NOT_FOUND", WEBHOOK_NOT_FOUND);
  return row;
}

/** GET /api/admin/webhooks. */
export async function listWebhooks(deps: AlertWebhookDeps, actor: Actor): Promise<TAlertWebhooksResponse> {
  const agencyId = requireOwnAgency(actor);
  const [rows, groups] = await Promise.all([
    findWebhooksOfAgency(deps.prisma, agencyId),
    findActiveGroupsOfAgency(deps.prisma, agencyId),
  ]);
  return { webhooks: rows.map(toContract), groups };
}

/** POST /api/admin/webhooks: the secret is made here, sealed at rest, and answered this once. */
export async function createWebhook(
  deps: AlertWebhookDeps,
  actor: Actor,
  input: WebhookInput,
): Promise<TAlertWebhookCreated> {
  const agencyId = requireOwnAgency(actor);
  const groupIds = await checkGroups(deps, agencyId, input.group_ids);
  const secret = newWebhookSecret();
  const row = await inTransaction(deps.prisma, async (tx) => {
    const created = await insertWebhookRow(tx, {
      agencyId,
      name: input.name,
      url: input.url,
      groupIds,
      enabled: input.enabled ?? true,
      secretSealed: deps.secrets.encrypt(secret),
      // Issue 38: new webhooks sign per Standard Webhooks unless the admin keeps the old scheme.
      signatureScheme: input.signature_scheme ?? "standard_webhooks",
    });
    await writeAudit(tx, actor, { action: "webhook_created", detail: described(created) });
    return created;
  });
  return { ...toContract(row), secret };
}

/** PUT /api/admin/webhooks/{id}: turning it on again starts a new run of failures. */
export async function updateWebhook(
  deps: AlertWebhookDeps,
  actor: Actor,
  id: number,
  input: WebhookInput,
): Promise<TAlertWebhook> {
  const before = await ownWebhook(deps, actor, id);
  const groupIds = await checkGroups(deps, before.agencyId, input.group_ids);
  const enabled = input.enabled ?? before.enabled;
  const row = await inTransaction(deps.prisma, async (tx) => {
    const updated = await updateWebhookRow(tx, id, {
      name: input.name,
      url: input.url,
      groupIds,
      enabled,
      ...(input.signature_scheme ? { signatureScheme: input.signature_scheme } : {}),
      ...(enabled && !before.enabled ? { consecutiveFailures: 0, disabledReason: null } : {}),
      ...(!enabled ? { disabledReason: before.enabled ? null : before.disabledReason } : {}),
    });
    await writeAudit(tx, actor, {
      action: "webhook_updated",
      detail: { before: described(before), after: described(updated) },
    });
    return updated;
  });
  return toContract(row);
}

/** DELETE /api/admin/webhooks/{id}: deliveries still queued for it are cancelled when their turn comes. */
export async function deleteWebhook(
  deps: AlertWebhookDeps,
  actor: Actor,
  id: number,
): Promise<TSuccessMessage> {
  const row = await ownWebhook(deps, actor, id);
  await inTransaction(deps.prisma, async (tx) => {
    await deleteWebhookRow(tx, id);
    await writeAudit(tx, actor, { action: "webhook_deleted", detail: described(row) });
  });
  return successMessage("Webhook removed.");
}

/**
 * POST /api/admin/webhooks/{id}/test: a signed `test` event, sent now (not queued, not retried, not
 * counted in the run of failures), and how the endpoint answered.
 */
export async function testWebhook(
  deps: AlertWebhookDeps,
  actor: Actor,
  id: number,
): Promise<TWebhookTestResult> {
  const row = await ownWebhook(deps, actor, id);
  const eventId = `test_${Date.now()}`;
  const body = JSON.stringify({
    id: eventId,
    type: "test",
    created_at: new Date().toISOString(),
    webhook: { id: row.id, name: row.name },
  });
  const result = await postWebhook(
    {
      url: row.url,
      secret: deps.secrets.decrypt(row.secretSealed),
      scheme: signatureSchemeOf(row.signatureScheme),
    },
    { id: eventId, type: "test", body },
    deps.timeoutMs,
  );
  await writeAudit(deps.prisma, actor, {
    action: "webhook_tested",
    detail: { ...described(row), ok: result.ok, status: result.status, error: result.error },
  });
  return { ok: result.ok, status: result.status, error: result.error };
}
