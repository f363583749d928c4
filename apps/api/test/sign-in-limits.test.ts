import { DEMO_PASSWORD } from "@odin/db/seed";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword } from "../src/identity/password-sign-in";
import { POLICY_MESSAGES } from "../src/identity/password-policy";
import { buildTestApp, type TestApp } from "./helpers";
import { signIn } from "./oidc-client";
import { mintToken, seedPersonas, type Persona } from "./tokens";

/** The code an authenticator app shows for a secret, `stepsAhead` periods from now (tests never wait). */
const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

/**
 * Issue 36: F20 (one password sprayed over many usernames from one address) and F21 (wrong current
 * passwords and wrong codes with a session neither counted nor audited).
 */
describe("sign-in limits across usernames and behind a session", () => {
  let t: TestApp;
  let subjects: Record<Persona, string>;
  beforeAll(async () => {
    t = await buildTestApp({ SIGN_IN_FAILURES_PER_ADDRESS: "4" }, { listen: true });
    subjects = await seedPersonas(t);
  });
  afterAll(() => t?.close());

  const call = async (persona: Persona, url: string, payload?: object) =>
    t.app.inject({
      method: "POST",
      url,
      headers: {
        authorization: `Bearer ${await mintToken(t, subjects[persona], { claims: { amr: ["pwd", "otp"] } })}`,
      },
      ...(payload === undefined ? {} : { payload }),
    });
  const userNamed = (username: string) => t.prisma.user.findUniqueOrThrow({ where: { username } });
  const auditOf = (action: string, username?: string) =>
    t.prisma.auditLog.findMany({
      where: { action, ...(username ? { username } : {}) },
      orderBy: { id: "asc" },
    });

  it("F20: one password sprayed over many usernames from one address meets 429 with Retry-After and a page", async () => {
    const sprayed = [
      "newhaven.investigator",
      "trooph.investigator",
      "no.such.user",
      "hartford.hotlistviewer",
    ];
    for (const username of sprayed)
      expect((await signIn(t.baseUrl, username, "Spring2026!")).status).toBe(401);
    // The limit holds for every username from the address, the right password included (else a
    // sprayer would still learn which guess is right).
    const fifth = await signIn(t.baseUrl, "hartford.hotlistadmin", DEMO_PASSWORD);
    expect(fifth.tokens).toBeUndefined();
    expect(fifth.status).toBe(429);
    expect(fifth.page).toContain("Too many failed sign-ins from your network");
    const direct = await fetch(`${t.baseUrl}/oidc/interaction/anything/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username: "another.user", password: "Spring2026!" }).toString(),
    });
    expect(direct.status).toBe(429);
    expect(direct.headers.get("content-type")).toContain("text/html");
    const retryAfter = Number(direct.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await auditOf("sign_in_address_limited")).toHaveLength(1);
    // No account was locked by the spray: each username failed once.
    expect((await userNamed("newhaven.investigator")).lockedAt).toBeNull();
    await t.prisma.$executeRaw`DELETE FROM rate_limit_counters WHERE key LIKE 'sign-in-failures|%'`;
  });

  it("F20: the per-address count is kept in PostgreSQL and runs out with its window (injected clock)", async () => {
    const from = { ip: "203.0.113.7", requestId: null };
    const limit = { max: 3, windowMs: 15 * 60_000 };
    const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 8, minutes));
    for (const username of ["a.one", "b.two", "c.three"])
      expect(
        await signInWithPassword(t.prisma, username, "Summer2025!", at(0), from, undefined, limit),
      ).toMatchObject({ ok: false });
    const limited = await signInWithPassword(
      t.prisma,
      "hartford.investigator",
      DEMO_PASSWORD,
      at(1),
      from,
      undefined,
      limit,
    );
    expect(limited).toMatchObject({ ok: false, retryAfterSeconds: 14 * 60 });
    // Another address is not held back.
    const other = { ip: "198.51.100.9", requestId: null };
    expect(
      await signInWithPassword(
        t.prisma,
        "hartford.investigator",
        DEMO_PASSWORD,
        at(1),
        other,
        undefined,
        limit,
      ),
    ).toMatchObject({ ok: true });
    // After the window the address may try again.
    expect(
      await signInWithPassword(
        t.prisma,
        "hartford.investigator",
        DEMO_PASSWORD,
        at(16),
        from,
        undefined,
        limit,
      ),
    ).toMatchObject({ ok: true });
    const row = await t.prisma.rateLimitCounter.findUnique({
      where: { key: "sign-in-failures|203.0.113.7" },
    });
    expect(row).not.toBeNull();
  });

  it("F21: wrong current passwords count toward the lockout, each audited; the lock refuses the right one", async () => {
    const change = (current: string) =>
      call("investigator", "/user/reset-password", {
        current_password: current,
        new_password: "Violet-harbour-tractor-42",
      });
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await change(`Not-it-${attempt}-2026!`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toBe(POLICY_MESSAGES.currentWrong);
    }
    const failed = await auditOf("password_change_failed", "hartford.investigator");
    expect(failed).toHaveLength(5);
    expect(failed[0]).toMatchObject({ detail: { reason: "wrong_current_password" } });
    expect(await auditOf("account_locked", "hartford.investigator")).toHaveLength(1);
    expect((await userNamed("hartford.investigator")).lockedAt).not.toBeNull();

    const refused = await change(DEMO_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.json().error.message).toContain("locked");
    // The password did not change.
    expect(
      await signInWithPassword(
        t.prisma,
        "hartford.investigator",
        DEMO_PASSWORD,
        new Date(Date.now() + 31 * 60_000),
      ),
    ).toMatchObject({ ok: true });
  });

  it("F21: wrong codes on the profile's two-step calls count toward the lockout, each audited", async () => {
    const started = await call("hotlistAdmin", "/account/mfa/enrol");
    const { secret } = started.json<{ secret: string }>();
    const wrongCode = (right: string) => (right === "000000" ? "111111" : "000000");
    const badConfirm = await call("hotlistAdmin", "/account/mfa/confirm", {
      code: wrongCode(codeOf(secret)),
    });
    expect(badConfirm.statusCode).toBe(400);
    expect((await call("hotlistAdmin", "/account/mfa/confirm", { code: codeOf(secret) })).statusCode).toBe(
      200,
    );
    for (let attempt = 1; attempt <= 4; attempt++) {
      const wrong = await call("hotlistAdmin", "/account/mfa/disable", {
        code: wrongCode(codeOf(secret, 1)),
      });
      expect(wrong.statusCode).toBe(400);
    }
    const failed = await auditOf("mfa_code_failed", "hartford.hotlistadmin");
    expect(failed.map((row) => (row.detail as { during: string }).during)).toEqual([
      "confirm",
      "disable",
      "disable",
      "disable",
      "disable",
    ]);
    expect(await auditOf("account_locked", "hartford.hotlistadmin")).toHaveLength(1);
    const refused = await call("hotlistAdmin", "/account/mfa/disable", { code: codeOf(secret, 1) });
    expect(refused.statusCode).toBe(429);
    expect((await userNamed("hartford.hotlistadmin")).mfaSecret).not.toBeNull();
  });
});
