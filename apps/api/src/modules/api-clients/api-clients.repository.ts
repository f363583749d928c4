import type { Prisma } from "@odin/db";
import type { Database, Transaction } from "../../lib/database";

/** An API client with what the admin screen shows of it (never its sealed secret). */
const LISTED = {
  id: true,
  name: true,
  issuer: true,
  clientId: true,
  scopes: true,
  rateLimitPerMinute: true,
  expiresAt: true,
  createdAt: true,
  secretRotatedAt: true,
  lastUsedAt: true,
  deactivatedAt: true,
  userId: true,
  creator: { select: { username: true } },
} as const satisfies Prisma.ApiClientSelect;

export type ListedApiClient = Prisma.ApiClientGetPayload<{ select: typeof LISTED }>;

/** The agency's clients, live ones first, newest first. */
export function listAgencyApiClients(db: Database, agencyId: number): Promise<ListedApiClient[]> {
  return db.apiClient.findMany({
    where: { agencyId },
    orderBy: [{ deactivatedAt: { sort: "desc", nulls: "first" } }, { id: "desc" }],
    select: LISTED,
  });
}

/** One client of the agency (another agency's: null, so its id reveals nothing). */
export function findAgencyApiClient(db: Database | Transaction, agencyId: number, id: number) {
  return db.apiClient.findFirst({ where: { id, agencyId }, select: LISTED });
}

/** Serialises changes to one agency's clients (names are unique among its live clients). */
export async function lockAgencyClients(tx: Transaction, agencyId: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM agencies WHERE id = ${agencyId} FOR UPDATE`;
}

export function findLiveClientByName(tx: Transaction, agencyId: number, name: string) {
  return tx.apiClient.findFirst({
    where: { agencyId, deactivatedAt: null, name: { equals: name, mode: "insensitive" } },
    select: { id: true },
  });
}

/** Whether an account already answers to this subject (an external client's `sub`, or a person's). */
export async function subjectTaken(tx: Transaction, subject: string): Promise<boolean> {
  return (await tx.user.count({ where: { idpSubject: subject } })) > 0;
}

/** The client's account (a service account of the agency) and the client, together. */
export async function insertApiClient(
  tx: Transaction,
  account: Pick<
    Prisma.UserUncheckedCreateInput,
    "username" | "name" | "email" | "idpSubject" | "agencyId"
  > & {
    role: "user";
    hotlistAdmin: boolean;
    hotlistViewer: boolean;
  },
  client: Omit<Prisma.ApiClientUncheckedCreateInput, "userId">,
): Promise<ListedApiClient> {
  const user = await tx.user.create({
    data: { ...account, approved: true, serviceAccount: true },
    select: { id: true },
  });
  return tx.apiClient.create({ data: { ...client, userId: user.id }, select: LISTED });
}

/**
 * A new secret: the old one stops issuing tokens at once, and tokens it issued are refused from now
 * (the account's tokens_not_before), so a leaked secret's tokens end with it.
 */
export async function replaceClientSecret(
  tx: Transaction,
  id: number,
  userId: number,
  secretSealed: string,
  at: Date,
): Promise<ListedApiClient> {
  await tx.user.update({ where: { id: userId }, data: { tokensNotBefore: at }, select: { id: true } });
  return tx.apiClient.update({ where: { id }, data: { secretSealed, secretRotatedAt: at }, select: LISTED });
}

/** Switched off, with its account: its tokens are refused at their next call, and it gets no new ones. */
export async function deactivateClient(
  tx: Transaction,
  id: number,
  userId: number,
  at: Date,
): Promise<ListedApiClient> {
  await tx.user.update({
    where: { id: userId },
    data: { deactivatedAt: at, tokensNotBefore: at },
    select: { id: true },
  });
  return tx.apiClient.update({ where: { id }, data: { deactivatedAt: at }, select: LISTED });
}
