import {
  API_KEY_CSV_COLUMNS,
  MESSAGES,
  ZAddApiKeyRequest,
  type TAddApiKeyRequest,
  type TBulkUploadResponse,
  type TRotateWebhookTokenResponse,
} from "@odin/contract";
import { generateToken, hashToken, type RekorApiKey } from "@odin/db";
import { AppError } from "../../lib/app-error";
import type { Actor } from "../../access/actor";
import { writeAudit } from "../../lib/audit-rows.repository";
import { administeredAgency, requireOwnAgency } from "../../access/tenancy";
import { readUploadedCsv, rejectRows, type RowError } from "../admin/csv-upload";
import { isUniqueViolation } from "../admin/users.repository";
import type { IntegrationDeps } from "./integrations-deps";
import {
  deleteRekorKey,
  findRekorKey,
  findTakenRekorKeyNames,
  insertRekorKey,
  insertRekorKeys,
  setRekorWebhookTokenHash,
} from "./rekor-keys.repository";
import { inTransaction } from "../../lib/database";

export const API_KEY_CSV_MAX_ROWS = 500;

/** As the masked display (contract maskSecret): short keys keep no tail, so nothing of them is shown. */
const lastFour = (key: string) => (key.length >= 12 ? key.slice(-4) : "");

const onlyRekor = "Only Rekor keys are stored here (source_program must be Rekor).";

/** The key's row: sealed key, its last four, the configured Rekor host and its webhook token's hash. */
function newKeyRow(deps: IntegrationDeps, agencyId: number, key: TAddApiKeyRequest, webhookToken: string) {
  return {
    agencyId,
    agencyName: key.agency,
    apiKeyCiphertext: deps.secrets.encrypt(key.api_key),
    apiKeyLast4: lastFour(key.api_key),
    baseUrl: deps.config.rekor.defaultBaseUrl,
    sourceProgram: key.source_program,
    webhookTokenHash: hashToken(webhookToken),
  };
}

/** The URL a key's agents POST their webhooks to (shown on the Rekor keys screen). */
export function webhookUrl(deps: Pick<IntegrationDeps, "config">, keyId: number): string {
  return `${deps.config.publicUrl}/ingest/rekor/${keyId}`;
}

/**
 * Where Rekor pushes this key's alpr_group events, with the token it must present. The token exists
 * only here and in the reply: Odin keeps its hash, so it is shown once and never again.
 */
function webhookInstructions(
  deps: IntegrationDeps,
  key: Pick<RekorApiKey, "id" | "agencyName">,
  token: string,
) {
  return `${key.agencyName}: POST ${webhookUrl(deps, key.id)} with "Authorization: Bearer ${token}"`;
}

const COPY_NOW = "Copy the webhook token now: it is not shown again.";

/** POST /add-api-key: a Rekor key of the admin's agency, encrypted at rest, with its webhook token. */
export async function addApiKey(
  deps: IntegrationDeps,
  actor: Actor,
  body: TAddApiKeyRequest,
): Promise<string> {
  const agencyId = requireOwnAgency(actor);
  if (body.source_program !== "Rekor") throw new AppError("VALIDATION_FAILED", onlyRekor);
  const token = generateToken();
  try {
    const key = await inTransaction(deps.prisma, async (tx) => {
      const created = await insertRekorKey(tx, newKeyRow(deps, agencyId, body, token));
      await writeAudit(tx, actor, {
        action: "api_key_added",
        detail: { api_key_id: created.id, agency: created.agencyName, last4: created.apiKeyLast4 },
      });
      return created;
    });
    return `${MESSAGES.apiKeyAdded} Rekor webhook (alpr_group): ${webhookInstructions(deps, key, token)}. ${COPY_NOW}`;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("CONFLICT", `Your agency already has a Rekor key named '${body.agency}'.`);
    }
    throw error;
  }
}

