import { Prisma, type PrismaClient } from "@odin/db";
import type { IdpRule, RuleGrant } from "./idp-rules";

/**
 * Issue 34: the statements of linking a sign-in through an external issuer to an Odin account, of the
 * owner's mapping rules, and of accounts those rules manage.
 */
type Db = Pick<Prisma.TransactionClient, "user" | "idpRoleRule">;

const withAgency = { agency: { select: { deactivatedAt: true, mfaRequired: true } } } as const;

/** The account bound to a subject, deleted or not. */
export function findBySubject(db: Db, subject: string) {
  return db.user.findUnique({ where: { idpSubject: subject } });
}

/** Live, unlinked accounts whose SCIM external id is one of `ids` (the token's `sub`, Entra's `oid`). */
export function findPendingByScimId(db: Db, ids: string[]) {
  return db.user.findMany({
    where: { idpSubject: null, deletedAt: null, scimExternalId: { in: ids } },
    include: withAgency,
  });
}

/** The live account holding an e-mail (stored lower-cased), linked or not. */
export function findLiveByEmail(db: Db, email: string) {
  return db.user.findFirst({ where: { email: email.toLowerCase(), deletedAt: null }, include: withAgency });
}

/**
 * Binds a pending account to a subject by one conditional UPDATE: false when it was bound meanwhile
 * (two first calls of one sign-in at once), so a subject never replaces another silently.
 */
export async function bindPendingAccount(
  db: Db,
  userId: number,
  subject: string,
  now: Date,
): Promise<boolean> {
  const bound = await db.user.updateMany({
    where: { id: userId, idpSubject: null, deletedAt: null },
    data: { idpSubject: subject, lastLoginAt: now },
  });
  return bound.count === 1;
}

/** The claims of the person's latest ID token, and the time of the sign-in. */
export async function noteSignIn(db: Db, userId: number, claims: Record<string, unknown> | null, now: Date) {
  await db.user.update({
    where: { id: userId },
    data: { idpClaims: claims ? (claims as Prisma.InputJsonObject) : Prisma.DbNull, lastLoginAt: now },
  });
}

/** Sets (or clears, null) an account's subject: the admin's explicit binding. */
export async function setSubject(db: Db, userId: number, subject: string | null) {
  await db.user.update({ where: { id: userId }, data: { idpSubject: subject } });
}

/** An account a rule made at a first sign-in (just-in-time provisioning). */
export function insertManagedUser(
  db: Db,
  data: {
    username: string;
    name: string;
    email: string;
    subject: string;
    grant: RuleGrant;
    claims: Record<string, unknown> | null;
  },
  now: Date,
) {
  return db.user.create({
    data: {
      username: data.username,
      name: data.name,
      email: data.email,
      idpSubject: data.subject,
      idpManaged: true,
      idpClaims: data.claims ? (data.claims as Prisma.InputJsonObject) : Prisma.DbNull,
      approved: true,
      agencyId: data.grant.agencyId,
      role: data.grant.role,
      hotlistAdmin: data.grant.hotlistAdmin,
      hotlistViewer: data.grant.hotlistViewer,
      auditor: data.grant.auditor,
      lastLoginAt: now,
    },
    include: withAgency,
  });
}

/**
 * What a rule gives, written onto an account (which the rules then manage), by one conditional UPDATE, only where the account does not hold the grant already: true
 * when this call changed it, so concurrent requests of one new token write (and audit) it once.
 */
export async function applyGrantIfChanged(db: Db, userId: number, grant: RuleGrant): Promise<boolean> {
  const changed = await db.user.updateMany({
    where: {
      id: userId,
      NOT: {
        idpManaged: true,
        agencyId: grant.agencyId,
        role: grant.role,
        hotlistAdmin: grant.hotlistAdmin,
        hotlistViewer: grant.hotlistViewer,
        auditor: grant.auditor,
      },
    },
    data: {
      idpManaged: true,
      agencyId: grant.agencyId,
      role: grant.role,
      hotlistAdmin: grant.hotlistAdmin,
      hotlistViewer: grant.hotlistViewer,
      auditor: grant.auditor,
    },
  });
  return changed.count === 1;
}

/** Whether a username is taken (in any case, deleted accounts included: they keep theirs). */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const found = await db.user.findFirst({
    where: { username: { equals: username, mode: "insensitive" } },
    select: { id: true },
  });
  return found !== null;
}

/** Every mapping rule (a small table: read whole, cached a few seconds per process). */
export async function loadRules(db: Pick<PrismaClient, "idpRoleRule">): Promise<IdpRule[]> {
  const rows = await db.idpRoleRule.findMany({
    where: { agency: { deactivatedAt: null } },
    orderBy: { id: "asc" },
  });
  return rows.map((row) => ({
    id: row.id,
    agencyId: row.agencyId,
    claim: row.claim,
    value: row.value,
    role: row.role,
    hotlistAdmin: row.hotlistAdmin,
    hotlistViewer: row.hotlistViewer,
    auditor: row.auditor,
  }));
}

/** The rules as the owner's screen lists them, with their agency's name. */
export function listRules(db: Pick<PrismaClient, "idpRoleRule">) {
  return db.idpRoleRule.findMany({
    include: { agency: { select: { name: true } } },
    orderBy: [{ agency: { name: "asc" } }, { claim: "asc" }, { value: "asc" }],
  });
}

export function insertRule(db: Db, data: Omit<Prisma.IdpRoleRuleUncheckedCreateInput, "id" | "createdAt">) {
  return db.idpRoleRule.create({ data, include: { agency: { select: { name: true } } } });
}

export function deleteRule(db: Db, id: number) {
  return db.idpRoleRule.deleteMany({ where: { id } });
}

export function findRule(db: Db, id: number) {
  return db.idpRoleRule.findUnique({ where: { id } });
}
