/**
 * Issue 38 item 2: an agency's API clients (service accounts) for its CAD, RMS or real-time crime
 * centre. A client is an account of the agency (users.service_account: role "user", the hotlist flags
 * its scopes need, never admin) plus its api_clients row (credentials, scopes, rate limit, expiry, last
 * use). So every rule a person meets holds for it: its agency scopes what it sees, every call writes an
 * audit row under its name, a search needs a justification and the agency's case fields. What it may
 * call is its scopes' routes only (access/client-scopes.ts, applied by the auth hook).
 *
 * With the built-in provider, the client takes tokens at `/oidc/token` by OAuth 2.0 client credentials
 * with the id and secret made here (the secret shown once, kept sealed for the provider). With an
 * external issuer (OIDC_ISSUER), the agency makes the client in its identity provider and the admin
 * names here the `sub` of the tokens it issues to it.
 */
import type {
  TApiClient,
  TApiClientChanged,
  TApiClientCreated,
  TApiClientList,
  TCreateApiClientRequest,
} from "@odin/contract";
import { API_CLIENT_LIMITS } from "@odin/contract";
import { generateToken, type SecretBox } from "@odin/db";
import { randomBytes } from "node:crypto";
import type { Actor } from "../../access/actor";
import { accountFlagsFor } from "../../access/client-scopes";
import { AppError } from "../../lib/app-error";
import { writeAudit } from "../../lib/audit-rows.repository";
import { inTransaction, type Database } from "../../lib/database";
import {
  deactivateClient,
  findAgencyApiClient,
  findLiveClientByName,
  insertApiClient,
  listAgencyApiClients,
  lockAgencyClients,
  replaceClientSecret,
  subjectTaken,
  type ListedApiClient,
} from "./api-clients.repository";

export interface ApiClientDeps {
  prisma: Database;
  secrets: SecretBox;
  /** config.identity: the built-in provider or an external issuer, its issuer URL and the API audience. */
  identity: { builtIn: boolean; issuer: string; audience: string };
}

/** What a client secret starts with, so a secret scanner (and a person) can tell what it is. */
const SECRET_PREFIX = "odin_cs_";

export const API_CLIENT_MESSAGES = {
  noAgency: "Your account belongs to no agency: API clients are made by an agency's admin.",
  notFound: "API client not found.",
  nameTaken:
    "Another API client of your agency has this name: choose another, so the audit log tells them apart.",
  subjectNeeded:
    "Your agency signs in through its own identity provider: enter the subject (sub) of the tokens it issues to this client.",
  subjectNotWanted:
    "Odin issues this client's tokens itself (built-in sign-in): leave the identity provider's subject empty.",
  subjectTaken: "An account already answers to this subject: each client needs a subject of its own.",
  externalSecret: "This client's secret is kept by your agency's identity provider: rotate it there.",
  alreadyOff: "This API client is already switched off.",
} as const;

function agencyOf(actor: Actor): number {
  if (actor.user.agencyId === null) throw new AppError("CONFLICT", API_CLIENT_MESSAGES.noAgency);
  return actor.user.agencyId;
}

function statusOf(client: ListedApiClient, now = Date.now()): TApiClient["status"] {
  if (client.deactivatedAt) return "deactivated";
  if (client.expiresAt && client.expiresAt.getTime() <= now) return "expired";
  return "active";
}

export function toApiClient(client: ListedApiClient): TApiClient {
  return {
    id: client.id,
    name: client.name,
    issuer: client.issuer === "external" ? "external" : "built_in",
    client_id: client.clientId,
    scopes: client.scopes as TApiClient["scopes"],
    rate_limit_per_minute: client.rateLimitPerMinute,
    expires_at: client.expiresAt?.toISOString() ?? null,
    created_at: client.createdAt.toISOString(),
    created_by: client.creator?.username ?? null,
    secret_rotated_at: client.secretRotatedAt?.toISOString() ?? null,
    last_used_at: client.lastUsedAt?.toISOString() ?? null,
    status: statusOf(client),
    deactivated_at: client.deactivatedAt?.toISOString() ?? null,
  };
}

/** A readable, unguessable id: the name's letters, then 10 random characters ("cad-bridge-4f9k2m1xq7"). */
function newClientId(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 30);
  const random = randomBytes(8)
    .toString("base64url")
    .replace(/[^a-zA-Z0-9]/g, "")
    .toLowerCase()
    .slice(0, 10);
  return `${slug || "client"}-${random}`;
}

const newSecret = () => `${SECRET_PREFIX}${generateToken(32)}`;

/** GET /admin/api-clients */
export async function listApiClients(deps: ApiClientDeps, actor: Actor): Promise<TApiClientList> {
  const clients = await listAgencyApiClients(deps.prisma, agencyOf(actor));
  return {
    clients: clients.map((client) => toApiClient(client)),
    token_endpoint: deps.identity.builtIn ? `${deps.identity.issuer.replace(/\/+$/, "")}/token` : null,
    audience: deps.identity.audience,
    issuer: deps.identity.builtIn ? "built_in" : "external",
  };
}

