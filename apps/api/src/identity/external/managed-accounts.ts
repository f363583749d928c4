/**
 * Issue 34 item 2: accounts the agency's mapping rules manage (users.idp_managed) are checked again on
 * every new access token: the rules read the token's claims and those of the person's last ID token
 * (POST /session/link). A person whose groups no longer match loses access at their next token (the
 * next sign-in or refresh); one whose groups changed gets the new role at once. The rules are read at
 * most every few seconds per process, and each token is judged once per process.
 */
import type { User } from "@odin/db";
import { inTransaction, type Database } from "../../lib/database";
import { writeAuditFor } from "../../lib/audit-rows.repository";
import type { VerifiedToken } from "../../access/actor";
import { applyGrantIfChanged, loadRules } from "./external-accounts.repository";
import { evaluateRules, holdsGrant, type IdpRule, type RuleGrant } from "./idp-rules";

const RULES_TTL_MS = 5_000;
const JUDGED_TOKENS = 10_000;

export interface RuleCache {
  get(): Promise<IdpRule[]>;
  /** After the owner changed the rules: the next call reads them again. */
  forget(): void;
}

export function createRuleCache(prisma: Database): RuleCache {
  let cached: { rules: Promise<IdpRule[]>; at: number } | undefined;
  return {
    get() {
      if (!cached || Date.now() - cached.at > RULES_TTL_MS) {
        const rules = loadRules(prisma);
        cached = { rules, at: Date.now() };
        rules.catch(() => (cached = undefined));
      }
      return cached.rules;
    },
    forget() {
      cached = undefined;
    },
  };
}

export type ManagedVerdict<U> = { ok: true; user: U } | { ok: false; reason: "none" | "ambiguous" };

export const MANAGED_MESSAGES = {
  none: "Your agency's identity provider no longer gives you access to Odin (your groups match no sign-in rule). Ask your agency's admin.",
  ambiguous:
    "Your identity provider's groups match the sign-in rules of more than one agency. Ask Odin's owner to correct the rules.",
} as const;

/**
 * Judges a managed account's token: the grant its claims earn now, written when it differs (audited),
 * or a refusal. Tokens already judged in this process answer from memory.
 */
export function createManagedAccountCheck(prisma: Database, rules: RuleCache) {
  const judged = new Map<string, RuleGrant | "none" | "ambiguous">();
  return async function check<U extends User>(
    user: U,
    token: VerifiedToken,
    where: { ip: string; requestId: string },
  ): Promise<ManagedVerdict<U>> {
    // The token's own claims name it (two tokens of one second may differ in their groups).
    const key = `${user.id}:${typeof token.claims.jti === "string" ? token.claims.jti : JSON.stringify(token.claims)}`;
    let verdict = judged.get(key);
    if (verdict === undefined) {
      const stored =
        user.idpClaims && typeof user.idpClaims === "object" && !Array.isArray(user.idpClaims)
          ? (user.idpClaims as Record<string, unknown>)
          : {};
      const outcome = evaluateRules(await rules.get(), { ...stored, ...token.claims });
      verdict = outcome.kind === "grant" ? outcome.grant : outcome.kind;
      if (judged.size >= JUDGED_TOKENS) judged.clear();
      judged.set(key, verdict);
    }
    if (verdict === "none" || verdict === "ambiguous") return { ok: false, reason: verdict };
    if (holdsGrant(user, verdict)) return { ok: true, user };
    const grant = verdict;
    await inTransaction(prisma, async (tx) => {
      if (!(await applyGrantIfChanged(tx, user.id, grant))) return;
      await writeAuditFor(
        tx,
        {
          userId: user.id,
          username: user.username,
          agencyId: grant.agencyId,
          ip: where.ip,
          requestId: where.requestId,
        },
        {
          action: "user_changed_by_rule",
          detail: {
            user_id: user.id,
            agency_id: grant.agencyId,
            role: grant.role,
            hotlist_admin: grant.hotlistAdmin,
            hotlist_viewer: grant.hotlistViewer,
            auditor: grant.auditor,
            rule_ids: grant.ruleIds,
            before: {
              agency_id: user.agencyId,
              role: user.role,
              hotlist_admin: user.hotlistAdmin,
              hotlist_viewer: user.hotlistViewer,
              auditor: user.auditor,
            },
          },
        },
      );
    });
    return {
      ok: true,
      user: {
        ...user,
        agencyId: grant.agencyId,
        role: grant.role,
        hotlistAdmin: grant.hotlistAdmin,
        hotlistViewer: grant.hotlistViewer,
        auditor: grant.auditor,
      },
    };
  };
}
