import { request as httpRequest } from "node:http";
import { DEMO_PASSWORD, seedDemoData } from "@odin/db/seed";
import { decodeJwt } from "jose";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";

/**
 * Issue 34 items 4 and 5: Odin's built-in OpenID provider as an independent relying party sees it.
 * The relying party is openid-client (panva), not Odin's code: discovery, authorization code with PKCE,
 * state and nonce, the ID token (signature included), UserInfo, refresh with rotation, an API call,
 * RP-initiated logout, and after the logout (or POST /session/revoke) the refresh grant refused and the
 * API refusing the session's access tokens. The only other client code here is the "browser": a cookie
 * jar that follows redirects and submits the provider's own forms, as a person's browser would.
 */

const CLIENT_ID = "odin-web";
const SCOPE = "openid profile email offline_access";
const USERNAME = "hartford.investigator";

/** A browser for the provider's pages: cookies, manual redirects, form posts. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  async go(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(new URL(url, this.baseUrl), {
      ...init,
      redirect: "manual",
      headers: {
        accept: "text/html",
        ...(init.headers as Record<string, string>),
        cookie: this.cookieHeader(),
      },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(header) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  post(url: string, fields: Record<string, string>) {
    return this.go(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Follows redirects until one leads to `stopAt` (answered) or a page (its response). */
  async follow(response: Response, stopAt: string): Promise<{ url?: string; page?: Response }> {
    for (let hop = 0; hop < 12; hop++) {
      const location = response.headers.get("location");
      if (!location) return { page: response };
      const next = new URL(location, this.baseUrl).toString();
      if (next.startsWith(stopAt)) return { url: next };
      response = await this.go(next);
    }
    throw new Error("too many redirects");
  }

  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** The action and hidden fields of the page's first form (the provider's own forms are plain HTML). */
function formOf(html: string): { action: string; fields: Record<string, string> } {
  const form = /<form[^>]*\baction="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`no form in the page: ${html.slice(0, 500)}`);
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input[^>]*>/g)) {
    const name = /\bname="([^"]+)"/.exec(input[0])?.[1];
    const value = /\bvalue="([^"]*)"/.exec(input[0])?.[1];
    if (name && /type="hidden"/.test(input[0])) fields[name] = value ?? "";
  }
  return { action: form[1]!.replace(/&amp;/g, "&"), fields };
}

/** Expects UserInfo to refuse the token: 401 with a Bearer invalid_token challenge (RFC 6750). */
async function expectUserInfoRefused(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(client.WWWAuthenticateChallengeError);
  const challenge = error as client.WWWAuthenticateChallengeError;
  expect(challenge.status).toBe(401);
  expect(challenge.cause[0]).toMatchObject({ scheme: "bearer", parameters: { error: "invalid_token" } });
}

/** Expects an OAuth error answer (openid-client throws ResponseBodyError) with this error code. */
async function expectOAuthError(promise: Promise<unknown>, error: string) {
  await expect(promise).rejects.toMatchObject({ error });
}

