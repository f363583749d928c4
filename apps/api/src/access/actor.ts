import type { User } from "@odin/db";
import type { Logger } from "../lib/logger";

/**
 * Who is asking, made once per request by the auth hook (plugins/authenticate.ts). Services and repositories
 * take an Actor, never a Fastify request: what they need of the request (the address and request id
 * for the audit row) travels with it.
 */
export interface Actor {
  user: User;
  /** The one owner-level user (OWNER_USERNAME), the only cross-agency account. */
  isOwner: boolean;
  /** The sign-in session the token names (`sid`), when it names one. */
  sessionId: string | null;
  /** The caller's address as the server sees it (behind a proxy: see trustProxy in app.ts). */
  ip: string;
  /** The request id (kept from X-Request-Id when sane), which the logs carry too. */
  requestId: string;
  /** The request's logger (its lines carry the request id). */
  log: RequestLog;
  /**
   * Issue 38 item 2: set when the caller is an API client (a service account; `user` is its account),
   * absent for a person.
   */
  client?: { id: number; name: string; clientId: string; scopes: readonly string[] };
}

/** What services log through: the request's pino child logger satisfies it. */
export type RequestLog = Logger;

/**
 * A bearer token's claims once identity/token-verifier.ts has checked it (signature, issuer, audience,
 * dates). Declared here, with the caller it belongs to, so that access/ depends on nothing above it.
 */
export interface VerifiedToken {
  sub: string;
  /** The sign-in session, when the issuer names it (the built-in provider always does). */
  sid: string | undefined;
  iat: number;
  exp: number;
  email: string | undefined;
  /** How the user signed in (RFC 8176), when the issuer says: ["pwd","otp"] after a second factor. */
  amr: string[];
  acr: string | undefined;
  /** Every claim of the token, for the agency's mapping rules (issue 34: `groups`, `realm_access.roles`). */
  claims: Record<string, unknown>;
}

/** An Actor with the verified token, for the few services that need its claims (sign-out, streams). */
export interface AuthContext extends Actor {
  token: VerifiedToken;
}
