import { MESSAGES } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword } from "../src/identity/password-sign-in";
import { agencyId, auditRows, caller, userId } from "./admin-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas, type Persona } from "./tokens";

const TROOP_H = "Connecticut State Police Troop H";
const TEMPORARY = "Temp0rary-pass!";

describe("the owner panel (spec 001 §7 Owner)", () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await buildTestApp();
    call = caller(t, await seedPersonas(t));
  });
  afterAll(() => t?.close());

  it("GET /owner-data: every user with their agency, and every agency by name", async () => {
    const res = await call("owner", "GET", "/owner-data");
    expect(res.statusCode).toBe(200);
    const { users, agencies } = res.json<{
      users: { username: string; agency_name: string | null; agency_id: number | null }[];
      agencies: { id: number; name: string }[];
    }>();
    expect(users).toHaveLength(13);
    expect(users.find((user) => user.username === "trooph.investigator")).toMatchObject({
      agency_name: TROOP_H,
      agency_id: await agencyId(t, TROOP_H),
    });
    expect(users.find((user) => user.username === "owner")).toMatchObject({
      agency_id: null,
      agency_name: null,
    });
    expect(agencies.map((agency) => agency.name)).toEqual([
      TROOP_H,
      "Hartford Police Department",
      "New Haven Police Department",
    ]);
  });

  it("GET /agencies-data answers the agencies", async () => {
    const res = await call("owner", "GET", "/agencies-data");
    expect(res.json()).toHaveLength(3);
    expect(res.json()[0]).toEqual({ id: expect.any(Number), name: TROOP_H });
  });

  it("POST /owner/add-user adds an approved user to the chosen agency", async () => {
    const res = await call("owner", "POST", "/owner/add-user", {
      username: " trooper.k ",
      name: "Trooper K",
      email: "Trooper.K@Example.com",
      password: "Str0ng-pass!",
      role: "",
      agency_id: String(await agencyId(t, TROOP_H)),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.userAdded });
    const user = await t.prisma.user.findUniqueOrThrow({
      where: { username: "trooper.k" },
      include: { agency: true },
    });
    expect(user).toMatchObject({ email: "trooper.k@example.com", role: "user", approved: true });
    expect(user.agency?.name).toBe(TROOP_H);
    expect(await signInWithPassword(t.prisma, "trooper.k", "Str0ng-pass!")).toMatchObject({ ok: true });
  });

  it("needs an agency that exists", async () => {
    const body = { username: "nobody", name: "N", email: "n@x.org", password: "Str0ng-pass!" };
    const missing = await call("owner", "POST", "/owner/add-user", body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe("Select an agency");
    const unknown = await call("owner", "POST", "/owner/add-user", { ...body, agency_id: 99999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toEqual([{ path: "agency_id", message: "No agency has this id." }]);
    // The owner belongs to no agency: the admin form needs one named too.
    expect((await call("owner", "POST", "/admin/add-user", body)).statusCode).toBe(400);
    expect(await t.prisma.user.count({ where: { username: "nobody" } })).toBe(0);
  });

  it("POST /admin/reset-user-password sets a temporary password that must be changed", async () => {
    const id = await userId(t, "trooph.investigator");
    await t.prisma.user.update({ where: { id }, data: { lockedAt: new Date(), failedLoginCount: 5 } });
    const res = await call("owner", "POST", "/admin/reset-user-password", {
      user_id: id,
      new_password: TEMPORARY,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.userPasswordReset });
    expect(res.json().message).toContain("successfully");
    const user = await t.prisma.user.findUniqueOrThrow({ where: { id } });
    expect(user).toMatchObject({ mustChangePassword: true, lockedAt: null, failedLoginCount: 0 });
    expect(user.tokensNotBefore).toBeInstanceOf(Date);
    expect(await signInWithPassword(t.prisma, "trooph.investigator", TEMPORARY)).toMatchObject({ ok: true });
    expect((await auditRows(t, "password_reset_by_owner")).map((row) => row.detail)).toEqual([
      { user_id: id, username: "trooph.investigator", agency_id: await agencyId(t, TROOP_H) },
    ]);
  });

  it("holds the temporary password to the rules and answers 404 for unknown users", async () => {
    const weak = await call("owner", "POST", "/admin/reset-user-password", {
      user_id: await userId(t, "owner"),
      new_password: "weak",
    });
    expect(weak.statusCode).toBe(400);
    const unknown = await call("owner", "POST", "/admin/reset-user-password", {
      user_id: 99999,
      new_password: TEMPORARY,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("is the configured owner's only: admins (of any agency) and users are refused", async () => {
    const target = await userId(t, "hartford.investigator");
    const before = await t.prisma.user.findUniqueOrThrow({ where: { id: target } });
    for (const persona of ["admin", "otherAgencyAdmin", "investigator", "hotlistAdmin"] as Persona[]) {
      for (const [method, url, body] of [
        ["GET", "/owner-data", undefined],
        ["GET", "/agencies-data", undefined],
        [
          "POST",
          "/owner/add-user",
          { username: "x", name: "x", email: "x@x.org", password: "Str0ng-pass!", agency_id: 1 },
        ],
        ["POST", "/admin/reset-user-password", { user_id: target, new_password: TEMPORARY }],
      ] as const) {
        expect((await call(persona, method, url, body)).statusCode, `${persona} ${url}`).toBe(403);
      }
    }
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: target } })).passwordHash).toBe(
      before.passwordHash,
    );
    expect(await t.prisma.user.count({ where: { username: "x" } })).toBe(0);
  });
});
