/**
 * Issue 34 items 1 and 2: a sign-in through the agency's identity provider finds its Odin account.
 *
 * POST /session/link carries the access token (bearer) and the ID token of the same sign-in. In order:
 * 1. an account already bound to the subject: kept (its mapping rules re-applied, when it is managed);
 * 2. a pending account (no subject yet) provisioned through SCIM whose external id is the token's `sub`
 *    or Entra ID's `oid`: bound;
 * 3. a pending account whose e-mail is the ID token's `email` with `email_verified: true`: bound;
 * 4. the agency's mapping rules: an account is made (just-in-time provisioning), or a pending one of the
 *    same e-mail takes the rule's role;
 * 5. otherwise refused (403, "No Odin account matches this sign-in…").
 * A subject once bound never changes here: an account bound to another subject is never re-bound by an
 * e-mail (the admin clears it: PUT /admin/users/:id/identity). Every outcome is audited.
 */
import type { User } from "@odin/db";
import { MESSAGES, type TSessionLinkResponse } from "@odin/contract";
import { createHash } from "node:crypto";
import { AppError } from "../../lib/app-error";
import { inTransaction, type Database } from "../../lib/database";
import type { RequestLog } from "../../access/actor";
import { writeAuditFor, type AuditSubject } from "../../lib/audit-rows.repository";
import type { VerifiedToken } from "../../access/actor";
import { InvalidTokenError, type IdTokenVerifier } from "../../identity/token-verifier";
import {
  applyGrantIfChanged,
  bindPendingAccount,
  findLiveByEmail,
  findBySubject,
  findPendingByScimId,
  insertManagedUser,
  noteSignIn,
  usernameTaken,
} from "../../identity/external/external-accounts.repository";
import { isUniqueViolation } from "../admin/users.repository";
import {
  evaluateRules,
  holdsGrant,
  type RuleGrant,
  type RuleOutcome,
} from "../../identity/external/idp-rules";
import type { RuleCache } from "../../identity/external/managed-accounts";
import type { UserInfoFetcher } from "../../identity/external/userinfo";

export const LINK_MESSAGES = {
  noAccount: MESSAGES.noAccountForSignIn,
  badIdToken: "The sign-in's ID token could not be checked. Sign in again.",
  otherSubject: "The ID token belongs to another sign-in than the access token. Sign in again.",
  ambiguous:
    "Your identity provider's groups match the sign-in rules of more than one agency. Ask Odin's owner to correct the rules.",
  linked: "Your sign-in is now linked to your Odin account.",
  deactivated:
    "Your Odin account is switched off (by your agency's admin or identity provider). Ask your agency's admin.",
  already: "Signed in.",
  created: "Your Odin account was made from your agency's sign-in rules.",
} as const;

/** Claims not worth keeping (per sign-in values, not about the person). */
const TRANSIENT_CLAIMS = new Set([
  "nonce",
  "at_hash",
  "c_hash",
  "s_hash",
  "iat",
  "exp",
  "nbf",
  "auth_time",
  "jti",
  "sid",
]);

export interface AccountLinkDeps {
  prisma: Database;
  verifyIdToken: IdTokenVerifier;
  /** The issuer's UserInfo, for an ID token without `email` (userinfo.ts). */
  userInfo?: UserInfoFetcher;
  rules: RuleCache;
  ownerUsername: string;
  issuer: string;
}

export interface LinkCaller {
  token: VerifiedToken;
  /** The bearer token as sent, for the issuer's UserInfo. */
  accessToken: string;
  ip: string;
  requestId: string;
  log: RequestLog;
}

