import {
  DEFAULT_OFFENSE_CATEGORIES,
  type TCaseFields,
  type TCaseFieldSettings,
  type TFieldIssue,
} from "@odin/contract";
import type { z } from "zod";
import type { ZCaseFieldSettingsRequest } from "@odin/contract";
import type { Actor } from "../../access/actor";
import { AppError } from "../../lib/app-error";
import { inTransaction, type Database } from "../../lib/database";
import { writeAudit } from "../../lib/audit-rows.repository";
import { requireOwnAgency } from "../../access/tenancy";
import {
  caseFieldRowSql,
  findCaseFieldRow,
  updateCaseFieldRow,
  type CaseFieldRow,
} from "./case-fields.repository";

export const CASE_NUMBER_REQUIRED = "Case number is required by your agency.";
export const OFFENSE_CATEGORY_REQUIRED = "Offense category is required by your agency.";
export const OFFENSE_CATEGORY_UNKNOWN = "Choose an offense category from your agency's list.";

function toSettings(agency: CaseFieldRow | null): TCaseFieldSettings {
  return {
    require_case_number: agency?.requireCaseNumber ?? false,
    require_offense_category: agency?.requireOffenseCategory ?? false,
    offense_categories: agency?.offenseCategories.length
      ? agency.offenseCategories
      : [...DEFAULT_OFFENSE_CATEGORIES],
  };
}

/** GET /case-fields: the caller's agency's list and requirements (defaults for a user of no agency). */
export async function findCaseFieldSettings(
  prisma: Pick<Database, "agency">,
  auth: Pick<Actor, "user">,
): Promise<TCaseFieldSettings> {
  const agencyId = auth.user.agencyId;
  const agency = agencyId === null ? null : await findCaseFieldRow(prisma, agencyId);
  return toSettings(agency);
}

/** PUT /admin/case-fields: the admin's own agency; an empty list goes back to the defaults. Audited. */
export async function updateCaseFieldSettings(
  prisma: Database,
  actor: Actor,
  body: z.output<typeof ZCaseFieldSettingsRequest>,
): Promise<TCaseFieldSettings> {
  const agencyId = requireOwnAgency(actor);
  return inTransaction(prisma, async (tx) => {
    const agency = await updateCaseFieldRow(tx, agencyId, {
      requireCaseNumber: body.require_case_number,
      requireOffenseCategory: body.require_offense_category,
      offenseCategories: body.offense_categories,
    });
    const settings = toSettings(agency);
    await writeAudit(tx, actor, {
      action: "case_fields_changed",
      detail: {
        require_case_number: settings.require_case_number,
        require_offense_category: settings.require_offense_category,
        offense_categories: body.offense_categories.length ? body.offense_categories : "defaults",
      },
    });
    return settings;
  });
}

/**
 * Refuses a search or export that lacks what the caller's agency requires, or names an offense
 * category not on its list, with the failing fields (400). Called before the audit row is written.
 */
export async function checkCaseFields(
  prisma: Pick<Database, "agency">,
  auth: Pick<Actor, "user">,
  fields: TCaseFields,
): Promise<void> {
  refuseMissingCaseFields(await findCaseFieldSettings(prisma, auth), fields);
}

/**
 * checkCaseFields for a caller that read its agency's row within another statement (a search reads it
 * with its scope, issue 42 item 0: caseFieldRowSql); null: no agency, the defaults.
 */
export function checkCaseFieldsOf(row: CaseFieldRow | null, fields: TCaseFields): void {
  refuseMissingCaseFields(toSettings(row), fields);
}

/** The case fields of the caller's agency as one expression of a statement (see checkCaseFieldsOf). */
export function caseFieldsSql(auth: Pick<Actor, "user">): ReturnType<typeof caseFieldRowSql> {
  return caseFieldRowSql(auth.user.agencyId);
}

function refuseMissingCaseFields(settings: TCaseFieldSettings, fields: TCaseFields): void {
  const issues: TFieldIssue[] = [];
  if (settings.require_case_number && !fields.case_number) {
    issues.push({ path: "case_number", message: CASE_NUMBER_REQUIRED });
  }
  if (settings.require_offense_category && !fields.offense_category) {
    issues.push({ path: "offense_category", message: OFFENSE_CATEGORY_REQUIRED });
  } else if (fields.offense_category && !settings.offense_categories.includes(fields.offense_category)) {
    issues.push({ path: "offense_category", message: OFFENSE_CATEGORY_UNKNOWN });
  }
  if (issues.length) throw new AppError("VALIDATION_FAILED", issues[0]!.message, issues);
}

/** The case fields as an audit row's query_parameters carry them (null when not given). */
export function caseFieldsForAudit(fields: TCaseFields) {
  return { case_number: fields.case_number ?? null, offense_category: fields.offense_category ?? null };
}