describe("an independent relying party (openid-client) against the built-in provider", () => {
  let t: TestApp;
  let config: client.Configuration;
  let redirectUri: string;

  beforeAll(async () => {
    t = await buildTestApp({}, { listen: true });
    await seedDemoData(t.prisma, { encryptSecret: t.secrets.encrypt });
    redirectUri = `${t.baseUrl}/callback`;
    config = await client.discovery(new URL(`${t.baseUrl}/oidc`), CLIENT_ID, undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    });
    // The ID token's signature is checked against the provider's JWKS, not only trusted from TLS.
    client.enableNonRepudiationChecks(config);
  });
  afterAll(() => t?.close());

  const api = (path: string, token: string, method = "GET") =>
    client.fetchProtectedResource(config, token, new URL(path, t.baseUrl), method);

  /**
   * What the provider still holds of a session (by the access token's `sid`): its refresh tokens and
   * its grants. A refresh is also refused by Odin's session row, so this shows the provider's side.
   */
  async function heldAtProvider(accessToken: string) {
    const sid = String(decodeJwt(accessToken).sid);
    const refreshTokens = await t.prisma.oidcArtifact.findMany({
      where: { kind: "RefreshToken", payload: { path: ["sessionUid"], equals: sid } },
    });
    const grantIds = [...new Set(refreshTokens.flatMap((row) => (row.grantId ? [row.grantId] : [])))];
    return { refreshTokens: refreshTokens.length, grantIds };
  }
  const grantsLeft = (grantIds: string[]) =>
    t.prisma.oidcArtifact.count({
      where: { OR: [{ grantId: { in: grantIds } }, { kind: "Grant", id: { in: grantIds } }] },
    });

  /** Code + PKCE + state + nonce, the user signing in on Odin's own page. */
  async function signIn() {
    const browser = new Browser(t.baseUrl);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const authorize = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    const toForm = await browser.follow(await browser.go(authorize.href), redirectUri);
    expect(toForm.page?.status).toBe(200);
    const login = formOf(await toForm.page!.text());
    expect(login.action).toMatch(/\/login$/);
    const back = await browser.follow(
      await browser.post(login.action, { username: USERNAME, password: DEMO_PASSWORD }),
      redirectUri,
    );
    expect(back.url, "the sign-in comes back to the redirect URI").toBeTruthy();
    const tokens = await client.authorizationCodeGrant(config, new URL(back.url!), {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    return { browser, tokens, nonce };
  }

  it("discovery: endpoints under ODIN_PUBLIC_URL, whatever Host and X-Forwarded-Host a client sends", async () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(`${t.baseUrl}/oidc`);
    expect(metadata.code_challenge_methods_supported).toContain("S256");
    const forged = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const { port } = new URL(t.baseUrl);
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/oidc/.well-known/openid-configuration",
          headers: {
            host: "evil.example.net",
            "x-forwarded-host": "evil.example.net",
            "x-forwarded-proto": "https",
          },
        },
        (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve(JSON.parse(body) as Record<string, unknown>));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(forged.issuer).toBe(metadata.issuer);
    for (const [key, value] of Object.entries(forged)) {
      if (key.endsWith("_endpoint") || key === "jwks_uri") {
        expect(value, key).toMatch(new RegExp(`^${t.baseUrl.replace(/\./g, "\\.")}/oidc/`));
      }
    }
  });

  it("code + PKCE + state + nonce: a valid ID token carrying the nonce, UserInfo, an API call, rotating refresh", async () => {
    const { tokens, nonce } = await signIn();
    const claims = tokens.claims()!;
    expect(claims.iss).toBe(`${t.baseUrl}/oidc`);
    expect(claims.aud).toBe(CLIENT_ID);
    expect(claims.nonce).toBe(nonce);
    expect(claims.sub).toMatch(/^odin\|\d+$/);
    expect(tokens.refresh_token).toBeTruthy();

    // UserInfo: advertised, so it must answer for the access token Odin issued.
    expect(config.serverMetadata().userinfo_endpoint).toBe(`${t.baseUrl}/oidc/me`);
    const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    expect(info).toMatchObject({ sub: claims.sub, preferred_username: USERNAME, email_verified: true });
    expect(info.email).toBeTruthy();

    const me = await api("/get-current-user", tokens.access_token);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ username: USERNAME });

    // Refresh rotates the refresh token (a public client): the new one works, the old one is refused.
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await api("/get-current-user", refreshed.access_token)).status).toBe(200);
    expect(await client.fetchUserInfo(config, refreshed.access_token, claims.sub)).toMatchObject({
      sub: claims.sub,
    });
    await expectOAuthError(client.refreshTokenGrant(config, tokens.refresh_token!), "invalid_grant");
  });

  it("RP-initiated logout ends the session: refresh refused (invalid_grant), the API and UserInfo refuse its access tokens", async () => {
    const { browser, tokens } = await signIn();
    const claims = tokens.claims()!;
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect((await api("/get-current-user", refreshed.access_token)).status).toBe(200);
    const held = await heldAtProvider(tokens.access_token);
    expect(held.refreshTokens).toBeGreaterThan(0);

    const endSession = client.buildEndSessionUrl(config, {
      id_token_hint: refreshed.id_token ?? tokens.id_token!,
      post_logout_redirect_uri: t.baseUrl,
      state: "after-logout",
    });
    const confirmation = await browser.go(endSession.href);
    expect(confirmation.status).toBe(200);
    const form = formOf(await confirmation.text());
    const done = await browser.follow(
      await browser.post(form.action, { ...form.fields, logout: "yes" }),
      t.baseUrl,
    );
    expect(done.url).toBe(`${t.baseUrl}/?state=after-logout`);

    // The provider holds nothing of the session any more: no refresh token, no grant.
    expect((await heldAtProvider(tokens.access_token)).refreshTokens).toBe(0);
    expect(await grantsLeft(held.grantIds)).toBe(0);
    await expectOAuthError(client.refreshTokenGrant(config, refreshed.refresh_token!), "invalid_grant");
    for (const token of [tokens.access_token, refreshed.access_token]) {
      const reused = await api("/get-current-user", token);
      expect(reused.status).toBe(401);
      expect(((await reused.json()) as { error: { message: string } }).error.message).toBe(
        "This session was signed out. Sign in again.",
      );
      await expectUserInfoRefused(client.fetchUserInfo(config, token, claims.sub));
    }
    // Odin's row of the session is marked ended (sessions.revoked_at), by the access token's `sid`.
    const sid = String(decodeJwt(tokens.access_token).sid);
    const session = await t.prisma.session.findUnique({ where: { idpSessionId: sid } });
    expect(session?.revokedAt).not.toBeNull();
  });

  it("a logout before the session's first API call still ends it for the API", async () => {
    const { browser, tokens } = await signIn();
    const confirmation = await browser.go(
      client.buildEndSessionUrl(config, {
        id_token_hint: tokens.id_token!,
        post_logout_redirect_uri: t.baseUrl,
      }).href,
    );
    const form = formOf(await confirmation.text());
    const held = await heldAtProvider(tokens.access_token);
    await browser.post(form.action, { ...form.fields, logout: "yes" });
    expect(await grantsLeft(held.grantIds)).toBe(0);
    expect((await api("/get-current-user", tokens.access_token)).status).toBe(401);
    await expectOAuthError(client.refreshTokenGrant(config, tokens.refresh_token!), "invalid_grant");
  });

  it("POST /session/revoke ends the session the same way: refresh refused, the access token refused", async () => {
    const { tokens } = await signIn();
    const claims = tokens.claims()!;
    const held = await heldAtProvider(tokens.access_token);
    expect(held.refreshTokens).toBe(1);
    expect((await api("/session/revoke", tokens.access_token, "POST")).status).toBe(200);
    expect((await heldAtProvider(tokens.access_token)).refreshTokens).toBe(0);
    expect(await grantsLeft(held.grantIds)).toBe(0);
    await expectOAuthError(client.refreshTokenGrant(config, tokens.refresh_token!), "invalid_grant");
    expect((await api("/get-current-user", tokens.access_token)).status).toBe(401);
    await expectUserInfoRefused(client.fetchUserInfo(config, tokens.access_token, claims.sub));
  });
});
