import { z } from "zod";
import { readLimited, VendorError } from "../../lib/vendor-http";
import { IdentityProviderError, type IdentityAdmin } from "./identity-admin";

export interface Auth0AdminOptions {
  /** https://{tenant host}; the Management API lives under /api/v2. */
  baseUrl: string;
  /** A machine-to-machine application allowed create:users, update:users and delete:users. */
  clientId: string;
  clientSecret: string;
  /** The database connection accounts are created in. */
  connection: string;
  /** The web app's client id (the change-password mail is sent for it). */
  appClientId: string;
  now?: () => number;
}

const ZToken = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const ZCreatedUser = z.object({ user_id: z.string().min(1) });
/** Auth0's error body: { statusCode, error, message, errorCode }; the OAuth endpoints use error_description. */
const ZAuth0Error = z.looseObject({
  message: z.string().optional(),
  error_description: z.string().optional(),
  error: z.string().optional(),
});

const LABEL = "Auth0";
const TIMEOUT_MS = 10_000;
const RENEW_BEFORE_MS = 60_000;
const MAX_DETAIL = 300;
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * The provider's reason, fit to show an admin: its own words only, without control characters, cut to
 * a readable length, and with the password removed should the provider ever echo it.
 */
export function sanitizeDetail(text: string, secrets: readonly string[] = []): string {
  let clean = text;
  for (const secret of secrets) if (secret) clean = clean.split(secret).join("[redacted]");
  // eslint-disable-next-line no-control-regex
  clean = clean.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return clean.length > MAX_DETAIL ? `${clean.slice(0, MAX_DETAIL - 1)}…` : clean;
}

/**
 * Accounts in Auth0 through its Management API. The management token (client credentials) is kept
 * until shortly before it expires and renewed once on a 401. Every failure becomes an
 * IdentityProviderError carrying Auth0's own reason, never Odin's credentials.
 */
export function createAuth0IdentityAdmin(options: Auth0AdminOptions): IdentityAdmin {
  const now = options.now ?? Date.now;
  let cached: { value: string; renewAt: number } | undefined;

  async function send(
    method: "POST" | "PATCH" | "DELETE",
    path: string,
    body: unknown,
    token: string | undefined,
    secrets: readonly string[],
  ): Promise<{ status: number; json: unknown }> {
    let response: Response;
    try {
      response = await fetch(new URL(path, options.baseUrl), {
        method,
        headers: {
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        // As with the vendors: a redirect could send Odin's token elsewhere, so none is followed.
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new IdentityProviderError(
        sanitizeDetail(timedOut ? "Auth0 did not answer in time" : `Auth0 could not be reached${cause}`),
      );
    }
    let text: string;
    try {
      text = (await readLimited(response, { label: LABEL, maxBytes: MAX_ANSWER_BYTES })).toString("utf8");
    } catch (error) {
      if (error instanceof VendorError) throw new IdentityProviderError(error.message);
      throw error;
    }
    let json: unknown = text;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // Plain text answers (the change-password endpoint) stay text.
    }
    if (!response.ok) {
      const parsed = ZAuth0Error.safeParse(json);
      const reason = parsed.success
        ? (parsed.data.message ?? parsed.data.error_description ?? parsed.data.error)
        : typeof json === "string"
          ? json
          : undefined;
      throw new IdentityProviderError(
        sanitizeDetail(reason || `Auth0 answered ${response.status}`, secrets),
        response.status,
      );
    }
    return { status: response.status, json };
  }

  async function managementToken(): Promise<string> {
    if (cached && now() < cached.renewAt) return cached.value;
    let answer: { json: unknown };
    try {
      answer = await send(
        "POST",
        "/oauth/token",
        {
          grant_type: "client_credentials",
          client_id: options.clientId,
          client_secret: options.clientSecret,
          audience: new URL("/api/v2/", options.baseUrl).toString(),
        },
        undefined,
        [options.clientSecret],
      );
    } catch (error) {
      if (error instanceof IdentityProviderError) {
        throw new IdentityProviderError(`Odin's Management API credentials were refused: ${error.message}`);
      }
      throw error;
    }
    const token = ZToken.safeParse(answer.json);
    if (!token.success) throw new IdentityProviderError("Auth0 sent an unexpected token answer");
    const lifetime = token.data.expires_in * 1000;
    cached = {
      value: token.data.access_token,
      renewAt: now() + lifetime - Math.min(RENEW_BEFORE_MS, lifetime / 2),
    };
    return cached.value;
  }

  /** A Management API call; a 401 means the cached token went stale: renew it and try once more. */
  async function management(
    method: "POST" | "PATCH" | "DELETE",
    path: string,
    body: unknown,
    secrets: readonly string[] = [],
  ) {
    const token = await managementToken();
    try {
      return await send(method, path, body, token, secrets);
    } catch (error) {
      if (!(error instanceof IdentityProviderError && error.status === 401)) throw error;
      cached = undefined;
      return send(method, path, body, await managementToken(), secrets);
    }
  }

  const userPath = (subject: string) => `/api/v2/users/${encodeURIComponent(subject)}`;

  return {
    kind: "auth0",
    odinKeepsPasswords: false,
    takesPasswords: true,
    async createAccount({ username, name, email, password }) {
      const { json } = await management(
        "POST",
        "/api/v2/users",
        { connection: options.connection, email, password, name, app_metadata: { odin_username: username } },
        [password ?? ""],
      );
      const created = ZCreatedUser.safeParse(json);
      if (!created.success) throw new IdentityProviderError("Auth0 did not say which account it created");
      return { idpSubject: created.data.user_id, passwordHash: null };
    },
    async setPassword({ idpSubject }, password) {
      if (!idpSubject) throw new IdentityProviderError("This user has no Auth0 account yet");
      await management("PATCH", userPath(idpSubject), { password, connection: options.connection }, [
        password,
      ]);
      return { passwordHash: null };
    },
    async removeAccount(idpSubject) {
      await management("DELETE", userPath(idpSubject), undefined).catch(() => undefined);
    },
    async sendPasswordReset({ email }) {
      await send(
        "POST",
        "/dbconnections/change_password",
        { client_id: options.appClientId, email, connection: options.connection },
        undefined,
        [],
      );
    },
  };
}
