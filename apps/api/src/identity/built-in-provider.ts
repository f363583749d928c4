/**
 * src/identity/ is Odin's built-in OpenID provider: it signs users in and issues their tokens, for an
 * agency without an identity provider of its own (with OIDC_ISSUER set it is off, and an external
 * issuer signs users in instead).
 * - built-in-provider.ts (this file): oidc-provider's configuration; oidc-mount.ts mounts it under
 *   /oidc, oidc-adapter.ts keeps its state in PostgreSQL, signing-keys.ts holds its RS256 keys,
 *   built-in-userinfo.ts answers UserInfo for the API's access tokens;
 * - the sign-in: interactions.routes.ts and identity-page.ts (the pages), password-sign-in.ts,
 *   sign-in-failures.repository.ts (lockout), mfa/ (the second step), password-reset.routes.ts,
 *   password-policy.ts with password-history.repository.ts, session-limits.ts (idle and maximum age);
 * - beside it, used whichever provider signs users in: token-verifier.ts (verifies an access token of
 *   the configured issuer, for the request hook), sessions.repository.ts (Odin's record of sign-in
 *   sessions, which the hook keeps) and idp-admin/ (adds and changes accounts in the provider in use,
 *   built-in or Auth0).
 * What a signed-in caller may do is src/access/ (the access policy); the hook that runs on every request
 * is src/plugins/authenticate.ts.
 */
import type { SecretBox } from "@odin/db";
import { API_CLIENT_SCOPES, LOGIN_SCOPE } from "@odin/contract";
import type { Configuration, KoaContextWithOIDC } from "oidc-provider";
import type { Config } from "../config/env";
import { AUTOSUBMIT_PATH, escapeHtml, renderIdentityPage } from "./identity-page";
import type { Database } from "../lib/database";
import { findLiveUserBySubject } from "./accounts.repository";
import { createOidcAdapterFactory } from "./oidc-adapter";
import { loadPublicJwks, loadSigningKeys } from "./signing-keys";
import { createSessionLimits } from "./session-limits";
import { endSignedOutSession } from "./sessions.repository";
import { createTokenVerifier } from "./token-verifier";
import { userInfoForAccessTokens } from "./built-in-userinfo";
import { findIssuableClient } from "./api-client-accounts.repository";

/** The subject of a built-in account: stable, opaque, independent of the username. */
export const builtInSubject = (userId: number) => `odin|${userId}`;

const ACCESS_TOKEN_TTL = 10 * 60;

/**
 * Odin's built-in OpenID provider (oidc-provider, certified), for agencies without an identity
 * provider and for the embedded default. Users and passwords come from Odin's database; the sign-in
 * page is served by interactions.routes.ts. Access tokens are RS256 JWTs for the API's audience.
 */
