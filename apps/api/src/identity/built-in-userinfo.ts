import type Provider from "oidc-provider";
import type { Database } from "../lib/database";
import { findLiveUserBySubject } from "./accounts.repository";
import { findSession } from "./sessions.repository";
import type { TokenVerifier } from "./token-verifier";

type Middleware = Parameters<Provider["use"]>[0];

/** The claims each scope releases at UserInfo, as the provider's `claims` configuration lists them. */
const SCOPE_CLAIMS: Record<string, readonly string[]> = {
  email: ["email", "email_verified"],
  profile: ["name", "preferred_username"],
};

/** A compact JWS (what Odin's access tokens are); anything else is left to the provider's own UserInfo. */
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * UserInfo (OIDC Core §5.3) for the access tokens Odin issues (issue 34 item 5). The built-in provider
 * gives every token to the API resource (resource indicators: an RS256 JWT, `aud` the API), and
 * oidc-provider's own UserInfo refuses any token with an audience, so the endpoint it advertised
 * refused everything. This answers GET/POST /oidc/me for such a token itself, with the API's own check
 * (token-verifier.ts: RS256, issuer, audience, type at+jwt, dates), the `openid` scope, a live account,
 * and the session not ended (sessions.revoked_at, idle and absolute limits) nor cut off by
 * users.tokens_not_before: a signed-out session's token gets nothing here either. The claims are those
 * the token's scopes grant (email → email, email_verified; profile → name, preferred_username), from the
 * account as it is now. Other bearer tokens (opaque ones) go on to oidc-provider's UserInfo.
 */
export function userInfoForAccessTokens(deps: {
  prisma: Database;
  verifyToken: TokenVerifier;
  issuer: string;
  /** Browser origins allowed to call (the client's, as clientBasedCORS allows). */
  origins: readonly string[];
  /** Why a session of this row may not go on (session-limits.ts), or null. */
  sessionRefusal: (session: {
    revokedAt: Date | null;
    lastSeenAt: Date | null;
    createdAt: Date;
  }) => string | null;
}): Middleware {
  const { prisma, verifyToken, issuer, origins, sessionRefusal } = deps;
  return async (ctx, next) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(ctx.get("authorization"))?.[1];
    if (ctx.path !== "/me" || !["GET", "POST"].includes(ctx.method) || !bearer || !JWT_SHAPE.test(bearer)) {
      await next();
      return;
    }
    const origin = ctx.get("origin");
    if (origin && origins.includes(origin)) {
      ctx.set("access-control-allow-origin", origin);
      ctx.set("vary", "Origin");
    }
    ctx.set("cache-control", "no-store");
    const refuse = (error: "invalid_token" | "insufficient_scope", description: string) => {
      ctx.status = error === "invalid_token" ? 401 : 403;
      ctx.set(
        "www-authenticate",
        `Bearer realm="${issuer}", error="${error}", error_description="${description}"` +
          (error === "insufficient_scope" ? ', scope="openid"' : ""),
      );
      ctx.body = { error, error_description: description };
    };
    let token: Awaited<ReturnType<TokenVerifier>>;
    try {
      token = await verifyToken(bearer);
    } catch {
      return refuse("invalid_token", "invalid token provided");
    }
    const scopes = new Set(typeof token.claims.scope === "string" ? token.claims.scope.split(" ") : []);
    if (!scopes.has("openid")) return refuse("insufficient_scope", "access token missing openid scope");
    const [user, session] = await Promise.all([
      findLiveUserBySubject(prisma, token.sub),
      token.sid ? findSession(prisma, token.sid) : null,
    ]);
    if (!user) return refuse("invalid_token", "invalid token provided");
    if (session && sessionRefusal(session)) return refuse("invalid_token", "the session has ended");
    if (user.tokensNotBefore && token.iat * 1000 < user.tokensNotBefore.getTime()) {
      return refuse("invalid_token", "the session has ended");
    }
    const claims: Record<string, unknown> = {
      sub: token.sub,
      email: user.email,
      email_verified: true,
      name: user.name,
      preferred_username: user.username,
    };
    const released = new Set(["sub", ...[...scopes].flatMap((scope) => SCOPE_CLAIMS[scope] ?? [])]);
    ctx.status = 200;
    ctx.body = Object.fromEntries(Object.entries(claims).filter(([name]) => released.has(name)));
  };
}
