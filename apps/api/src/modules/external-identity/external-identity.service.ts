/**
 * Issue 34: what admins and the owner do about sign-in through the agency's identity provider: bind an
 * account to a subject (or clear it, so the next sign-in links again), and keep the mapping rules.
 */
import type { TIdpRoleRule, TIdpRoleRuleInput } from "@odin/contract";
import { AppError } from "../../lib/app-error";
import { inTransaction, type Database } from "../../lib/database";
import type { Actor } from "../../access/actor";
import { writeAudit } from "../../lib/audit-rows.repository";
import { findAdministeredUser } from "../admin/admin.service";
import { isUniqueViolation, revokeUserSessions } from "../admin/users.repository";
import { SUBJECT_NOT_TAKEN, SUBJECT_TAKEN } from "../admin/add-user.service";
import { findAgencyOrFail } from "../admin/agencies.repository";
import {
  deleteRule,
  findRule,
  insertRule,
  listRules,
  setSubject,
} from "../../identity/external/external-accounts.repository";
import type { RuleCache } from "../../identity/external/managed-accounts";

export interface ExternalIdentityDeps {
  prisma: Database;
  ownerUsername: string;
  /** Sign-in goes through an external issuer (subjects are the provider's, not Odin's). */
  externalIssuer: boolean;
  rules: RuleCache;
}

/**
 * PUT /admin/users/:id/identity. Binding names the subject the provider gives the person; clearing makes
 * the account pending again. Either way the account's sessions end: tokens of the old binding must not
 * outlive it. Audited with the subject before and after.
 */
export async function setUserIdentity(
  deps: ExternalIdentityDeps,
  actor: Actor,
  userId: number,
  subject: string | null,
): Promise<string> {
  const user = await findAdministeredUser(deps.prisma, actor, userId);
  if (!deps.externalIssuer) throw new AppError("CONFLICT", SUBJECT_NOT_TAKEN);
  if (user.username.toLowerCase() === deps.ownerUsername.toLowerCase() && !actor.isOwner)
    throw new AppError("FORBIDDEN", "Only the owner changes the owner account's sign-in.");
  if (user.idpSubject === subject)
    return subject
      ? `${user.username} is already bound to this subject.`
      : `${user.username} is already waiting for a first sign-in.`;
  try {
    await inTransaction(deps.prisma, async (tx) => {
      await setSubject(tx, user.id, subject);
      if (user.idpSubject) await revokeUserSessions(tx, user.id, new Date());
      await writeAudit(tx, actor, {
        action: "identity_set",
        detail: { user_id: user.id, username: user.username, before: user.idpSubject, after: subject },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", SUBJECT_TAKEN);
    throw error;
  }
  return subject
    ? `${user.username} now signs in as subject ${subject}.`
    : `${user.username} will be linked again at the next sign-in (by verified e-mail).`;
}

function toRule(row: Awaited<ReturnType<typeof listRules>>[number]): TIdpRoleRule {
  return {
    id: row.id,
    agency_id: row.agencyId,
    agency_name: row.agency.name,
    claim: row.claim,
    value: row.value,
    role: row.role,
    hotlist_admin: row.hotlistAdmin,
    hotlist_viewer: row.hotlistViewer,
    auditor: row.auditor,
    created_at: row.createdAt.toISOString(),
  };
}

export async function getRules(deps: ExternalIdentityDeps) {
  return { rules: (await listRules(deps.prisma)).map(toRule), external_issuer: deps.externalIssuer };
}

export async function addRule(
  deps: ExternalIdentityDeps,
  actor: Actor,
  input: TIdpRoleRuleInput,
): Promise<TIdpRoleRule> {
  await findAgencyOrFail(deps.prisma, input.agency_id);
  try {
    const row = await inTransaction(deps.prisma, async (tx) => {
      const created = await insertRule(tx, {
        agencyId: input.agency_id,
        claim: input.claim,
        value: input.value,
        role: input.role,
        hotlistAdmin: input.hotlist_admin,
        hotlistViewer: input.hotlist_viewer,
        auditor: input.auditor,
        createdBy: actor.user.id,
      });
      await writeAudit(tx, actor, { action: "idp_rule_added", detail: { rule_id: created.id, ...input } });
      return created;
    });
    deps.rules.forget();
    return toRule(row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("CONFLICT", `The agency already has a rule for ${input.claim} = ${input.value}.`);
    throw error;
  }
}

export async function removeRule(deps: ExternalIdentityDeps, actor: Actor, id: number): Promise<string> {
  const rule = await findRule(deps.prisma, id);
  if (!rule) throw new AppError("NOT_FOUND", "Rule not found.");
  await inTransaction(deps.prisma, async (tx) => {
    if ((await deleteRule(tx, id)).count === 0) throw new AppError("NOT_FOUND", "Rule not found.");
    await writeAudit(tx, actor, {
      action: "idp_rule_removed",
      detail: {
        rule_id: id,
        agency_id: rule.agencyId,
        claim: rule.claim,
        value: rule.value,
        role: rule.role,
      },
    });
  });
  deps.rules.forget();
  return "Rule removed. Accounts it gave access lose it at their next token.";
}