export async function createOidcProvider(deps: { config: Config; prisma: Database; secrets: SecretBox }) {
  const { config, prisma, secrets } = deps;
  const { default: Provider, errors } = await importOidcProvider();
  const { issuer, clientId, audience } = config.identity;
  const keys = await loadSigningKeys(prisma, secrets);
  // The sign-in session, its grant and refresh tokens last at most SESSION_MAX_HOURS (default 12 h).
  const SESSION_TTL = Math.floor(config.sessions.maxMs / 1000);
  const sessionLimits = createSessionLimits(prisma, config.sessions);
  // Outside production, localhost and 127.0.0.1 are the same machine: accept either in the browser.
  const origins = [config.publicUrl];
  if (!config.isProduction && /\/\/localhost[:/]/.test(`${config.publicUrl}/`)) {
    origins.push(config.publicUrl.replace("//localhost", "//127.0.0.1"));
  }

  const configuration: Configuration = {
    // Issue 38 item 2: an agency's API clients take tokens with OAuth 2.0 client credentials
    // (client_secret_basic), read from api_clients at each request.
    adapter: createOidcAdapterFactory(prisma, async (id) => {
      const client = await findIssuableClient(prisma, id);
      if (!client?.secretSealed) return undefined;
      return {
        client_id: client.clientId,
        client_name: client.name,
        client_secret: secrets.decrypt(client.secretSealed),
        grant_types: ["client_credentials"],
        response_types: [],
        redirect_uris: [],
        token_endpoint_auth_method: "client_secret_basic",
        scope: client.scopes.join(" "),
      };
    }),
    clients: [
      {
        client_id: clientId,
        client_name: "Odin",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: origins.map((origin) => `${origin}/callback`),
        post_logout_redirect_uris: origins.flatMap((origin) => [origin, `${origin}/`]),
      },
    ],
    jwks: { keys },
    cookies: { keys: [secrets.derive("oidc-cookies")] },
    pkce: { required: () => true },
    // The web app's welcome line reads the e-mail from the ID token of the code flow.
    conformIdTokenClaims: false,
    scopes: [...LOGIN_SCOPE.split(" "), ...API_CLIENT_SCOPES],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "preferred_username"],
    },
    async findAccount(_ctx, sub) {
      const user = await findLiveUserBySubject(prisma, sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: user.email,
          email_verified: true,
          name: user.name,
          preferred_username: user.username,
        }),
      };
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          // The spec's Logout goes straight back to the origin: submit the confirmation at once.
          ctx.body = renderIdentityPage({
            title: "Signing out",
            body: `${form.replace("<form", '<form data-autosubmit="1"')}<input type="hidden" name="logout" value="yes" form="op.logoutForm"><p class="lead">Signing you out of Odin…</p><noscript><button class="button" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript>`,
            scripts: [AUTOSUBMIT_PATH],
          });
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = renderIdentityPage({
            title: "Signed out",
            body: `<p class="lead">You are signed out of Odin.</p><a class="button" href="${config.publicUrl}/">Return to Odin</a>`,
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => audience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resourceIndicator, client) => {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            // Odin's web app signs people in; any other client is an agency's API client.
            scope: client.clientId === clientId ? LOGIN_SCOPE : API_CLIENT_SCOPES.join(" "),
            audience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
    },
    // The API revokes per session: the access token names its sign-in session.
    extraTokenClaims: async (ctx, token) => {
      const sessionUid = (token as { sessionUid?: string }).sessionUid;
      // A refresh is refused once the session was idle too long or is older than the absolute limit.
      if (sessionUid && ctx.oidc.params?.grant_type === "refresh_token") {
        const refusal = await sessionLimits.refusal(sessionUid);
        if (refusal) {
          await sessionLimits.end(sessionUid);
          throw new errors.InvalidGrant(refusal);
        }
      }
      // How the user signed in (issue 18 item 5): amr ["pwd","otp"] and the multi-factor acr after a
      // second factor, carried from the sign-in through the code and every refresh.
      const { AuthorizationCode: code, RefreshToken: refresh } = ctx.oidc.entities;
      const source = (code ?? refresh) as { amr?: string[]; acr?: string } | undefined;
      return {
        ...(sessionUid ? { sid: sessionUid } : {}),
        ...(source?.amr ? { amr: source.amr } : {}),
        ...(source?.acr ? { acr: source.acr } : {}),
      };
    },
    // Odin's own web app is first-party: no consent screen, the grant is made on sign-in.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId =
        ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      if (ctx.oidc.client?.clientId !== clientId || !ctx.oidc.session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope(LOGIN_SCOPE);
      grant.addOIDCClaims(["email", "email_verified", "name", "preferred_username"]);
      grant.addResourceScope(audience, LOGIN_SCOPE);
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed("refresh_token") && code.scopes.has("offline_access"),
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: SESSION_TTL,
      RefreshToken: SESSION_TTL,
      Session: SESSION_TTL,
    },
    clientBasedCORS: (_ctx, origin) => origins.includes(origin),
    renderError: async (ctx, out) => {
      // A sign-out's confirmation that finds no logout details on a session where nobody is signed in
      // (another navigation of the tab replaced the session cookie between the two steps): the person
      // is signed out, so the logout ends as a successful one does, back at Odin's sign-in screen.
      if (ctx.oidc?.route === "end_session_confirm" && !ctx.oidc.session?.accountId) {
        ctx.status = 303;
        ctx.redirect(`${config.publicUrl}/`);
        return;
      }
      ctx.type = "html";
      ctx.body = renderIdentityPage({
        title: "Sign-in problem",
        body: `<p class="lead">Odin could not complete the sign-in.</p><p class="error">${escapeHtml(String(out.error_description ?? out.error ?? "Unknown error"))}</p><a class="button" href="${config.publicUrl}/">Start again</a>`,
      });
    },
  };

  const provider = new Provider(issuer, configuration);
  // OpenID Connect drops offline_access (so no refresh token) unless prompt=consent. Odin's own app
  // always wants its refresh token: ask consent for it, which the interaction grants at once.
  // So does the unlock of the idle lock (prompt=login): it becomes "login consent".
  provider.use(async (ctx, next) => {
    const query = ctx.query as Record<string, string | undefined>;
    const prompts = (query.prompt ?? "").split(" ").filter(Boolean);
    if (
      ctx.path === "/auth" &&
      query.client_id === clientId &&
      !prompts.includes("consent") &&
      !prompts.includes("none") &&
      query.scope?.split(" ").includes("offline_access")
    ) {
      ctx.query = { ...query, prompt: [...prompts, "consent"].join(" ") };
      // The provider finds its mount path by comparing the original URL with the current one.
      (ctx.req as { originalUrl?: string }).originalUrl =
        `${new URL(issuer).pathname.replace(/\/$/, "")}${ctx.request.url}`;
    }
    await next();
  });
  // The idle lock is the server's (issue 36, F5): a sign-in request whose session cookie names a session
  // idle past SESSION_IDLE_MINUTES (or signed out, or past SESSION_MAX_HOURS) ends that session before
  // the provider reads it, so the provider finds none and shows the password page instead of silently
  // issuing a code (a reload of a locked tab); the new sign-in gets a new session (`sid`).
  provider.use(async (ctx, next) => {
    if (ctx.path === "/auth") {
      const session = await provider.Session.get(ctx);
      if (session.accountId) {
        const refusal = await sessionLimits.signInRefusal({ uid: session.uid, loginTs: session.loginTs });
        if (refusal) await sessionLimits.end(session.uid);
      }
    }
    await next();
  });
  // Sign-out ends the session (issue 34 item 4). oidc-provider's logout keeps a grant that holds
  // offline_access ("persistsLogout"), so the refresh tokens of a signed-out session went on working
  // for up to SESSION_MAX_HOURS. A confirmed logout (the confirmation answers 303; a refused one, such
  // as a forged xsrf, answers the problem page) ends the session it was made in, as read before the
  // provider changed it: every grant and refresh token deleted, the provider's session record too, and
  // Odin's row marked ended so the API refuses the session's access tokens at their next call.
  provider.use(async (ctx, next) => {
    if (ctx.path !== "/session/end/confirm" || ctx.method !== "POST") {
      await next();
      return;
    }
    const before = await provider.Session.get(ctx);
    const session = before.accountId
      ? {
          id: before.jti,
          uid: before.uid,
          accountId: before.accountId,
          authorizations: before.authorizations,
        }
      : undefined;
    await next();
    if (session && ctx.status === 303) await endSignedOutSession(prisma, session, new Date());
  });
  // UserInfo for the access tokens Odin issues (issue 34 item 5): see built-in-userinfo.ts.
  provider.use(
    userInfoForAccessTokens({
      prisma,
      verifyToken: createTokenVerifier(config.identity, () => loadPublicJwks(prisma)),
      issuer,
      origins,
      sessionRefusal: sessionLimits.refusalOf,
    }),
  );
  // The provider's view of host, scheme and client address is set by its mount (oidc-mount.ts) from
  // ODIN_PUBLIC_URL and TRUST_PROXY, never from a client's headers.
  return provider;
}

/**
 * oidc-provider 9 prints "Unsupported runtime" on Node 20 when it is imported, though it runs there
 * (verified: STACK.md). Imported only when the built-in provider is used, with that one line held back.
 */
async function importOidcProvider() {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes("Unsupported runtime")) warn(...args);
  };
  try {
    return await import("oidc-provider");
  } finally {
    console.warn = warn;
  }
}

export type OidcProvider = Awaited<ReturnType<typeof createOidcProvider>>;
