import { createHash, randomBytes } from "node:crypto";
import { DEMO_PASSWORD } from "@odin/db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";
import { refresh, signIn, type Tokens } from "./oidc-client";
import { seedPersonas } from "./tokens";

/**
 * issue 18 item 3: refresh tokens are not honoured after the idle limit or the absolute limit.
 * issue 36 (F5): the idle lock is the server's: an access token still valid, the provider's session
 * cookie and a refresh token are all refused once the session was idle past the limit.
 */
describe("session idle and absolute limits (CJIS 5.5.5)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SESSION_IDLE_MINUTES: "30", SESSION_MAX_HOURS: "12" }, { listen: true });
    await seedPersonas(t);
  });
  afterAll(() => t?.close());

  const api = (path: string, token: string) =>
    fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });

  /** A signed-in session that made one API call (so Odin tracks its activity), and its row. */
  const activeSession = async (username: string) => {
    const outcome = await signIn(t.baseUrl, username, DEMO_PASSWORD);
    const tokens = outcome.tokens!;
    expect((await api("/profile-data", tokens.access_token)).status).toBe(200);
    const sid = (
      JSON.parse(Buffer.from(tokens.access_token.split(".")[1]!, "base64url").toString()) as { sid: string }
    ).sid;
    const row = await t.prisma.session.findUniqueOrThrow({ where: { idpSessionId: sid } });
    expect(row.lastSeenAt).not.toBeNull();
    return { tokens, sid, row, cookie: outcome.cookie! };
  };
  const sidOf = (tokens: Tokens) =>
    (JSON.parse(Buffer.from(tokens.access_token.split(".")[1]!, "base64url").toString()) as { sid: string })
      .sid;
  const idleFor = (sid: string, minutes: number) =>
    t.prisma.session.update({
      where: { idpSessionId: sid },
      data: { lastSeenAt: new Date(Date.now() - minutes * 60_000) },
    });

  /**
   * What the browser's provider session cookie gets from a new sign-in request (as a reload of the
   * web app sends): a code at once (silent sign-in) or a page asking for something. With `signInAs`
   * the password page is answered as a person would.
   */
  const authorizeWith = async (
    cookie: string,
    options: { prompt?: string; signInAs?: string } = {},
  ): Promise<{ code?: string; page?: string; cookie: string; verifier: string }> => {
    const verifier = randomBytes(32).toString("base64url");
    const url = new URL(`${t.baseUrl}/oidc/auth`);
    for (const [key, value] of Object.entries({
      client_id: "odin-web",
      response_type: "code",
      scope: "openid profile email offline_access",
      redirect_uri: `${t.baseUrl}/callback`,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      state: "s",
      nonce: "n",
      ...(options.prompt ? { prompt: options.prompt } : {}),
    }))
      url.searchParams.set(key, value);
    const jar = new Map(cookie.split("; ").map((pair) => pair.split("=", 2) as [string, string]));
    const cookies = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    let request: [string, RequestInit] = [url.toString(), {}];
    for (let hop = 0; hop < 16; hop++) {
      const response = await fetch(request[0], {
        ...request[1],
        redirect: "manual",
        headers: { ...(request[1].headers as Record<string, string>), cookie: cookies() },
      });
      for (const header of response.headers.getSetCookie()) {
        const [pair] = header.split(";");
        const index = pair!.indexOf("=");
        jar.set(pair!.slice(0, index), pair!.slice(index + 1));
      }
      const location = response.headers.get("location");
      if (!location) {
        const page = await response.text();
        const action = /<form method="post" action="([^"]+\/login)"/.exec(page)?.[1];
        if (!options.signInAs || !action || request[1].method) return { page, cookie: cookies(), verifier };
        request = [
          new URL(action, t.baseUrl).toString(),
          {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ username: options.signInAs, password: DEMO_PASSWORD }).toString(),
          },
        ];
        continue;
      }
      const target = new URL(location, t.baseUrl);
      if (target.pathname === "/callback")
        return { code: target.searchParams.get("code") ?? undefined, cookie: cookies(), verifier };
      request = [target.toString(), {}];
    }
    throw new Error("too many redirects");
  };
  const exchange = async (code: string, verifier: string) =>
    (await (
      await fetch(`${t.baseUrl}/oidc/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: `${t.baseUrl}/callback`,
          client_id: "odin-web",
          code_verifier: verifier,
        }),
      })
    ).json()) as Tokens;
  const passwordForm = /<form method="post" action="\/oidc\/interaction\/[^"]+\/login"/;

  it("tracks the last activity and refreshes a session used within the idle limit", async () => {
    const { tokens, sid } = await activeSession("hartford.investigator");
    await t.prisma.session.update({
      where: { idpSessionId: sid },
      data: { lastSeenAt: new Date(Date.now() - 29 * 60_000) },
    });
    expect((await refresh(t.baseUrl, tokens.refresh_token!)).status).toBe(200);
  });

  it("refuses the refresh of a session idle for more than 30 minutes, and ends it", async () => {
    const { tokens, sid } = await activeSession("hartford.admin");
    await t.prisma.session.update({
      where: { idpSessionId: sid },
      data: { lastSeenAt: new Date(Date.now() - 31 * 60_000) },
    });
    const refused = await refresh(t.baseUrl, tokens.refresh_token!);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe("invalid_grant");
    expect(
      (await t.prisma.session.findUniqueOrThrow({ where: { idpSessionId: sid } })).revokedAt,
    ).not.toBeNull();
    expect((await api("/profile-data", tokens.access_token)).status).toBe(401);
  });

  it("refuses the refresh of a session begun more than 12 hours ago, however active", async () => {
    const { tokens, sid } = await activeSession("hartford.hotlistadmin");
    await t.prisma.session.update({
      where: { idpSessionId: sid },
      data: { createdAt: new Date(Date.now() - 13 * 3_600_000), lastSeenAt: new Date() },
    });
    expect((await refresh(t.baseUrl, tokens.refresh_token!)).status).toBe(400);
  });

  it("refuses an access token still valid once its session was idle past the limit, and ends the session", async () => {
    const { tokens, sid } = await activeSession("newhaven.hotlistviewer");
    await idleFor(sid, 31);
    const refused = await api("/profile-data", tokens.access_token);
    expect(refused.status).toBe(401);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("UNAUTHENTICATED");
    expect(body.error.message).toMatch(/without activity/);
    // Ended, not only refused this once: the row is revoked and the provider's session is gone.
    expect(
      (await t.prisma.session.findUniqueOrThrow({ where: { idpSessionId: sid } })).revokedAt,
    ).not.toBeNull();
    expect(await t.prisma.oidcArtifact.count({ where: { kind: "Session", uid: sid } })).toBe(0);
    await idleFor(sid, 0);
    expect((await api("/profile-data", tokens.access_token)).status).toBe(401);
    expect((await refresh(t.baseUrl, tokens.refresh_token!)).status).toBe(400);
  });

  it("the provider's session cookie of an idle session gets the password page, not a code", async () => {
    const { sid, cookie } = await activeSession("newhaven.hotlistadmin");
    // Within the limit the cookie signs the browser in silently (a reload of an active tab).
    const silent = await authorizeWith(cookie);
    expect(silent.code).toBeTruthy();
    await idleFor(sid, 31);
    const replay = await authorizeWith(silent.cookie);
    expect(replay.code).toBeUndefined();
    expect(replay.page).toMatch(passwordForm);
    expect(
      (await t.prisma.session.findUniqueOrThrow({ where: { idpSessionId: sid } })).revokedAt,
    ).not.toBeNull();
  });

  it("a provider session that never called the API is idle from its sign-in", async () => {
    const outcome = await signIn(t.baseUrl, "newhaven.admin", DEMO_PASSWORD);
    const sid = sidOf(outcome.tokens!);
    const row = await t.prisma.oidcArtifact.findFirstOrThrow({ where: { kind: "Session", uid: sid } });
    const payload = row.payload as { loginTs: number };
    await t.prisma.oidcArtifact.update({
      where: { kind_id: { kind: "Session", id: row.id } },
      data: { payload: { ...payload, loginTs: payload.loginTs - 31 * 60 } },
    });
    const replay = await authorizeWith(outcome.cookie!);
    expect(replay.code).toBeUndefined();
    expect(replay.page).toMatch(passwordForm);
  });

  it("signing in again after the idle limit needs the password and starts a new session", async () => {
    const { tokens, sid } = await activeSession("hartford.hotlistviewer");
    await idleFor(sid, 31);
    expect((await api("/profile-data", tokens.access_token)).status).toBe(401);
    const again = await activeSession("hartford.hotlistviewer");
    expect(again.sid).not.toBe(sid);
    expect((await api("/profile-data", again.tokens.access_token)).status).toBe(200);
  });

  it("records activity at most once a minute per session, in one conditional statement", async () => {
    const { tokens, sid } = await activeSession("newhaven.investigator");
    const seenAt = new Date(Date.now() - 20_000);
    await t.prisma.session.update({ where: { idpSessionId: sid }, data: { lastSeenAt: seenAt } });
    // Calls within the write interval leave the row as it is.
    await Promise.all([1, 2, 3].map(() => api("/profile-data", tokens.access_token)));
    expect((await t.prisma.session.findUniqueOrThrow({ where: { idpSessionId: sid } })).lastSeenAt).toEqual(
      seenAt,
    );
    // After it, the next calls move it once to now.
    await idleFor(sid, 2);
    const before = Date.now();
    const answers = await Promise.all([1, 2, 3].map(() => api("/profile-data", tokens.access_token)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const moved = (await t.prisma.session.findUniqueOrThrow({ where: { idpSessionId: sid } })).lastSeenAt!;
    expect(moved.getTime()).toBeGreaterThanOrEqual(before - 1_000);
  });

  it("the unlock (prompt=login) asks for the password and still gives the app its refresh token", async () => {
    const { cookie, sid } = await activeSession("hartford.investigator");
    const unlock = await authorizeWith(cookie, { prompt: "login" });
    expect(unlock.code).toBeUndefined();
    expect(unlock.page).toMatch(passwordForm);
    const again = await authorizeWith(cookie, { prompt: "login", signInAs: "hartford.investigator" });
    const tokens = await exchange(again.code!, again.verifier);
    expect(tokens.refresh_token).toBeTruthy();
    expect(sidOf(tokens)).toBe(sid);
    expect((await api("/profile-data", tokens.access_token)).status).toBe(200);
    expect((await refresh(t.baseUrl, tokens.refresh_token!)).status).toBe(200);
  });

  it("re-entry after the idle limit asks the second factor too when the user has one", async () => {
    const { sid, cookie } = await activeSession("trooph.admin");
    await idleFor(sid, 31);
    await t.prisma.user.update({
      where: { username: "trooph.admin" },
      data: { mfaSecret: t.secrets.encrypt("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP") },
    });
    const again = await authorizeWith(cookie, { signInAs: "trooph.admin" });
    expect(again.code).toBeUndefined();
    expect(again.page).toMatch(/<form method="post" action="\/oidc\/interaction\/[^"]+\/mfa"/);
  });
});