/** POST /bulk-upload-api-keys: every row checked first; one bad row rejects the file (reasons by line). */
export async function uploadApiKeys(
  deps: IntegrationDeps,
  actor: Actor,
  file: Buffer | undefined,
): Promise<TBulkUploadResponse> {
  const agencyId = requireOwnAgency(actor);
  const table = readUploadedCsv(file, {
    required: API_KEY_CSV_COLUMNS,
    allowed: [...API_KEY_CSV_COLUMNS, "source_program"],
    maxRows: API_KEY_CSV_MAX_ROWS,
  });
  const errors: RowError[] = [];
  const keys: { line: number; key: TAddApiKeyRequest }[] = [];
  const seen = new Map<string, number>();
  for (const { line, values } of table.rows) {
    const parsed = ZAddApiKeyRequest.safeParse(values);
    if (!parsed.success) {
      // One reason per row: both required cells share the same message.
      errors.push({ line, message: parsed.error.issues[0]?.message ?? MESSAGES.agencyAndApiKeyRequired });
      continue;
    }
    const key = parsed.data;
    if (key.source_program !== "Rekor") errors.push({ line, message: onlyRekor });
    else if (seen.has(key.agency))
      errors.push({ line, message: `agency '${key.agency}' repeats line ${seen.get(key.agency)}.` });
    else {
      seen.set(key.agency, line);
      keys.push({ line, key });
    }
  }
  const takenNames = await findTakenRekorKeyNames(
    deps.prisma,
    agencyId,
    keys.map(({ key }) => key.agency),
  );
  for (const { line, key } of keys) {
    if (takenNames.has(key.agency)) {
      errors.push({ line, message: `Your agency already has a Rekor key named '${key.agency}'.` });
    }
  }
  rejectRows(errors);

  const tokens = keys.map(() => generateToken());
  try {
    const created = await inTransaction(deps.prisma, async (tx) => {
      const rows = await insertRekorKeys(
        tx,
        keys.map(({ key }, index) => newKeyRow(deps, agencyId, key, tokens[index]!)),
      );
      await writeAudit(tx, actor, {
        action: "api_keys_uploaded",
        detail: {
          count: rows.length,
          keys: rows.map((row) => ({ api_key_id: row.id, agency: row.agencyName })),
        },
      });
      return rows;
    });
    const hooks = created.map((row) =>
      webhookInstructions(deps, row, tokens[keys.findIndex(({ key }) => key.agency === row.agencyName)]!),
    );
    return {
      success: true,
      message: `${MESSAGES.apiKeysUploaded(created.length)} Rekor webhooks (alpr_group): ${hooks.join("; ")}. ${COPY_NOW}`,
      added: created.length,
      errors: [],
    };
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("CONFLICT", "A key of the file was just added by someone else.");
    throw error;
  }
}

/** A key of the caller's agency (any for the owner); another agency's key is "not found". */
async function findAdministeredKey(deps: Pick<IntegrationDeps, "prisma">, actor: Actor, keyId: number) {
  const agency = administeredAgency(actor);
  const key = agency === null ? null : await findRekorKey(deps.prisma, keyId, agency);
  if (!key) throw new AppError("NOT_FOUND", "API key not found.");
  return key;
}

/** DELETE /delete-api-key/{id}: a key of the caller's agency (another's is 404); its cameras go with it. */
export async function deleteApiKey(
  deps: Pick<IntegrationDeps, "prisma">,
  actor: Actor,
  keyId: number,
): Promise<string> {
  const key = await findAdministeredKey(deps, actor, keyId);
  await inTransaction(deps.prisma, async (tx) => {
    await deleteRekorKey(tx, key.id);
    await writeAudit(tx, actor, {
      action: "api_key_deleted",
      detail: { api_key_id: key.id, agency: key.agencyName, last4: key.apiKeyLast4, agency_id: key.agencyId },
    });
  });
  return MESSAGES.apiKeyDeleted;
}

/**
 * POST /rekor-keys/{id}/rotate-webhook-token: a new webhook token for a key of the caller's agency
 * (another agency's key is 404, as if it did not exist), also for keys added before tokens existed.
 * The token is answered this once; its hash replaces the old one in the same transaction as the audit
 * row, so the old token is refused from then on (the webhook re-reads a key it refuses, see
 * modules/ingest/rekor-webhook.ts).
 */
export async function rotateWebhookToken(
  deps: Pick<IntegrationDeps, "prisma" | "config">,
  actor: Actor,
  keyId: number,
): Promise<TRotateWebhookTokenResponse> {
  const key = await findAdministeredKey(deps, actor, keyId);
  const token = generateToken();
  const issued = key.webhookTokenHash === null;
  await inTransaction(deps.prisma, async (tx) => {
    await setRekorWebhookTokenHash(tx, key.id, hashToken(token));
    await writeAudit(tx, actor, {
      action: "rekor_webhook_token_rotated",
      detail: { api_key_id: key.id, agency: key.agencyName, agency_id: key.agencyId, first_token: issued },
    });
  });
  return {
    id: key.id,
    webhook_url: webhookUrl(deps, key.id),
    webhook_token: token,
    message: `${issued ? MESSAGES.webhookTokenIssued : MESSAGES.webhookTokenRotated} ${MESSAGES.webhookTokenCopyNow}`,
  };
}
