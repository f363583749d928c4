import { DEMO_PASSWORD } from "@odin/db/seed";
import { decodeJwt } from "jose";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MFA_ACR } from "../src/identity/mfa/totp";
import { buildTestApp, type TestApp } from "./helpers";
import { signIn, type NextStep } from "./oidc-client";
import { mintToken, seedPersonas, type Persona } from "./tokens";

/** The code an authenticator app shows for a secret, `stepsAhead` periods from now (tests never wait). */
const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
const secretOnPage = (page: string) =>
  /id="secret" type="text" readonly value="([A-Z2-7 ]+)"/.exec(page)?.[1]?.replace(/ /g, "");
const answer =
  (code: () => string): NextStep =>
  (page): Record<string, string> =>
    page.includes("Save your recovery codes") ? { continue: "1" } : { code: code() };

describe("two-step sign-in (TOTP) in the built-in provider", () => {
  let t: TestApp;
  let subjects: Record<Persona, string>;
  beforeAll(async () => {
    t = await buildTestApp({}, { listen: true });
    subjects = await seedPersonas(t);
  });
  afterAll(() => t?.close());

  const call = async (persona: Persona, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as "GET",
      url,
      headers: {
        authorization: `Bearer ${await mintToken(t, subjects[persona], { claims: { amr: ["pwd", "otp"] } })}`,
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const userNamed = (username: string) => t.prisma.user.findUniqueOrThrow({ where: { username } });
  const auditOf = (action: string) =>
    t.prisma.auditLog.findMany({ where: { action }, orderBy: { id: "asc" } });

  /** Enrols a persona from the profile calls; answers its secret and recovery codes. */
  async function enrol(persona: Persona) {
    const started = await call(persona, "POST", "/account/mfa/enrol");
    expect(started.statusCode).toBe(200);
    const { secret, otpauth_url: url, qr_code: qr } = started.json();
    expect(url).toMatch(/^otpauth:\/\/totp\/Odin:.+\?.*secret=/);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const confirmed = await call(persona, "POST", "/account/mfa/confirm", { code: codeOf(secret) });
    expect(confirmed.statusCode).toBe(200);
    return { secret: secret as string, codes: confirmed.json().recovery_codes as string[] };
  }

  it("enrols from the profile: the secret sealed at rest, a wrong first code refused, 10 codes shown once", async () => {
    const started = await call("investigator", "POST", "/account/mfa/enrol");
    const { secret } = started.json();
    const pending = await userNamed("hartford.investigator");
    expect(pending.mfaPendingSecret).toMatch(/^v1:/);
    expect(pending.mfaPendingSecret).not.toContain(secret);
    expect(pending.mfaSecret).toBeNull();

    const wrong = await call("investigator", "POST", "/account/mfa/confirm", { code: "000000" });
    expect(wrong.statusCode).toBe(400);
    const right = await call("investigator", "POST", "/account/mfa/confirm", { code: codeOf(secret) });
    expect(right.statusCode).toBe(200);
    const codes: string[] = right.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const user = await userNamed("hartford.investigator");
    expect(user.mfaSecret).toMatch(/^v1:/);
    const stored = await t.prisma.mfaRecoveryCode.findMany({ where: { userId: user.id } });
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.some((row) => row.codeHash.includes(code))).toBe(false);
    expect((await call("investigator", "GET", "/account/mfa")).json()).toEqual({
      enabled: true,
      required: false,
      recovery_codes_left: 10,
      available: true,
    });
    expect((await call("investigator", "GET", "/get-current-user")).json().mfa_enabled).toBe(true);
    expect((await auditOf("mfa_enrolled")).map((row) => row.username)).toContain("hartford.investigator");
  });

  it("asks for the code after the password; a wrong one counts as a failed sign-in; the right one signs in with amr and acr", async () => {
    const { secret } = await enrol("hotlistAdmin");
    let asked = "";
    const wrong = await signIn(t.baseUrl, "hartford.hotlistadmin", DEMO_PASSWORD, undefined, (page) => {
      asked = page;
      return { code: "123456" === codeOf(secret, 1) ? "654321" : "123456" };
    });
    expect(asked).toContain("Two-step sign-in");
    expect(wrong.status).toBe(401);
    expect(wrong.page).toContain("That code is not valid");
    expect((await userNamed("hartford.hotlistadmin")).failedLoginCount).toBe(1);
    expect((await auditOf("sign_in_failed")).at(-1)?.detail).toEqual({ reason: "wrong_mfa_code" });

    // The enrolment used this period's code: the next period's is accepted (one step of drift allowed).
    const code = codeOf(secret, 1);
    const { tokens } = await signIn(
      t.baseUrl,
      "hartford.hotlistadmin",
      DEMO_PASSWORD,
      undefined,
      answer(() => code),
    );
    expect(tokens).toBeTruthy();
    const claims = decodeJwt(tokens!.access_token);
    expect(claims.amr).toEqual(["pwd", "otp"]);
    expect(claims.acr).toBe(MFA_ACR);
    expect((await userNamed("hartford.hotlistadmin")).failedLoginCount).toBe(0);
    expect((await auditOf("sign_in")).at(-1)?.detail).toEqual({ method: "password+otp" });

    // Replay: the same code, in a new sign-in within its window, is refused.
    const replay = await signIn(
      t.baseUrl,
      "hartford.hotlistadmin",
      DEMO_PASSWORD,
      undefined,
      answer(() => code),
    );
    expect(replay.status).toBe(401);
    expect(replay.tokens).toBeUndefined();
  });

  it("keeps amr and acr on refreshed access tokens", async () => {
    const user = await userNamed("hartford.hotlistadmin");
    await t.prisma.user.update({ where: { id: user.id }, data: { mfaLastStep: null } });
    const { secret } = { secret: t.secrets.decrypt(user.mfaSecret!) };
    const { tokens } = await signIn(
      t.baseUrl,
      "hartford.hotlistadmin",
      DEMO_PASSWORD,
      undefined,
      answer(() => codeOf(secret)),
    );
    const refreshed = await fetch(`${t.baseUrl}/oidc/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: tokens!.refresh_token!,
        client_id: "odin-web",
      }),
    });
    expect(refreshed.status).toBe(200);
    const claims = decodeJwt(((await refreshed.json()) as { access_token: string }).access_token);
    expect(claims.amr).toEqual(["pwd", "otp"]);
    expect(claims.acr).toBe(MFA_ACR);
  });

  it("accepts each recovery code once, and audits its use", async () => {
    const { codes } = await enrol("hotlistViewer");
    const first = await signIn(
      t.baseUrl,
      "hartford.hotlistviewer",
      DEMO_PASSWORD,
      undefined,
      answer(() => codes[0]!.toUpperCase()),
    );
    expect(first.tokens).toBeTruthy();
    expect(decodeJwt(first.tokens!.access_token).amr).toEqual(["pwd", "otp"]);
    const again = await signIn(
      t.baseUrl,
      "hartford.hotlistviewer",
      DEMO_PASSWORD,
      undefined,
      answer(() => codes[0]!),
    );
    expect(again.status).toBe(401);
    expect((await auditOf("mfa_recovery_code_used")).at(-1)).toMatchObject({
      username: "hartford.hotlistviewer",
      detail: { codes_left: 9 },
    });
    expect((await auditOf("sign_in")).at(-1)?.detail).toEqual({ method: "password+recovery_code" });
  });

  it("locks the account after 5 wrong codes, like 5 wrong passwords", async () => {
    const { secret } = await enrol("otherAgencyAdmin");
    for (let attempt = 0; attempt < 5; attempt++) {
      await signIn(t.baseUrl, "newhaven.admin", DEMO_PASSWORD, undefined, () => ({
        code: "000000" === codeOf(secret, 1) ? "111111" : "000000",
      }));
    }
    const user = await userNamed("newhaven.admin");
    expect(user.lockedAt).not.toBeNull();
    const locked = await signIn(
      t.baseUrl,
      "newhaven.admin",
      DEMO_PASSWORD,
      undefined,
      answer(() => codeOf(secret, 1)),
    );
    expect(locked.tokens).toBeUndefined();
    expect((await auditOf("account_locked")).map((row) => row.username)).toContain("newhaven.admin");
  });

  it("an agency's requirement: a user without MFA sets it up right after the password, before any token", async () => {
    const set = await call("admin", "PUT", "/admin/mfa-policy", { required: true });
    expect(set.json()).toEqual({ agency_required: true, all_required: false });
    let secret = "";
    const pages: string[] = [];
    const outcome = await signIn(
      t.baseUrl,
      "hartford.admin",
      DEMO_PASSWORD,
      undefined,
      (page): Record<string, string> => {
        pages.push(page);
        if (page.includes("Save your recovery codes")) return { continue: "1" };
        secret = secretOnPage(page) ?? "";
        return { code: codeOf(secret) };
      },
    );
    expect(pages[0]).toContain("Set up two-step sign-in");
    expect(pages[0]).toContain('src="data:image/svg+xml;base64,');
    expect(pages[1]).toContain("Save your recovery codes");
    expect(pages[1]!.match(/<li><code>/g)).toHaveLength(10);
    expect(outcome.tokens).toBeTruthy();
    expect(decodeJwt(outcome.tokens!.access_token).amr).toEqual(["pwd", "otp"]);
    expect((await userNamed("hartford.admin")).mfaSecret).not.toBeNull();

    // Stopping at the set-up page gives no token.
    const stopped = await signIn(
      t.baseUrl,
      "hartford.investigator",
      DEMO_PASSWORD,
      undefined,
      () => undefined,
    );
    expect(stopped.tokens).toBeUndefined();

    // Required: it cannot be turned off, even with a right code.
    const disable = await call("admin", "POST", "/account/mfa/disable", { code: codeOf(secret, 1) });
    expect(disable.statusCode).toBe(409);

    // The API refuses a token of this agency's users that shows no second factor.
    const plain = await mintToken(t, subjects.investigator, { claims: { amr: ["pwd"] } });
    const refused = await t.app.inject({
      method: "GET",
      url: "/profile-data",
      headers: { authorization: `Bearer ${plain}` },
    });
    expect(refused.statusCode).toBe(403);
    expect((await auditOf("mfa_policy_changed")).at(-1)?.detail).toEqual({
      scope: "agency",
      agency_id: (await userNamed("hartford.admin")).agencyId,
      required: true,
    });
    await call("admin", "PUT", "/admin/mfa-policy", { required: false });
  });

  it("the owner's requirement reaches every agency", async () => {
    expect((await call("admin", "PUT", "/owner/mfa-policy", { required: true })).statusCode).toBe(403);
    const set = await call("owner", "PUT", "/owner/mfa-policy", { required: true });
    expect(set.json()).toMatchObject({ all_required: true });
    const first = await signIn(t.baseUrl, "newhaven.investigator", DEMO_PASSWORD, undefined, () => undefined);
    expect(first.page).toContain("Set up two-step sign-in");
    await call("owner", "PUT", "/owner/mfa-policy", { required: false });
    const after = await signIn(t.baseUrl, "newhaven.investigator", DEMO_PASSWORD);
    expect(after.tokens).toBeTruthy();
  });

  it("resets: an admin their agency's users (audited), only the owner an admin's; other agencies' users are not found", async () => {
    const investigator = await userNamed("hartford.investigator");
    const admin = await userNamed("hartford.admin");
    const other = await userNamed("newhaven.admin");
    expect((await call("admin", "POST", `/admin/reset-mfa/${other.id}`)).statusCode).toBe(404);
    expect((await call("hotlistAdmin", "POST", `/admin/reset-mfa/${investigator.id}`)).statusCode).toBe(403);

    const reset = await call("admin", "POST", `/admin/reset-mfa/${investigator.id}`);
    expect(reset.statusCode).toBe(200);
    const after = await userNamed("hartford.investigator");
    expect(after.mfaSecret).toBeNull();
    expect(await t.prisma.mfaRecoveryCode.count({ where: { userId: investigator.id } })).toBe(0);
    expect((await auditOf("mfa_reset")).at(-1)).toMatchObject({
      username: "hartford.admin",
      detail: { user_id: investigator.id, username: "hartford.investigator" },
    });

    const otherAdmin = await t.prisma.user.update({
      where: { id: investigator.id },
      data: { role: "admin" },
    });
    await enrol("investigator");
    expect((await call("admin", "POST", `/admin/reset-mfa/${otherAdmin.id}`)).statusCode).toBe(403);
    expect((await call("owner", "POST", `/admin/reset-mfa/${otherAdmin.id}`)).statusCode).toBe(200);
    expect((await call("owner", "POST", `/admin/reset-mfa/${admin.id}`)).statusCode).toBe(200);
    await t.prisma.user.update({ where: { id: investigator.id }, data: { role: "user" } });
  });

  it("F22: an admin cannot reset their own two-step sign-in without a code; the owner can reset the admin's", async () => {
    const admin = await userNamed("hartford.admin");
    await enrol("admin");
    const own = await call("admin", "POST", `/admin/reset-mfa/${admin.id}`);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(
      "You cannot reset your own two-step sign-in: turn it off on your profile with a current code, or ask the owner.",
    );
    expect((await userNamed("hartford.admin")).mfaSecret).not.toBeNull();
    expect((await call("owner", "POST", `/admin/reset-mfa/${admin.id}`)).statusCode).toBe(200);
    expect((await userNamed("hartford.admin")).mfaSecret).toBeNull();
  });

  it("turns off with a current code when not required (audited)", async () => {
    const { secret } = await enrol("investigator");
    expect(
      (
        await call("investigator", "POST", "/account/mfa/disable", {
          code: "000000" === codeOf(secret, 1) ? "111111" : "000000",
        })
      ).statusCode,
    ).toBe(400);
    const off = await call("investigator", "POST", "/account/mfa/disable", { code: codeOf(secret, 1) });
    expect(off.statusCode).toBe(200);
    expect((await userNamed("hartford.investigator")).mfaSecret).toBeNull();
    expect((await auditOf("mfa_disabled")).at(-1)?.username).toBe("hartford.investigator");
  });
});
