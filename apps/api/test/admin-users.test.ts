import { MESSAGES } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword } from "../src/identity/password-sign-in";
import { builtInSubject } from "../src/identity/built-in-provider";
import { auditRows, caller, userId } from "./admin-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const STRONG = "Str0ng-pass!";
const HARTFORD = "Hartford Police Department";

describe("user administration (spec 001 §7 Admin)", () => {
  let t: TestApp;
  let subjects: Record<Persona, string>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await buildTestApp();
    subjects = await seedPersonas(t);
    call = caller(t, subjects);
  });
  afterAll(() => t?.close());

  const newUser = (overrides: Record<string, unknown> = {}) => ({
    username: "  jdoe  ",
    name: "  Jane Doe ",
    email: "  Jane.Doe@Example.COM ",
    password: STRONG,
    ...overrides,
  });

  it("GET /admin-data lists the admin's own agency only, by name", async () => {
    const res = await call("admin", "GET", "/admin-data");
    expect(res.statusCode).toBe(200);
    const { users } = res.json<{ users: { username: string; department: string }[] }>();
    expect(users.map((user) => user.username).sort()).toEqual([
      "hartford.admin",
      "hartford.hotlistadmin",
      "hartford.hotlistviewer",
      "hartford.investigator",
    ]);
    expect(users[0]).toEqual({
      id: expect.any(Number),
      username: expect.any(String),
      name: expect.any(String),
      email: expect.any(String),
      role: expect.stringMatching(/^(admin|user)$/),
      department: HARTFORD,
      // Odin's own optional fields (issues 18 and 23)
      mfa_enabled: false,
      auditor: false,
      locked_until: null,
      // Issue 34: how the account signs in
      sign_in: "password",
      idp_subject: null,
    });
  });

  it("POST /admin/add-user trims, lower-cases, defaults the role and signs in with the built-in provider", async () => {
    const res = await call("admin", "POST", "/admin/add-user", newUser({ role: "" }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.userAdded });
    const user = await t.prisma.user.findUniqueOrThrow({
      where: { username: "jdoe" },
      include: { agency: true },
    });
    expect(user).toMatchObject({
      name: "Jane Doe",
      email: "jane.doe@example.com",
      role: "user",
      approved: true,
      deletedAt: null,
      idpSubject: null,
      mustChangePassword: true, // issue 18 item 4: the admin chose it, the user replaces it
    });
    expect(user.agency?.name).toBe(HARTFORD);
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(await signInWithPassword(t.prisma, "jdoe", STRONG)).toMatchObject({ ok: true });

    const [audit] = await auditRows(t, "user_added");
    expect(audit).toMatchObject({ username: "hartford.admin", agencyName: HARTFORD });
    expect(audit!.detail).toMatchObject({ user_id: user.id, username: "jdoe", role: "user" });
  });

  it("lower-cases the role and refuses unknown roles", async () => {
    const admin = await call(
      "admin",
      "POST",
      "/admin/add-user",
      newUser({ username: "boss", email: "boss@x.org", role: " ADMIN " }),
    );
    expect(admin.statusCode, admin.body).toBe(200);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { username: "boss" } })).role).toBe("admin");
    const bad = await call(
      "admin",
      "POST",
      "/admin/add-user",
      newUser({ username: "x1", email: "x1@x.org", role: "root" }),
    );
    expect(bad.statusCode).toBe(400);
  });

  it("requires every field and holds the password to the server's rules", async () => {
    const missing = await call("admin", "POST", "/admin/add-user", {
      username: " ",
      name: "",
      email: "nope",
      password: "",
    });
    expect(missing.statusCode).toBe(400);
    const messages = missing
      .json<{ error: { details: { message: string }[] } }>()
      .error.details.map((d) => d.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        MESSAGES.usernameRequired,
        MESSAGES.nameRequired,
        MESSAGES.emailInvalid,
        MESSAGES.passwordRequired,
      ]),
    );
    const weak = await call(
      "admin",
      "POST",
      "/admin/add-user",
      newUser({ username: "weak", email: "weak@x.org", password: "weakpass" }),
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain("An uppercase letter");
    expect(await t.prisma.user.count({ where: { username: { in: ["weak", ""] } } })).toBe(0);
  });

  it("refuses duplicates (username without regard to case, e-mail) with a clear 409, and the owner's name", async () => {
    const sameName = await call(
      "admin",
      "POST",
      "/admin/add-user",
      newUser({ username: "JDOE", email: "other@x.org" }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error.message).toBe("The username 'JDOE' is already taken.");
    const sameMail = await call("admin", "POST", "/admin/add-user", newUser({ username: "jdoe2" }));
    expect(sameMail.statusCode).toBe(409);
    expect(sameMail.json().error.message).toBe("The e-mail 'jane.doe@example.com' is already taken.");
    const owner = await call(
      "admin",
      "POST",
      "/admin/add-user",
      newUser({ username: "Owner", email: "o@x.org" }),
    );
    expect(owner.statusCode).toBe(409);
  });

  it("adds to the admin's own agency only", async () => {
    const newHaven = await t.prisma.agency.findUniqueOrThrow({
      where: { name: "New Haven Police Department" },
    });
    const res = await call(
      "admin",
      "POST",
      "/admin/add-user",
      newUser({ username: "spy", email: "spy@x.org", agency_id: newHaven.id }),
    );
    expect(res.statusCode).toBe(403);
    expect(await t.prisma.user.count({ where: { username: "spy" } })).toBe(0);
  });

  it("PUT /admin/toggle-role/{id} switches user ↔ admin, audited", async () => {
    const id = await userId(t, "jdoe");
    const up = await call("admin", "PUT", `/admin/toggle-role/${id}`, { new_role: "Admin" });
    expect(up.json()).toEqual({ success: true, message: MESSAGES.roleUpdated });
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id } })).role).toBe("admin");
    const down = await call("admin", "PUT", `/admin/toggle-role/${id}`, { new_role: "user" });
    expect(down.statusCode).toBe(200);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id } })).role).toBe("user");
    const rows = await auditRows(t, "role_changed");
    expect(rows.map((row) => row.detail)).toEqual([
      { user_id: id, username: "jdoe", from: "user", to: "admin" },
      { user_id: id, username: "jdoe", from: "admin", to: "user" },
    ]);
  });

  it("refuses self-demotion and demoting the agency's last admin", async () => {
    const self = await call("admin", "PUT", `/admin/toggle-role/${await userId(t, "hartford.admin")}`, {
      new_role: "user",
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toContain("your own role");
    // Troop H has one admin; the owner (who reaches every agency) may not leave it with none.
    const trooph = await userId(t, "trooph.admin");
    const last = await call("owner", "PUT", `/admin/toggle-role/${trooph}`, { new_role: "user" });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toContain("last admin");
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: trooph } })).role).toBe("admin");
  });

  it("answers 404 for another agency's users", async () => {
    const hartfordUser = await userId(t, "hartford.investigator");
    for (const [method, url, body] of [
      ["PUT", `/admin/toggle-role/${hartfordUser}`, { new_role: "admin" }],
      ["POST", `/admin/send-password-reset/${hartfordUser}`, undefined],
      ["DELETE", `/admin/delete-user/${hartfordUser}`, undefined],
      ["POST", `/admin/unlock-user/${hartfordUser}`, undefined],
    ] as const) {
      const res = await call("otherAgencyAdmin", method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const user = await t.prisma.user.findUniqueOrThrow({ where: { id: hartfordUser } });
    expect(user).toMatchObject({ role: "user", deletedAt: null });
  });

  it("POST /admin/send-password-reset/{id} mails Odin's reset link, audited", async () => {
    const id = await userId(t, "jdoe");
    const before = t.outbox.length;
    const res = await call("admin", "POST", `/admin/send-password-reset/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: "Password reset email sent to jane.doe@example.com.",
    });
    expect(t.outbox.slice(before)).toEqual([
      expect.objectContaining({
        to: "jane.doe@example.com",
        text: expect.stringContaining("/reset-password?token="),
      }),
    ]);
    expect(await t.prisma.passwordResetToken.count({ where: { userId: id, usedAt: null } })).toBe(1);
    expect((await auditRows(t, "reset_sent")).map((row) => row.detail)).toEqual([
      { user_id: id, username: "jdoe", email: "jane.doe@example.com" },
    ]);
  });

  it("DELETE /admin/delete-user/{id} soft-deletes, revokes every session and voids reset links", async () => {
    const id = await userId(t, "jdoe");
    await t.prisma.user.update({ where: { id }, data: { idpSubject: builtInSubject(id) } });
    const token = await mintToken(t, builtInSubject(id));
    expect((await call({ token }, "GET", "/get-current-user")).statusCode).toBe(200);
    const group = await t.prisma.hotlistGroup.findFirstOrThrow({
      where: { agencyId: (await t.prisma.user.findUniqueOrThrow({ where: { id } })).agencyId! },
    });
    await t.prisma.hotlistGroupMember.create({ data: { groupId: group.id, userId: id } });

    const res = await call("admin", "DELETE", `/admin/delete-user/${id}`);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.userDeleted });
    const user = await t.prisma.user.findUniqueOrThrow({ where: { id } });
    expect(user.deletedAt).toBeInstanceOf(Date);
    expect(await t.prisma.session.count({ where: { userId: id, revokedAt: null } })).toBe(0);
    expect(await t.prisma.passwordResetToken.count({ where: { userId: id, usedAt: null } })).toBe(0);
    expect(await t.prisma.hotlistGroupMember.count({ where: { userId: id } })).toBe(0);
    expect([401, 403]).toContain((await call({ token }, "GET", "/get-current-user")).statusCode);
    expect(await signInWithPassword(t.prisma, "jdoe", STRONG)).toMatchObject({ ok: false });
    expect((await call("admin", "GET", "/admin-data")).body).not.toContain('"jdoe"');
    expect((await auditRows(t, "user_deleted")).map((row) => row.detail)).toEqual([
      expect.objectContaining({ user_id: id, username: "jdoe" }),
    ]);
  });

  it("re-adding the same person restores the deleted row (one identity in the audit trail)", async () => {
    const id = await userId(t, "jdoe");
    const res = await call("admin", "POST", "/admin/add-user", newUser({ password: "An0ther-pass!" }));
    expect(res.statusCode, res.body).toBe(200);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { id } });
    expect(user.deletedAt).toBeNull();
    expect(await signInWithPassword(t.prisma, "jdoe", "An0ther-pass!")).toMatchObject({ ok: true });
    // A deleted account's name stays taken for anybody else.
    await call("admin", "DELETE", `/admin/delete-user/${id}`);
    const other = await call("admin", "POST", "/admin/add-user", newUser({ email: "someone.else@x.org" }));
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toContain("deleted account");
  });

  it("refuses self-deletion, the last admin's deletion and unknown ids", async () => {
    const self = await call("admin", "DELETE", `/admin/delete-user/${await userId(t, "hartford.admin")}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toContain("your own account");
    const last = await call("owner", "DELETE", `/admin/delete-user/${await userId(t, "newhaven.admin")}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toContain("last admin");
    expect((await call("admin", "DELETE", "/admin/delete-user/999999")).statusCode).toBe(404);
    expect(
      await t.prisma.user.count({
        where: { username: { in: ["hartford.admin", "newhaven.admin"] }, deletedAt: null },
      }),
    ).toBe(2);
  });

  it("a second admin may be deleted, then the first is the last", async () => {
    const boss = await userId(t, "boss");
    expect((await call("admin", "DELETE", `/admin/delete-user/${boss}`)).statusCode).toBe(200);
    const last = await call("owner", "PUT", `/admin/toggle-role/${await userId(t, "hartford.admin")}`, {
      new_role: "user",
    });
    expect(last.statusCode).toBe(409);
  });
});
