import { DEMO_PASSWORD } from "@odin/db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";
import { refresh, signIn } from "./oidc-client";
import { seedPersonas } from "./tokens";

/** issue 18 item 3: refresh tokens are not honoured after the idle limit or the absolute limit. */
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
    const tokens = (await signIn(t.baseUrl, username, DEMO_PASSWORD)).tokens!;
    expect((await api("/profile-data", tokens.access_token)).status).toBe(200);
    const sid = (
      JSON.parse(Buffer.from(tokens.access_token.split(".")[1]!, "base64url").toString()) as { sid: string }
    ).sid;
    const row = await t.prisma.session.findUniqueOrThrow({ where: { idpSessionId: sid } });
    expect(row.lastSeenAt).not.toBeNull();
    return { tokens, sid, row };
  };

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
});