export async function linkSignIn(
  deps: AccountLinkDeps,
  caller: LinkCaller,
  idToken: string,
): Promise<TSessionLinkResponse> {
  let idClaims: Record<string, unknown>;
  try {
    idClaims = await deps.verifyIdToken(idToken);
  } catch (error) {
    if (!(error instanceof InvalidTokenError)) throw error;
    caller.log.info({ reason: error.message }, "ID token refused at /session/link");
    throw new AppError("UNAUTHENTICATED", LINK_MESSAGES.badIdToken);
  }
  const { token } = caller;
  if (idClaims.sub !== token.sub) throw new AppError("UNAUTHENTICATED", LINK_MESSAGES.otherSubject);
  // A "thin" ID token (OIDC Core §5.4): the e-mail comes from UserInfo, for the same subject only.
  if (typeof idClaims.email !== "string" && deps.userInfo) {
    const info = await deps.userInfo(caller.accessToken, token.sub);
    if (info) idClaims = { ...info, ...idClaims };
  }
  const kept = keptClaims(idClaims);
  // The rules read both tokens: Keycloak puts realm roles in the access token, Entra ID groups in the ID token.
  const claims = { ...idClaims, ...token.claims };
  const email = typeof idClaims.email === "string" ? idClaims.email.trim().toLowerCase() : null;
  // Entra ID sends no email_verified for organisational accounts; its optional claim xms_edov (the
  // e-mail's domain owner verified) stands in for it, only when email_verified is absent.
  const truthy = (value: unknown) => value === true || value === "true" || value === 1 || value === "1";
  const emailVerified =
    idClaims.email_verified === undefined ? truthy(idClaims.xms_edov) : truthy(idClaims.email_verified);
  const now = new Date();
  const who = (user: Pick<User, "id" | "username" | "agencyId"> | null): AuditSubject => ({
    userId: user?.id ?? null,
    username: user?.username ?? (email || `subject ${token.sub}`),
    agencyId: user?.agencyId ?? null,
    ip: caller.ip,
    requestId: caller.requestId,
  });
  const about = { issuer: deps.issuer, subject: token.sub, email, email_verified: emailVerified };
  const outcome: RuleOutcome = evaluateRules(await deps.rules.get(), claims);

  const refuse = async (
    reason: string,
    message: string = LINK_MESSAGES.noAccount,
    user: User | null = null,
  ) => {
    await writeAuditFor(deps.prisma, who(user), {
      action: "identity_link_refused",
      detail: { ...about, reason },
    });
    throw new AppError("FORBIDDEN", message);
  };

  return inTransaction(deps.prisma, async (tx) => {
    // 1. Bound before.
    const bound = await findBySubject(tx, token.sub);
    if (bound && !bound.deletedAt) {
      await noteSignIn(tx, bound.id, kept, now);
      if (bound.idpManaged && bound.username !== deps.ownerUsername) {
        if (outcome.kind === "ambiguous")
          refusedAfterCommit(LINK_MESSAGES.ambiguous, "rules of several agencies", bound);
        if (outcome.kind === "none")
          refusedAfterCommit(LINK_MESSAGES.noAccount, "no rule matches any more", bound);
        if (!holdsGrant(bound, outcome.grant) && (await applyGrantIfChanged(tx, bound.id, outcome.grant))) {
          await writeAuditFor(tx, who({ ...bound, agencyId: outcome.grant.agencyId }), {
            action: "user_changed_by_rule",
            detail: { ...about, user_id: bound.id, ...grantDetail(outcome.grant), before: grantOf(bound) },
          });
        }
      }
      return { status: "already", message: LINK_MESSAGES.already } as const;
    }
    if (bound?.deletedAt)
      refusedAfterCommit(LINK_MESSAGES.noAccount, "the account bound to this subject is deleted");

    // 2. Provisioned through SCIM, with the subject (or Entra's object id) as its external id.
    const ids = [token.sub, ...(typeof claims.oid === "string" ? [claims.oid] : [])];
    const scim = (await findPendingByScimId(tx, ids)).filter((user) => user.username !== deps.ownerUsername);
    if (scim.length === 1) return bind(scim[0]!, "scim_external_id");

    // 3. Added by e-mail, and the issuer vouches for the e-mail.
    const byEmail = email ? await findLiveByEmail(tx, email) : null;
    // The owner too: with an external issuer, `odin setup` makes the owner by e-mail and the first
    // sign-in the issuer vouches for links it. Rules never touch the owner (below).
    const isOwner = byEmail?.username === deps.ownerUsername;
    if (byEmail) {
      if (byEmail.idpSubject === token.sub)
        return { status: "already", message: LINK_MESSAGES.already } as const;
      if (byEmail.idpSubject)
        return refusedAfterCommit(
          LINK_MESSAGES.noAccount,
          "the e-mail's account is bound to another subject",
          byEmail,
        );
      if (emailVerified) {
        if (outcome.kind === "grant" && !isOwner) {
          if (byEmail.agencyId !== null && byEmail.agencyId !== outcome.grant.agencyId)
            return refusedAfterCommit(
              LINK_MESSAGES.ambiguous,
              "the rule's agency is not the account's",
              byEmail,
            );
          await applyGrantIfChanged(tx, byEmail.id, outcome.grant);
        }
        return bind(byEmail, "verified e-mail");
      }
      return refusedAfterCommit(
        LINK_MESSAGES.noAccount,
        "the e-mail is not verified by the identity provider",
        byEmail,
      );
    }

    // 4. The agency's rules make the account.
    if (outcome.kind === "ambiguous")
      return refusedAfterCommit(LINK_MESSAGES.ambiguous, "rules of several agencies");
    if (outcome.kind === "grant") {
      const username = await freeUsername(tx, claims, token.sub);
      const user = await insertManagedUser(
        tx,
        {
          username,
          name: personName(claims) ?? username,
          email: email ?? placeholderEmail(token.sub, deps.issuer),
          subject: token.sub,
          grant: outcome.grant,
          claims: kept,
        },
        now,
      );
      await writeAuditFor(tx, who(user), {
        action: "user_provisioned_by_rule",
        detail: { ...about, user_id: user.id, ...grantDetail(outcome.grant) },
      });
      return { status: "created", message: LINK_MESSAGES.created } as const;
    }
    return refusedAfterCommit(LINK_MESSAGES.noAccount, "no account and no rule matches");

    async function bind(user: User, method: string): Promise<TSessionLinkResponse> {
      // Switched off (SCIM `active: false`): never linked, so a later sign-in cannot revive it.
      if (user.deactivatedAt)
        refusedAfterCommit(LINK_MESSAGES.deactivated, "the account is switched off", user);
      if (!(await bindPendingAccount(tx, user.id, token.sub, now))) {
        // Another call of the same sign-in bound it first (a statement sees what committed before it).
        if ((await findBySubject(tx, token.sub))?.id === user.id)
          return { status: "already", message: LINK_MESSAGES.already } as const;
        return refusedAfterCommit(
          LINK_MESSAGES.noAccount,
          "the account was bound to another subject meanwhile",
          user,
        );
      }
      await noteSignIn(tx, user.id, kept, now);
      await writeAuditFor(tx, who(user), {
        action: "identity_linked",
        detail: { ...about, user_id: user.id, method },
      });
      return { status: "linked", message: LINK_MESSAGES.linked };
    }
  }).catch(async (error: unknown) => {
    // A refusal is audited outside the transaction it ends (which wrote nothing else).
    if (error instanceof Refusal) return refuse(error.reason, error.message, error.user);
    // Two first calls of one sign-in made the same account: the other one's stands.
    if (isUniqueViolation(error) && (await findBySubject(deps.prisma, token.sub)))
      return { status: "already", message: LINK_MESSAGES.already } as const;
    throw error;
  });
}

