import { MESSAGES } from "@odin/contract";
import { DEMO_PASSWORD } from "@odin/db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencyId, auditRows, caller } from "./admin-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { signIn } from "./oidc-client";
import { seedPersonas } from "./tokens";

const HARTFORD = "Hartford Police Department";
const TROOP_H = "Connecticut State Police Troop H";
const DEACTIVATED = "Your agency's access to Odin has been deactivated. Contact the system owner.";

interface ManagedAgency {
  id: number;
  name: string;
  code: string;
  time_zone: string;
  retention_days: number | null;
  active: boolean;
  deactivated_at: string | null;
  user_count: number;
  admin_count: number;
}

describe("the owner manages agencies (issue 15)", () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await buildTestApp({ DETECTION_RETENTION_DAYS: "45" }, { listen: true });
    call = caller(t, await seedPersonas(t));
  });
  afterAll(() => t?.close());

  const listed = async () => {
    const res = await call("owner", "GET", "/owner/agencies");
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ agencies: ManagedAgency[]; default_retention_days: number }>();
  };
  const byName = async (name: string) => (await listed()).agencies.find((agency) => agency.name === name)!;

  it("GET /owner/agencies: every agency with its code, zone, retention, status and user counts", async () => {
    const { agencies, default_retention_days } = await listed();
    expect(default_retention_days).toBe(45);
    expect(agencies.map((agency) => [agency.name, agency.code])).toEqual([
      [TROOP_H, "CSPTH"],
      [HARTFORD, "HPD"],
      ["New Haven Police Department", "NHPD"],
    ]);
    expect(agencies[1]).toEqual({
      id: await agencyId(t, HARTFORD),
      name: HARTFORD,
      code: "HPD",
      time_zone: "America/New_York",
      retention_days: null,
      active: true,
      deactivated_at: null,
      user_count: 4,
      admin_count: 1,
    });
  });

  it("POST /owner/agencies adds an active agency (201), audited in the same transaction", async () => {
    const res = await call("owner", "POST", "/owner/agencies", {
      name: "  Bristol Police Department ",
      code: " bpd ",
      time_zone: "America/Chicago",
      retention_days: "90",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: "Agency 'Bristol Police Department' added.",
      agency: { name: "Bristol Police Department", code: "BPD", time_zone: "America/Chicago" },
    });
    expect(await byName("Bristol Police Department")).toMatchObject({
      code: "BPD",
      retention_days: 90,
      active: true,
      user_count: 0,
      admin_count: 0,
    });
    const [audit] = await auditRows(t, "agency_created");
    expect(audit).toMatchObject({ username: "owner", agencyId: null });
    expect(audit!.detail).toMatchObject({ name: "Bristol Police Department", code: "BPD" });
  });

  it("refuses a name taken in any case, or a taken code, with a 409 that names it", async () => {
    const before = await t.prisma.agency.count();
    const name = await call("owner", "POST", "/owner/agencies", {
      name: "HARTFORD police department",
      code: "HX",
    });
    expect(name.statusCode).toBe(409);
    expect(name.json().error).toMatchObject({
      code: "CONFLICT",
      message: "An agency named 'Hartford Police Department' already exists.",
    });
    const code = await call("owner", "POST", "/owner/agencies", { name: "Hartford Parking", code: "hpd" });
    expect(code.statusCode).toBe(409);
    expect(code.json().error.message).toBe("An agency with the code 'HPD' already exists.");
    expect(code.json().error.details).toEqual([{ path: "code", message: MESSAGES.agencyCodeTaken("HPD") }]);
    expect(await t.prisma.agency.count()).toBe(before);
  });

  it("refuses a bad time zone, code or retention with a 400 naming the field", async () => {
    const zone = await call("owner", "POST", "/owner/agencies", {
      name: "Zone Test",
      code: "ZT",
      time_zone: "Mars/Olympus_Mons",
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().error.details).toEqual([{ path: "time_zone", message: MESSAGES.timeZoneInvalid }]);
    const code = await call("owner", "POST", "/owner/agencies", { name: "Zone Test", code: "Z" });
    expect(code.json().error.details).toEqual([{ path: "code", message: MESSAGES.agencyCodeInvalid }]);
    const days = await call("owner", "POST", "/owner/agencies", {
      name: "Zone Test",
      code: "ZT",
      retention_days: 0,
    });
    expect(days.json().error.details).toEqual([
      { path: "retention_days", message: MESSAGES.retentionDaysInvalid },
    ]);
    expect(await t.prisma.agency.count({ where: { name: "Zone Test" } })).toBe(0);
  });

  it("parallel creates of one name: exactly one 201, the rest 409, one row", async () => {
    const attempts = await Promise.all(
      ["Waterbury PD", "WATERBURY PD", "waterbury pd", "Waterbury PD", "Waterbury Pd", "Waterbury PD"].map(
        (name, index) => call("owner", "POST", "/owner/agencies", { name, code: `WPD${index}` }),
      ),
    );
    const statuses = attempts.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const res of attempts.filter((res) => res.statusCode === 409)) {
      expect(res.json().error.message).toMatch(/^An agency named 'Waterbury P[Dd]' already exists\.$/i);
    }
    expect(
      await t.prisma.agency.count({ where: { name: { equals: "waterbury pd", mode: "insensitive" } } }),
    ).toBe(1);

    const codes = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        call("owner", "POST", "/owner/agencies", { name: `Meriden ${n}`, code: "MPD" }),
      ),
    );
    expect(codes.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await t.prisma.agency.count({ where: { code: "MPD" } })).toBe(1);
    expect(await auditRows(t, "agency_created")).toHaveLength(3);
  });

  it("PATCH /owner/agencies/:id renames, changes code, zone and retention, and records what changed", async () => {
    const id = await agencyId(t, "Bristol Police Department");
    const res = await call("owner", "PATCH", `/owner/agencies/${id}`, {
      name: "Bristol PD",
      code: "bris",
      time_zone: "America/New_York",
      retention_days: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Agency 'Bristol PD' saved.",
      agency: { name: "Bristol PD", code: "BRIS", time_zone: "America/New_York", retention_days: null },
    });
    const [audit] = await auditRows(t, "agency_updated");
    expect(audit!.detail).toEqual({
      agency_id: id,
      changes: {
        name: { from: "Bristol Police Department", to: "Bristol PD" },
        code: { from: "BPD", to: "BRIS" },
        timeZone: { from: "America/Chicago", to: "America/New_York" },
        retentionDays: { from: 90, to: null },
      },
    });
    // The same values again change nothing and record nothing.
    expect((await call("owner", "PATCH", `/owner/agencies/${id}`, { name: "Bristol PD" })).statusCode).toBe(
      200,
    );
    expect(await auditRows(t, "agency_updated")).toHaveLength(1);

    const taken = await call("owner", "PATCH", `/owner/agencies/${id}`, {
      name: "new haven police department",
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe("An agency named 'New Haven Police Department' already exists.");
    const zone = await call("owner", "PATCH", `/owner/agencies/${id}`, { time_zone: "Nowhere/Land" });
    expect(zone.json().error.details).toEqual([{ path: "time_zone", message: MESSAGES.timeZoneInvalid }]);
    expect((await call("owner", "PATCH", `/owner/agencies/${id}`, {})).statusCode).toBe(400);
    expect((await call("owner", "PATCH", "/owner/agencies/999999", { name: "X Y" })).statusCode).toBe(404);
  });

  it("answers 403 to anyone but the owner, and changes nothing", async () => {
    const id = await agencyId(t, HARTFORD);
    for (const who of ["admin", "investigator", "otherAgencyAdmin"] as const) {
      const attempts = [
        await call(who, "GET", "/owner/agencies"),
        await call(who, "POST", "/owner/agencies", { name: "Sneaky PD", code: "SPD" }),
        await call(who, "PATCH", `/owner/agencies/${id}`, { name: "Renamed" }),
        await call(who, "POST", `/owner/agencies/${id}/deactivate`),
        await call(who, "POST", `/owner/agencies/${id}/reactivate`),
      ];
      expect(attempts.map((res) => res.statusCode)).toEqual([403, 403, 403, 403, 403]);
    }
    expect(await byName(HARTFORD)).toMatchObject({ active: true, code: "HPD" });
  });

  it("a deactivated agency's users are refused at sign-in and by bearer token, until it is reactivated", async () => {
    const id = await agencyId(t, TROOP_H);
    const signedIn = (await signIn(t.baseUrl, "trooph.investigator", DEMO_PASSWORD)).tokens!.access_token;
    const me = (token: string) =>
      t.app.inject({
        method: "GET",
        url: "/get-current-user",
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await me(signedIn)).statusCode).toBe(200);
    // Troop H shares a RAVEN camera with Hartford: it is in Hartford's search form.
    const axisOf = async () =>
      (await call("investigator", "GET", "/axis-authorized-agencies"))
        .json<{ integrations: { identifier: string }[] }[]>()
        .flatMap((agency) => agency.integrations.map((integration) => integration.identifier));
    expect(await axisOf()).toContain("csp-h-lpv-01");

    const off = await call("owner", "POST", `/owner/agencies/${id}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      message: `'${TROOP_H}' deactivated: its users can no longer sign in.`,
      agency: { active: false, deactivated_at: expect.any(String), user_count: 4 },
    });
    // Twice is harmless and recorded once.
    expect((await call("owner", "POST", `/owner/agencies/${id}/deactivate`)).statusCode).toBe(200);
    expect(await auditRows(t, "agency_deactivated")).toHaveLength(1);

    const refused = await signIn(t.baseUrl, "trooph.investigator", DEMO_PASSWORD);
    expect(refused.tokens).toBeUndefined();
    expect(refused.page).toContain("Your agency&#39;s access to Odin has been deactivated.");
    const bearer = await me(signedIn);
    expect(bearer.statusCode).toBe(403);
    expect(bearer.json().error.message).toBe(DEACTIVATED);
    // A wrong password still says only that: the deactivation is no hint to a stranger.
    expect((await signIn(t.baseUrl, "trooph.admin", "wrong-password")).page).toContain(
      "Invalid username or password.",
    );
    // Its integrations leave the search form; it is not offered to new users; nothing was deleted.
    expect(await axisOf()).not.toContain("csp-h-lpv-01");
    const ownerData = (await call("owner", "GET", "/owner-data")).json<{ agencies: { name: string }[] }>();
    expect(ownerData.agencies.map((agency) => agency.name)).not.toContain(TROOP_H);
    const addUser = await call("owner", "POST", "/owner/add-user", {
      username: "late.trooper",
      name: "Late Trooper",
      email: "late.trooper@example.org",
      password: "Str0ng-pass!",
      agency_id: id,
    });
    expect(addUser.statusCode).toBe(400);
    expect(addUser.json().error.details).toEqual([
      { path: "agency_id", message: MESSAGES.agencyDeactivatedNoNewUsers },
    ]);
    expect(await t.prisma.user.count({ where: { agencyId: id, deletedAt: null } })).toBe(4);
    // The owner still works, and the spec's list keeps every agency in its shape.
    const all = (await call("owner", "GET", "/agencies-data")).json<object[]>();
    expect(all).toContainEqual({ id, name: TROOP_H });

    const on = await call("owner", "POST", `/owner/agencies/${id}/reactivate`);
    expect(on.json()).toMatchObject({
      message: `'${TROOP_H}' reactivated: its users can sign in again.`,
      agency: { active: true, deactivated_at: null },
    });
    expect((await me(signedIn)).statusCode).toBe(200);
    expect((await signIn(t.baseUrl, "trooph.investigator", DEMO_PASSWORD)).tokens).toBeDefined();
    expect(await axisOf()).toContain("csp-h-lpv-01");
    expect(await auditRows(t, "agency_reactivated")).toHaveLength(1);
    expect((await call("owner", "POST", "/owner/agencies/999999/deactivate")).statusCode).toBe(404);
  });
});
