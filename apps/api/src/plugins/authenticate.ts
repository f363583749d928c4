/**
 * The request hook (an onRequest hook on every route). It takes the route's rule from the access policy
 * (src/access/access-policy.ts); for a route that is not public it verifies the bearer token
 * (identity/token-verifier.ts: the built-in provider's or an external issuer's), finds the user and
 * their session, makes the caller once as `request.auth` (the `Actor` of src/access/actor.ts, with the
 * token) and checks the rule (src/access/permits.ts). Routes take the caller with requireAuth and hand it
 * to services. It signs no one in (src/identity/ is the built-in provider) and holds no access rule.
 */
import { activityWriteInterval, createSessionLimits, isIdle } from "../identity/session-limits";
import { findCaller, recordSession, touchSession } from "../identity/sessions.repository";
import { MESSAGES } from "@odin/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { accessRuleFor } from "../access/access-policy";
import { permits } from "../access/permits";
import type { AuthContext, VerifiedToken } from "../access/actor";
import { InvalidTokenError, MfaNotShownError, type TokenVerifier } from "../identity/token-verifier";
import { AppError } from "../lib/app-error";
import { readInstanceMfaRequired } from "../identity/mfa/mfa.repository";
import { MANAGED_MESSAGES, type createManagedAccountCheck } from "../identity/external/managed-accounts";
import type { ApiClient } from "@odin/db";
import { clientMayCall, scopesFor } from "../access/client-scopes";
import { touchApiClient } from "../identity/api-client-accounts.repository";
import { countInWindow } from "./shared-rate-limit-store";
import type { Database } from "../lib/database";

export type { AuthContext } from "../access/actor";

/** How long the owner's "MFA for all" rule is cached per process. */
const INSTANCE_RULE_TTL_MS = 5_000;

declare module "fastify" {
  interface FastifyRequest {
    /** Set for every route whose access is not public (see access/access-policy.ts). */
    auth: AuthContext | null;
    /** Set for a "signed_in" route: the verified bearer token, whether an account matches it or not. */
    verifiedToken: VerifiedToken | null;
  }
}

export const AUTH_MESSAGES = {
  missing: "Sign in to continue: the request carries no bearer token.",
  invalid: "Your session has expired or is not valid. Sign in again.",
  revoked: "This session was signed out. Sign in again.",
  idle: "Odin signed you out after a period without activity (the screen lock). Sign in again with your password.",
  noAccount: MESSAGES.noAccountForSignIn,
  notApproved: "Your account has not been approved yet. Ask your agency's admin to approve it.",
  deactivated:
    "Your Odin account is switched off (by your agency's admin or identity provider). Ask your agency's admin.",
  forbidden: "You do not have permission to do this.",
  agencyDeactivated: MESSAGES.agencyAccessDeactivated,
  mustChangePassword:
    "You must change your password before using Odin: open Change password (or sign out). Your admin set a temporary one.",
  mfaRequired:
    "Two-step sign-in is required for your account. Sign out, then sign in again to set it up or use it.",
  mfaNotShown:
    "Odin requires multi-factor sign-in, and your identity provider's sign-in did not show it. Ask your agency's admin.",
  clientDeactivated:
    "This API client is switched off. An admin of its agency can make a new one in Odin (Admin, API clients).",
  clientExpired:
    "This API client has expired. An admin of its agency can make a new one in Odin (Admin, API clients).",
} as const;

/** Issue 38 item 2: a call outside the API client's scopes. */
export function clientScopeMessage(route: string): string {
  const needed = scopesFor(route);
  return needed.length
    ? `This API client's scopes do not allow ${route}: it needs the scope ${needed.map((scope) => `"${scope}"`).join(" or ")}.`
    : `No API client may call ${route}: it is for people signed in to Odin.`;
}

/** Issue 38 item 2: a client past its rate limit (per minute, counted across every API process). */
export function clientRateMessage(limit: number, retryAfterSeconds: number): string {
  return `This API client made more than its limit of ${limit} calls a minute. Retry in ${retryAfterSeconds} s.`;
}

/** A client's last use is written at most this often (the admin screen shows it to the minute). */
const CLIENT_TOUCH_MS = 60_000;

/**
 * The calls a user whose password must change may make (issue 36): the change-password screen's and its
 * header's (the current user, the change itself, signing out). Every other call answers 403 until the
 * password is changed, so the hold does not depend on the web app.
 */
export const WHILE_PASSWORD_MUST_CHANGE: ReadonlySet<string> = new Set([
  "GET /get-current-user",
  "POST /user/reset-password",
  "POST /session/revoke",
]);

/**
 * Authentication and authorization for every route, from the access table: a route without an entry
 * cannot even be registered. Bearer tokens are verified (token-verifier.ts), matched to a user by
 * subject, and refused when the user is deleted or unapproved or their agency deactivated (403), or the
 * session revoked (401).
 */