/** Ends the transaction without its writes; the caller audits the refusal on its own. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly reason: string,
    readonly user: User | null,
  ) {
    super(message);
  }
}

function refusedAfterCommit(message: string, reason: string, user: User | null = null): never {
  throw new Refusal(message, reason, user);
}

function grantOf(user: Pick<User, "agencyId" | "role" | "hotlistAdmin" | "hotlistViewer" | "auditor">) {
  return {
    agency_id: user.agencyId,
    role: user.role,
    hotlist_admin: user.hotlistAdmin,
    hotlist_viewer: user.hotlistViewer,
    auditor: user.auditor,
  };
}

export function grantDetail(grant: RuleGrant) {
  return { ...grantOf(grant), rule_ids: grant.ruleIds };
}

function keptClaims(claims: Record<string, unknown>): Record<string, unknown> | null {
  const kept = Object.fromEntries(Object.entries(claims).filter(([name]) => !TRANSIENT_CLAIMS.has(name)));
  const text = JSON.stringify(kept);
  return text.length > 32_000 ? null : (JSON.parse(text) as Record<string, unknown>);
}

function personName(claims: Record<string, unknown>): string | null {
  if (typeof claims.name === "string" && claims.name.trim()) return claims.name.trim().slice(0, 200);
  const parts = [claims.given_name, claims.family_name].filter(
    (part): part is string => typeof part === "string",
  );
  return parts.length ? parts.join(" ").trim().slice(0, 200) || null : null;
}

/** preferred_username, else the e-mail, else a name from the subject; made unique by a short suffix. */
async function freeUsername(
  db: Parameters<typeof usernameTaken>[0],
  claims: Record<string, unknown>,
  subject: string,
) {
  const wanted = [claims.preferred_username, claims.upn, claims.email].find(
    (value): value is string => typeof value === "string" && value.trim().length > 0,
  );
  const base = (wanted ?? `idp-${subject}`).trim().slice(0, 90);
  if (!(await usernameTaken(db, base))) return base;
  return `${base}-${createHash("sha256").update(subject).digest("hex").slice(0, 6)}`;
}

/** An address that can never receive mail (RFC 2606 .invalid), unique per subject. */
function placeholderEmail(subject: string, issuer: string): string {
  const digest = createHash("sha256").update(`${issuer} ${subject}`).digest("hex").slice(0, 16);
  return `no-email-${digest}@idp.invalid`;
}