/** POST /admin/api-clients: the audit row first, in the transaction that makes the client. */
export async function createApiClient(
  deps: ApiClientDeps,
  actor: Actor,
  request: TCreateApiClientRequest,
): Promise<TApiClientCreated> {
  const agencyId = agencyOf(actor);
  const builtIn = deps.identity.builtIn;
  if (!builtIn && !request.external_subject)
    throw new AppError("VALIDATION_FAILED", API_CLIENT_MESSAGES.subjectNeeded, [
      { path: "external_subject", message: API_CLIENT_MESSAGES.subjectNeeded },
    ]);
  if (builtIn && request.external_subject)
    throw new AppError("VALIDATION_FAILED", API_CLIENT_MESSAGES.subjectNotWanted, [
      { path: "external_subject", message: API_CLIENT_MESSAGES.subjectNotWanted },
    ]);
  const scopes = [...new Set(request.scopes)];
  const keyName = newClientId(request.name);
  const clientId = builtIn ? keyName : request.external_subject!;
  const secret = builtIn ? newSecret() : null;
  const now = new Date();
  const expiresAt = request.expires_in_days
    ? new Date(now.getTime() + request.expires_in_days * 86_400_000)
    : null;
  const rateLimit = request.rate_limit_per_minute ?? API_CLIENT_LIMITS.rateLimitDefault;
  const client = await inTransaction(deps.prisma, async (tx) => {
    await lockAgencyClients(tx, agencyId);
    if (await findLiveClientByName(tx, agencyId, request.name))
      throw new AppError("CONFLICT", API_CLIENT_MESSAGES.nameTaken);
    if (await subjectTaken(tx, clientId)) throw new AppError("CONFLICT", API_CLIENT_MESSAGES.subjectTaken);
    await writeAudit(tx, actor, {
      action: "api_client_created",
      detail: {
        name: request.name,
        client_id: clientId,
        issuer: builtIn ? "built_in" : "external",
        scopes,
        rate_limit_per_minute: rateLimit,
        expires_at: expiresAt?.toISOString() ?? null,
      },
    });
    return insertApiClient(
      tx,
      {
        // The account's username is what its audit rows carry: "client:" and the readable id.
        username: `client:${keyName}`,
        name: `${request.name} (API client)`,
        // Never delivered (RFC 2606's .invalid): a client gets no e-mail, and no person has it.
        email: `${keyName}@api-clients.invalid`,
        idpSubject: clientId,
        agencyId,
        ...accountFlagsFor(scopes),
      },
      {
        agencyId,
        name: request.name,
        issuer: builtIn ? "built_in" : "external",
        clientId,
        secretSealed: secret ? deps.secrets.encrypt(secret) : null,
        scopes,
        rateLimitPerMinute: rateLimit,
        expiresAt,
        createdBy: actor.user.id,
      },
    );
  });
  return {
    message: builtIn
      ? "API client created. Copy its secret now: Odin shows it only once."
      : "API client created. Its tokens come from your agency's identity provider.",
    client: toApiClient(client),
    client_secret: secret,
  };
}

async function liveClientOf(deps: ApiClientDeps, actor: Actor, id: number): Promise<ListedApiClient> {
  const client = await findAgencyApiClient(deps.prisma, agencyOf(actor), id);
  if (!client) throw new AppError("NOT_FOUND", API_CLIENT_MESSAGES.notFound);
  if (client.deactivatedAt) throw new AppError("CONFLICT", API_CLIENT_MESSAGES.alreadyOff);
  return client;
}

/** POST /admin/api-clients/:id/rotate-secret: a new secret, shown once; the old one and its tokens end. */
export async function rotateApiClientSecret(
  deps: ApiClientDeps,
  actor: Actor,
  id: number,
): Promise<TApiClientCreated> {
  const current = await liveClientOf(deps, actor, id);
  if (current.issuer !== "built_in") throw new AppError("CONFLICT", API_CLIENT_MESSAGES.externalSecret);
  const secret = newSecret();
  const client = await inTransaction(deps.prisma, async (tx) => {
    await writeAudit(tx, actor, {
      action: "api_client_secret_rotated",
      detail: { api_client_id: id, name: current.name, client_id: current.clientId },
    });
    // Whole seconds, as a token's `iat` has none: a token taken with the new secret in this second is
    // accepted (the old secret's tokens of the same second too, the price of whole-second claims).
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    return replaceClientSecret(tx, id, current.userId, deps.secrets.encrypt(secret), at);
  });
  return {
    message: "New secret made. Copy it now: the old secret and the tokens it gave no longer work.",
    client: toApiClient(client),
    client_secret: secret,
  };
}

/** POST /admin/api-clients/:id/deactivate */
export async function deactivateApiClient(
  deps: ApiClientDeps,
  actor: Actor,
  id: number,
): Promise<TApiClientChanged> {
  const current = await liveClientOf(deps, actor, id);
  const client = await inTransaction(deps.prisma, async (tx) => {
    await writeAudit(tx, actor, {
      action: "api_client_deactivated",
      detail: { api_client_id: id, name: current.name, client_id: current.clientId },
    });
    return deactivateClient(tx, id, current.userId, new Date());
  });
  return {
    message: `${current.name} is switched off: its tokens are refused from now on.`,
    client: toApiClient(client),
  };
}
