import { randomBytes, timingSafeEqual } from "node:crypto";

export interface AxonClient {
  clientId: string;
  clientSecret: string;
  partnerId: string;
}

export interface AxonTokenResponse {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  version: "v1";
  entity: { type: "client"; id: string; partner_id: string };
}

export type AxonTokenError = { status: 400 | 401; error: string; error_description: string };

/**
 * Issues and checks opaque bearer tokens for the client-credentials grant. Tokens are random (not part
 * of the deterministic data) and live `ttlSeconds`; `revokeAll` lets a test make Odin's cached token
 * stale so that its refresh path runs.
 */
export class AxonTokenStore {
  private readonly tokens = new Map<string, { client: AxonClient; expiresAt: number }>();

  constructor(
    private readonly clients: readonly AxonClient[],
    private readonly ttlSeconds = 3600,
    private readonly clock: () => number = Date.now,
  ) {}

  issue(form: Record<string, string | undefined>): AxonTokenResponse | AxonTokenError {
    if (form.grant_type !== "client_credentials")
      return fail(400, "unsupported_grant_type", "grant_type must be client_credentials");
    const { partner_id: partnerId, client_id: clientId, client_secret: secret } = form;
    if (!partnerId || !clientId || !secret)
      return fail(400, "invalid_request", "partner_id, client_id and client_secret are required");
    const client = this.clients.find(
      (candidate) =>
        candidate.clientId === clientId &&
        candidate.partnerId === partnerId &&
        same(candidate.clientSecret, secret),
    );
    if (!client) return fail(401, "invalid_client", "Unknown client or wrong secret for this partner");

    this.sweep();
    const token = randomBytes(32).toString("base64url");
    this.tokens.set(token, { client, expiresAt: this.clock() + this.ttlSeconds * 1000 });
    return {
      access_token: token,
      token_type: "bearer",
      expires_in: this.ttlSeconds,
      version: "v1",
      entity: { type: "client", id: client.clientId, partner_id: client.partnerId },
    };
  }

  /** The client a bearer token belongs to, unless it is unknown, revoked or expired. */
  verify(authorization: string | undefined): AxonClient | undefined {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
    const entry = token ? this.tokens.get(token) : undefined;
    if (!entry || !token) return undefined;
    if (entry.expiresAt <= this.clock()) {
      this.tokens.delete(token);
      return undefined;
    }
    return entry.client;
  }

  revokeAll(): void {
    this.tokens.clear();
  }

  private sweep(): void {
    const now = this.clock();
    for (const [token, entry] of this.tokens) if (entry.expiresAt <= now) this.tokens.delete(token);
  }
}

function fail(status: 400 | 401, error: string, description: string): AxonTokenError {
  return { status, error, error_description: description };
}

function same(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
