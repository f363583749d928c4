import { DEMO_PASSWORD } from "@odin/db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isCommonPassword, passwordPolicyProblems, POLICY_MESSAGES } from "../src/identity/password-policy";
import { buildTestApp, type TestApp } from "./helpers";
import { refresh, signIn } from "./oidc-client";
import { seedPersonas } from "./tokens";

/** issue 18 item 4: password change and policy (NIST SP 800-63B, CJIS 5.6.2.1). */
describe("password change and policy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { listen: true });
    await seedPersonas(t);
  });
  afterAll(() => t?.close());

  const api = (path: string, token: string, body?: object) =>
    fetch(`${t.baseUrl}${path}`, {
      method: body ? "POST" : "GET",
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const change = (token: string, body: object) => api("/user/reset-password", token, body);
  const errorOf = async (res: Response) =>
    ((await res.json()) as { error: { message: string } }).error.message;

  it("ships an offline list of common and breached passwords, matched case-insensitively", () => {
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("1qaz2wsx3edc")).toBe(true);
    expect(isCommonPassword("P030710p$e4o")).toBe(true);
    expect(isCommonPassword("Violet-harbour-tractor-42")).toBe(false);
  });

  it("F23: refuses a common word with digits and symbols added, keeps passphrases and the demo password", async () => {
    for (const weak of [
      "Password1!",
      "Password123!",
      "Welcome2024!",
      "Summer2025!",
      "Spring2026!",
      "P@ssw0rd2024!",
      "!December2025",
      "Police12345!",
    ]) {
      const problems = await passwordPolicyProblems(t.prisma, 8, { id: null, username: "owner" }, weak);
      expect(problems, weak).toContain(POLICY_MESSAGES.commonWord);
    }
    for (const fine of [
      DEMO_PASSWORD,
      "Violet-harbour-tractor-42",
      "Owner-setup-2026!",
      "Regained-Access-2026!",
    ])
      expect(await passwordPolicyProblems(t.prisma, 12, { id: null, username: "owner" }, fine), fine).toEqual(
        [],
      );
  });

  it("refuses the username, whatever its case", async () => {
    const problems = await passwordPolicyProblems(
      t.prisma,
      12,
      { id: null, username: "Jane.Doe-2026!" },
      "jane.doe-2026!",
    );
    expect(problems).toEqual([POLICY_MESSAGES.username]);
  });

  it("a change needs the current password, a length of 12 and no breached password", async () => {
    const { tokens } = await signIn(t.baseUrl, "hartford.investigator", DEMO_PASSWORD);
    const token = tokens!.access_token;
    const missing = await change(token, { new_password: "Violet-harbour-42" });
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toBe(POLICY_MESSAGES.currentRequired);
    const wrong = await change(token, {
      new_password: "Violet-harbour-42",
      current_password: "Not-it-2026!",
    });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toBe(POLICY_MESSAGES.currentWrong);
    // 11 characters that meet every rule the spec lists.
    const short = await change(token, { new_password: "Vio-harb-42", current_password: DEMO_PASSWORD });
    expect(short.status).toBe(400);
    expect(await errorOf(short)).toContain("At least 12 characters");
    const breached = await change(token, { new_password: "P030710p$e4o", current_password: DEMO_PASSWORD });
    expect(breached.status).toBe(400);
    expect(await errorOf(breached)).toContain("Not a common or breached password");
    expect((await signIn(t.baseUrl, "hartford.investigator", DEMO_PASSWORD)).tokens).toBeDefined();
  });

  it("refuses one of the last 5 passwords, and allows the sixth-oldest again", async () => {
    const username = "hartford.hotlistviewer";
    let current = DEMO_PASSWORD;
    const { tokens } = await signIn(t.baseUrl, username, current);
    const token = tokens!.access_token;
    const used = [current];
    for (const next of ["Violet-harbour-41", "Violet-harbour-42", "Violet-harbour-43", "Violet-harbour-44"]) {
      const res = await change(token, { new_password: next, current_password: current });
      expect(res.status, await res.clone().text()).toBe(200);
      current = next;
      used.push(next);
    }
    for (const old of used) {
      const res = await change(token, { new_password: old, current_password: current });
      expect(res.status, old).toBe(400);
      expect(await errorOf(res)).toContain(POLICY_MESSAGES.reused);
    }
    const fifth = await change(token, { new_password: "Violet-harbour-45", current_password: current });
    expect(fifth.status).toBe(200);
    // DEMO_PASSWORD is now the sixth-oldest: allowed again.
    const back = await change(token, { new_password: DEMO_PASSWORD, current_password: "Violet-harbour-45" });
    expect(back.status, await back.clone().text()).toBe(200);
    expect(await t.prisma.passwordHistory.count({ where: { user: { username } } })).toBe(5);
  });

  it("a change ends the user's other sessions, refresh tokens included, and keeps the one making it", async () => {
    const username = "hartford.admin";
    const mine = (await signIn(t.baseUrl, username, DEMO_PASSWORD)).tokens!;
    const other = (await signIn(t.baseUrl, username, DEMO_PASSWORD)).tokens!;
    expect((await api("/profile-data", other.access_token)).status).toBe(200);

    const res = await change(mine.access_token, {
      new_password: "Violet-harbour-77",
      current_password: DEMO_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect((await api("/profile-data", other.access_token)).status).toBe(401);
    expect((await refresh(t.baseUrl, other.refresh_token!)).status).toBe(400);
    expect((await api("/profile-data", mine.access_token)).status).toBe(200);
    expect((await refresh(t.baseUrl, mine.refresh_token!)).status).toBe(200);
  });

  it("a user added by an admin must change the password at the first sign-in", async () => {
    const admin = (await signIn(t.baseUrl, "hartford.admin", "Violet-harbour-77")).tokens!;
    const added = await api("/admin/add-user", admin.access_token, {
      username: "first.timer",
      name: "First Timer",
      email: "first.timer@example.com",
      password: "Temporary-Pass-2026!",
      role: "user",
    });
    expect(added.status, await added.clone().text()).toBe(200);
    const tokens = (await signIn(t.baseUrl, "first.timer", "Temporary-Pass-2026!")).tokens!;
    const me = (await (await api("/get-current-user", tokens.access_token)).json()) as Record<
      string,
      unknown
    >;
    expect(me.must_change_password).toBe(true);
    const changed = await change(tokens.access_token, {
      new_password: "Violet-harbour-88",
      current_password: "Temporary-Pass-2026!",
    });
    expect(changed.status).toBe(200);
    const after = (await (await api("/get-current-user", tokens.access_token)).json()) as Record<
      string,
      unknown
    >;
    expect(after.must_change_password).toBe(false);
  });
});
