import { DEMO_PASSWORD } from "@odin/db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";
import { signIn } from "./oidc-client";
import { mintToken, seedPersonas, type Persona } from "./tokens";

describe("account calls (spec 001 §7 Account)", () => {
  let t: TestApp;
  let subjects: Record<Persona, string>;
  beforeAll(async () => {
    t = await buildTestApp({}, { listen: true });
    subjects = await seedPersonas(t);
  });
  afterAll(() => t?.close());

  const call = async (persona: Persona, method: "GET" | "POST", url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${await mintToken(t, subjects[persona])}` },
      ...(payload ? { payload } : {}),
    });

  it("GET /app-config.js tells the web app its identity provider and owner", async () => {
    const res = await t.app.inject({ method: "GET", url: "/app-config.js" });
    expect(res.headers["content-type"]).toContain("javascript");
    expect(res.body).toContain(
      `window.__ODIN_CONFIG__ = {"oidc":{"authority":"${t.baseUrl}/oidc","clientId":"odin-web","audience":"urn:odin:api","scope":"openid profile email offline_access"},"ownerUsername":"owner","map":{`,
    );
    expect(res.body).toContain(
      `"darkTileUrl":"https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}{r}.png"`,
    );
    // The export limit, so the results screen can say it before an export is asked for (issue 20 item 6).
    expect(res.body).toContain(`"exportMaxRecords":500`);
    // The password length the server enforces, so the forms list it rather than the spec's 8.
    expect(res.body).toContain(`"passwords":{"minLength":12}`);
    // Issue 40: no FCM or APNs here, so the web app offers no iOS/Android push toggle.
    expect(res.body).toContain(`"mobilePush":false`);
  });

  it("GET /get-current-user marks the owner", async () => {
    expect((await call("owner", "GET", "/get-current-user")).json()).toMatchObject({
      username: "owner",
      is_owner: true,
    });
    expect((await call("admin", "GET", "/get-current-user")).json()).toMatchObject({
      role: "admin",
      is_owner: false,
    });
  });

  it("GET /profile-data answers username, email and role", async () => {
    expect((await call("hotlistViewer", "GET", "/profile-data")).json()).toEqual({
      username: "hartford.hotlistviewer",
      email: "hartford.hotlistviewer@demo.odin.local",
      role: "user",
    });
  });

  it("POST /user/reset-password enforces the rules and answers the spec's message", async () => {
    const weak = await call("investigator", "POST", "/user/reset-password", { new_password: "short" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe("VALIDATION_FAILED");
    const ok = await call("investigator", "POST", "/user/reset-password", {
      new_password: "New-pass-2026!",
      current_password: DEMO_PASSWORD,
    });
    expect(ok.json()).toEqual({ success: true, message: "Password updated successfully" });
    expect((await signIn(t.baseUrl, "hartford.investigator", "New-pass-2026!")).tokens).toBeDefined();
    expect((await signIn(t.baseUrl, "hartford.investigator", DEMO_PASSWORD)).tokens).toBeUndefined();
  });

  it("POST /auth0/send-password-reset e-mails a single-use link that sets a new password", async () => {
    const res = await call("hotlistAdmin", "POST", "/auth0/send-password-reset");
    expect(res.json()).toEqual({ success: true, message: "Password reset email sent. Check your inbox." });
    const mail = t.outbox.at(-1)!;
    expect(mail.to).toBe("hartford.hotlistadmin@demo.odin.local");
    const link = /(http\S+reset-password\?token=\S+)/.exec(mail.text)![1]!;
    const token = new URL(link).searchParams.get("token")!;

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Choose a new password");

    const post = (body: Record<string, string>) =>
      fetch(`${t.baseUrl}/reset-password`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token, ...body }),
      });
    const mismatch = await post({ new_password: "Reset-pass-2026!", confirm_password: "other" });
    expect(await mismatch.text()).toContain("Passwords do not match!");
    const done = await post({ new_password: "Reset-pass-2026!", confirm_password: "Reset-pass-2026!" });
    expect(await done.text()).toContain("Your password has been changed.");
    expect(
      (await post({ new_password: "Again-pass-2026!", confirm_password: "Again-pass-2026!" })).status,
    ).toBe(410);
    expect((await signIn(t.baseUrl, "hartford.hotlistadmin", "Reset-pass-2026!")).tokens).toBeDefined();
  });

  it("a password set through an e-mailed reset link unlocks a locked-out account (issue 18, finding 2)", async () => {
    const username = "hartford.hotlistviewer";
    await t.prisma.user.update({
      where: { username },
      data: { lockedAt: new Date(), failedLoginCount: 5, firstFailedLoginAt: new Date() },
    });
    expect((await signIn(t.baseUrl, username, DEMO_PASSWORD)).tokens).toBeUndefined();
    const { id } = await t.prisma.user.findUniqueOrThrow({ where: { username } });
    expect((await call("admin", "POST", `/admin/send-password-reset/${id}`)).statusCode).toBe(200);
    const token = new URL(
      /(http\S+reset-password\?token=\S+)/.exec(t.outbox.at(-1)!.text)![1]!,
    ).searchParams.get("token")!;
    const done = await fetch(`${t.baseUrl}/reset-password`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        token,
        new_password: "Unlock-pass-2026!",
        confirm_password: "Unlock-pass-2026!",
      }),
    });
    expect(await done.text()).toContain("Your password has been changed.");
    expect((await signIn(t.baseUrl, username, "Unlock-pass-2026!")).tokens).toBeDefined();
    const user = await t.prisma.user.findUniqueOrThrow({ where: { username } });
    expect(user).toMatchObject({ lockedAt: null, failedLoginCount: 0, firstFailedLoginAt: null });
  });
});
