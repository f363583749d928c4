import { RETENTION_SLOTS, type TRetentionPolicy, type TRetentionSettings } from "@odin/contract";
import type { Actor } from "../../access/actor";
import { inTransaction, type Database } from "../../lib/database";
import { writeAudit } from "../../lib/audit-rows.repository";
import { requireOwnAgency } from "../../access/tenancy";
import {
  findAgencyRetentionDays,
  findRetentionPolicies,
  saveRetentionPolicies,
  type StoredPolicy,
} from "./retention.repository";

export interface RetentionDefaults {
  /** DETECTION_RETENTION_DAYS (an agency's retention_days, set by the owner, comes first). */
  readDays: number;
  /** ALERT_RETENTION_DAYS. */
  alertDays: number;
}

/**
 * Every slot of the agency's retention with what applies: its own days, else the default (reads: the
 * owner's per-agency retention, else DETECTION_RETENTION_DAYS; alerts: ALERT_RETENTION_DAYS; the audit
 * log: indefinitely).
 */
export function describeRetention(
  stored: StoredPolicy[],
  agencyRetentionDays: number | null,
  defaults: RetentionDefaults,
): TRetentionPolicy[] {
  return RETENTION_SLOTS.map((slot) => ({
    record: slot.record,
    source: slot.source,
    label: slot.label,
    days: stored.find((row) => row.record === slot.record && row.source === slot.source)?.days ?? null,
    default_days:
      slot.record === "reads"
        ? (agencyRetentionDays ?? defaults.readDays)
        : slot.record === "alerts"
          ? defaults.alertDays
          : null,
  }));
}

export interface RetentionDeps {
  prisma: Database;
  defaults: RetentionDefaults;
}

/** GET /admin/retention: the admin's own agency's retention. */
export async function findRetentionSettings(deps: RetentionDeps, actor: Actor): Promise<TRetentionSettings> {
  const agencyId = requireOwnAgency(actor);
  const [stored, retentionDays] = await Promise.all([
    findRetentionPolicies(deps.prisma, agencyId),
    findAgencyRetentionDays(deps.prisma, agencyId),
  ]);
  return { policies: describeRetention(stored, retentionDays, deps.defaults) };
}

/**
 * PUT /admin/retention: the slots named are set (null: back to the default), in one transaction with
 * their audit row. The contract refuses an audit retention under 365 days; the table's CHECK too.
 */
export async function updateRetentionSettings(
  deps: RetentionDeps,
  actor: Actor,
  body: { policies: { record: string; source: string; days: number | null }[] },
): Promise<TRetentionSettings> {
  const agencyId = requireOwnAgency(actor);
  await inTransaction(deps.prisma, async (tx) => {
    await saveRetentionPolicies(tx, agencyId, body.policies);
    await writeAudit(tx, actor, { action: "retention_changed", detail: { policies: body.policies } });
  });
  return findRetentionSettings(deps, actor);
}
