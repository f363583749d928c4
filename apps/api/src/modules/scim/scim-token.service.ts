import type { TScimTokenCreated, TScimTokenStatus } from "@odin/contract";
import { generateToken, hashToken } from "@odin/db";
import type { Actor } from "../../access/actor";
import { AppError } from "../../lib/app-error";
import { inTransaction, type Database } from "../../lib/database";
import { writeAudit, type AuditSubject } from "../../lib/audit-rows.repository";
import { ScimError } from "./scim-protocol";
import {
  findAgencyScimToken,
  findLiveScimToken,
  insertScimToken,
  lockAgency,
  revokeAgencyScimTokens,
  touchScimToken,
} from "./scim.repository";

export interface ScimDeps {
  prisma: Database;
  /** ODIN_PUBLIC_URL: the SCIM base URL is `${publicUrl}/scim/v2`. */
  publicUrl: string;
  /** OWNER_USERNAME: SCIM never sees, makes or changes the owner account. */
  ownerUsername: string;
}

/** Who is calling the SCIM API: an agency's provisioning client, by its token. */
export interface ScimClient {
  agencyId: number;
  tokenId: number;
  /** For the audit rows it writes (no Odin account: user_id null, this as the name). */
  audit: AuditSubject;
}

/** What a SCIM token starts with, so a secret scanner (and a person) can tell what it is. */
const TOKEN_PREFIX = "odin_scim_";

export function scimBaseUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/scim/v2`;
}

/** The name SCIM's audit rows carry: no account has it (usernames are people's, and SCIM refuses this one). */
export function scimAuditName(tokenId: number): string {
  return `SCIM client (token #${tokenId})`;
}

/**
 * The caller of a SCIM call from its `Authorization: Bearer` header: a live token of an active agency,
 * compared by its SHA-256 (only the hash is stored). Anything else is 401 (403 for a deactivated agency).
 */
export async function authenticateScim(
  deps: Pick<ScimDeps, "prisma">,
  authorization: string | undefined,
  request: { ip: string; requestId: string },
): Promise<ScimClient> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (!bearer) throw new ScimError(401, "The request carries no bearer token: send the agency's SCIM token.");
  const token = await findLiveScimToken(deps.prisma, hashToken(bearer));
  if (!token) {
    throw new ScimError(
      401,
      "This bearer token is not a live SCIM token: an agency admin can make a new one in Odin.",
    );
  }
  if (token.agency.deactivatedAt) {
    throw new ScimError(403, "The agency's access to Odin is deactivated: provisioning is refused.");
  }
  await touchScimToken(deps.prisma, token.id, new Date());
  return {
    agencyId: token.agencyId,
    tokenId: token.id,
    audit: {
      userId: null,
      username: scimAuditName(token.id),
      agencyId: token.agencyId,
      ip: request.ip,
      requestId: request.requestId,
    },
  };
}

function agencyOf(actor: Actor): number {
  if (actor.user.agencyId === null) {
    throw new AppError(
      "CONFLICT",
      "Your account belongs to no agency: SCIM tokens are made by an agency's admin.",
    );
  }
  return actor.user.agencyId;
}

function status(
  deps: Pick<ScimDeps, "publicUrl">,
  token: { createdAt: Date; lastUsedAt: Date | null } | null,
): TScimTokenStatus {
  return {
    exists: token !== null,
    created_at: token?.createdAt.toISOString() ?? null,
    last_used_at: token?.lastUsedAt?.toISOString() ?? null,
    base_url: scimBaseUrl(deps.publicUrl),
  };
}

/** GET /admin/scim-token: whether the admin's agency has a live token, and the base URL. */
export async function getScimTokenStatus(deps: ScimDeps, actor: Actor): Promise<TScimTokenStatus> {
  return status(deps, await findAgencyScimToken(deps.prisma, agencyOf(actor)));
}

/**
 * POST /admin/scim-token: a new token for the admin's agency, answered once; the one before (if any)
 * is revoked in the same transaction, so the identity provider must be given the new one.
 */
export async function createScimToken(deps: ScimDeps, actor: Actor): Promise<TScimTokenCreated> {
  const agencyId = agencyOf(actor);
  const token = `${TOKEN_PREFIX}${generateToken(32)}`;
  const now = new Date();
  const row = await inTransaction(deps.prisma, async (tx) => {
    await lockAgency(tx, agencyId);
    const replaced = await revokeAgencyScimTokens(tx, agencyId, now);
    const created = await insertScimToken(tx, {
      agencyId,
      tokenHash: hashToken(token),
      createdBy: actor.user.id,
    });
    await writeAudit(tx, actor, {
      action: "scim_token_created",
      detail: { scim_token_id: created.id, replaced_tokens: replaced },
    });
    return created;
  });
  return {
    ...status(deps, row),
    message:
      "SCIM token created. Enter it and the base URL in your identity provider's provisioning settings.",
    token,
  };
}

/** DELETE /admin/scim-token: the agency's token stops working at once. */
export async function revokeScimToken(deps: ScimDeps, actor: Actor): Promise<string> {
  const agencyId = agencyOf(actor);
  const revoked = await inTransaction(deps.prisma, async (tx) => {
    await lockAgency(tx, agencyId);
    const live = await findAgencyScimToken(tx, agencyId);
    if (!live) return 0;
    const count = await revokeAgencyScimTokens(tx, agencyId, new Date());
    await writeAudit(tx, actor, { action: "scim_token_revoked", detail: { scim_token_id: live.id } });
    return count;
  });
  if (revoked === 0) throw new AppError("NOT_FOUND", "Your agency has no SCIM token to revoke.");
  return "SCIM token revoked: provisioning calls are refused until a new token is made.";
}