export const authPlugin = fp<{
  /** The users, sessions and API clients are read from it at every call (revocation takes effect at once). */
  database: Database;
  verifyToken: TokenVerifier;
  ownerUsername: string;
  builtIn?: boolean;
  /** SESSION_IDLE_MINUTES and SESSION_MAX_HOURS (config.sessions): a session idle longer is ended. */
  sessions?: { idleMs: number; maxMs: number };
  /** Issue 34: re-checks the mapping rules of accounts they manage (identity/external/managed-accounts.ts). */
  checkManagedAccount?: ReturnType<typeof createManagedAccountCheck>;
}>(
  async (
    app: FastifyInstance,
    { database, verifyToken, ownerUsername, builtIn = false, sessions, checkManagedAccount },
  ) => {
    app.decorateRequest("auth", null);
    app.decorateRequest("verifiedToken", null);
    const sessionLimits = sessions && createSessionLimits(database, sessions);
    const writeInterval = sessions ? activityWriteInterval(sessions.idleMs) : 30_000;
    const requireBuiltInMfa = builtIn;
    // The owner's rule for all, read at most every few seconds: every call would otherwise pay a query.
    let instanceRule: { value: boolean; readAt: number } | undefined;
    const instanceMfaRequired = async () => {
      if (!instanceRule || Date.now() - instanceRule.readAt > INSTANCE_RULE_TTL_MS) {
        instanceRule = { value: await readInstanceMfaRequired(database), readAt: Date.now() };
      }
      return instanceRule.value;
    };

    app.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) {
        if (!accessRuleFor(method, route.url)) {
          throw new Error(
            `No access rule for ${method} ${route.url}: add one to src/access/access-policy.ts`,
          );
        }
      }
    });

    /**
     * The request's bearer token, verified. `mfaNotShown` is a token without the multi-factor sign-in
     * OIDC_REQUIRED_AMR/ACR ask for, returned (not refused) only when `clientMayLackMfa`: an API client's
     * token shows no sign-in, and authenticate() refuses it unless its subject is a client's account.
     */
    async function verifyBearer(
      request: FastifyRequest,
      clientMayLackMfa = false,
    ): Promise<{ token: VerifiedToken; mfaNotShown: boolean }> {
      const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
      if (!bearer) throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.missing);
      try {
        return { token: await verifyToken(bearer), mfaNotShown: false };
      } catch (error) {
        if (error instanceof MfaNotShownError && clientMayLackMfa) {
          return { token: error.token, mfaNotShown: true };
        }
        if (error instanceof MfaNotShownError) {
          request.log.info({ reason: error.message }, "bearer token without multi-factor sign-in refused");
          throw new AppError("FORBIDDEN", AUTH_MESSAGES.mfaNotShown);
        }
        if (error instanceof InvalidTokenError) {
          request.log.info({ reason: error.message }, "bearer token refused");
          throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.invalid);
        }
        throw error;
      }
    }

    /**
     * Issue 38 item 2: an API client's call. It passed the checks a person's does and its own (switched
     * off, expired: authenticate()); here: the route outside its scopes (403), its rate limit (429, counted in the database so every process shares it), and
     * its last use (written at most once a minute).
     */
    async function admitClient(
      request: FastifyRequest,
      reply: FastifyReply,
      client: ApiClient,
      url: string,
    ): Promise<void> {
      const route = `${request.method === "HEAD" ? "GET" : request.method} ${url}`;
      if (!clientMayCall(client.scopes, request.method, url))
        throw new AppError("FORBIDDEN", clientScopeMessage(route));
      const count = await countInWindow(database, `api-client:${client.id}`, 60_000);
      if (count.current > client.rateLimitPerMinute) {
        const retryAfter = Math.max(1, Math.ceil(count.ttl / 1000));
        reply.header("retry-after", String(retryAfter));
        throw new AppError("RATE_LIMITED", clientRateMessage(client.rateLimitPerMinute, retryAfter));
      }
      if (!client.lastUsedAt || Date.now() - client.lastUsedAt.getTime() > CLIENT_TOUCH_MS) {
        await touchApiClient(database, client.id, CLIENT_TOUCH_MS);
      }
    }

    async function authenticate(
      request: FastifyRequest,
    ): Promise<{ auth: AuthContext; client: ApiClient | null }> {
      const { token, mfaNotShown } = await verifyBearer(request, true);
      // The user, its agency and the session in one statement: every call pays for it (issue 42).
      const caller = await findCaller(database, token.sub, token.sid ?? null);
      const found = caller?.user;
      const session = caller?.session ?? null;
      // An API client's account is found only with its client row; a person's never has one.
      const client = found?.serviceAccount ? (caller?.client ?? null) : null;
      if (mfaNotShown && !client) {
        request.log.info({ reason: "amr/acr" }, "bearer token without multi-factor sign-in refused");
        throw new AppError("FORBIDDEN", AUTH_MESSAGES.mfaNotShown);
      }
      if (!found || found.deletedAt || (found.serviceAccount && !client))
        throw new AppError("FORBIDDEN", AUTH_MESSAGES.noAccount);
      if (client?.deactivatedAt) throw new AppError("FORBIDDEN", AUTH_MESSAGES.clientDeactivated);
      if (client?.expiresAt && client.expiresAt.getTime() <= Date.now())
        throw new AppError("FORBIDDEN", AUTH_MESSAGES.clientExpired);
      if (!found.approved) throw new AppError("FORBIDDEN", AUTH_MESSAGES.notApproved);
      if (found.deactivatedAt) throw new AppError("FORBIDDEN", AUTH_MESSAGES.deactivated);
      const isOwner = found.username === ownerUsername;
      let user = found;
      // An account the agency's mapping rules manage: the token's groups decide its role, or end it.
      if (found.idpManaged && !isOwner && checkManagedAccount) {
        const verdict = await checkManagedAccount(found, token, {
          ip: request.ip,
          requestId: String(request.id),
        });
        if (!verdict.ok) throw new AppError("FORBIDDEN", MANAGED_MESSAGES[verdict.reason]);
        user = verdict.user;
      }
      // The owner is never locked out by an agency: they are the one who can reactivate it.
      if (user.agency?.deactivatedAt && !isOwner) {
        throw new AppError("FORBIDDEN", AUTH_MESSAGES.agencyDeactivated);
      }
      // Two-step sign-in required (the agency's or the owner's rule, built-in provider): a token from a
      // sign-in without it is refused, so a session begun before the rule ends at the next call.
      // An API client signs in with its secret, never interactively: the rule is a person's.
      if (
        !client &&
        requireBuiltInMfa &&
        !token.amr.includes("otp") &&
        (user.agency?.mfaRequired || (await instanceMfaRequired()))
      ) {
        throw new AppError("FORBIDDEN", AUTH_MESSAGES.mfaRequired);
      }
      if (user.tokensNotBefore && token.iat * 1000 < user.tokensNotBefore.getTime()) {
        throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.revoked);
      }
      if (token.sid) {
        if (session?.revokedAt) throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.revoked);
        if (!session) {
          await recordSession(database, {
            idpSessionId: token.sid,
            userId: user.id,
            expiresAt: new Date((token.exp + 24 * 60 * 60) * 1000),
            userAgent: request.headers["user-agent"]?.slice(0, 300) ?? null,
            ip: request.ip,
            lastSeenAt: new Date(),
          });
        } else {
          const now = Date.now();
          // Idle past the limit (issue 36, F5): a still-valid access token does not resume the session,
          // which ends here; signing in again needs the password (session-limits.ts).
          if (sessions && sessionLimits && isIdle(session, sessions.idleMs, now)) {
            request.log.info({ sid: token.sid }, "idle session ended");
            await sessionLimits.end(token.sid);
            throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.idle);
          }
          // The session's last activity, written at most once per interval (one conditional statement).
          if (now - (session.lastSeenAt ?? session.createdAt).getTime() > writeInterval) {
            await touchSession(database, session.id, new Date(now), new Date(now - writeInterval));
          }
        }
      }
      const { agency: _agency, ...account } = user;
      const auth: AuthContext = {
        user: account,
        token,
        isOwner,
        sessionId: token.sid ?? null,
        ip: request.ip,
        requestId: String(request.id),
        log: request.log,
        ...(client
          ? { client: { id: client.id, name: client.name, clientId: client.clientId, scopes: client.scopes } }
          : {}),
      };
      return { auth, client };
    }

    app.addHook("onRequest", async (request, reply) => {
      const url = request.routeOptions.url;
      if (!url) return; // no route: the not-found handler answers
      const rule = accessRuleFor(request.method, url);
      if (!rule) throw new AppError("FORBIDDEN", AUTH_MESSAGES.forbidden);
      if (rule.access === "public") return;
      if (rule.access === "signed_in") {
        request.verifiedToken = (await verifyBearer(request)).token;
        return;
      }
      const { auth, client } = await authenticate(request);
      request.auth = auth;
      if (client) await admitClient(request, reply, client, url);
      if (request.auth.user.mustChangePassword && !WHILE_PASSWORD_MUST_CHANGE.has(`${request.method} ${url}`))
        throw new AppError("FORBIDDEN", AUTH_MESSAGES.mustChangePassword);
      if (!permits(rule.access, request.auth)) throw new AppError("FORBIDDEN", AUTH_MESSAGES.forbidden);
    });
  },
  { name: "odin-auth" },
);

/** The verified token of a "signed_in" route (the auth hook guarantees it). */
export function requireVerifiedToken(request: FastifyRequest): VerifiedToken {
  if (!request.verifiedToken) throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.missing);
  return request.verifiedToken;
}

/** The signed-in caller of a route that is not public (the auth hook guarantees it). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError("UNAUTHENTICATED", AUTH_MESSAGES.missing);
  return request.auth;
}
