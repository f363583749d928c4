import { AUDIT_PAGE_SIZE, ZAuditLogResponse, ZAuditQueryParameters } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_POLICY } from "../src/access/access-policy";
import { agencyId, caller, multipart, userId, type Method } from "./admin-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas, type Persona } from "./tokens";

const HARTFORD = "Hartford Police Department";
const NEW_HAVEN = "New Haven Police Department";
// Midday UTC on 2026-03-10 and the days around it; America/New_York is UTC-4 then (DST began 03-08).
const DAY = Date.parse("2026-03-10T16:00:00Z");
const MINUTE = 60_000;

describe("the audit log (spec 001 §7 Audit)", () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await buildTestApp();
    call = caller(t, await seedPersonas(t));
    const hartford = await agencyId(t, HARTFORD);
    const investigator = await userId(t, "hartford.investigator");
    // 25 Hartford searches a minute apart on 2026-03-10, plates AK47xx; 3 New Haven ones; 2 the day before.
    const search = (i: number, agency: { id: number; name: string }, username: string, at: number) => ({
      userId: null,
      username,
      agencyId: agency.id,
      agencyName: agency.name,
      action: "search",
      plate: `AK47${String(i).padStart(2, "0")}`,
      programsQueried: "Rekor,Axis",
      justification: `Case ${i}`,
      queryParameters: {
        plate: `ak47${String(i).padStart(2, "0")}`,
        plate_state: "CT",
        vehicle_color: "Red",
        vehicle_make: "Ford",
        vehicle_body_type: "sedan",
        justification: `Case ${i}`,
      },
      createdAt: new Date(at),
    });
    const hartfordAgency = { id: hartford, name: HARTFORD };
    const newHaven = { id: await agencyId(t, NEW_HAVEN), name: NEW_HAVEN };
    await t.prisma.auditLog.createMany({
      data: [
        ...Array.from({ length: 25 }, (_, i) => ({
          ...search(i, hartfordAgency, "hartford.investigator", DAY + i * MINUTE),
          userId: investigator,
        })),
        ...Array.from({ length: 3 }, (_, i) =>
          search(90 + i, newHaven, "newhaven.investigator", DAY + i * MINUTE),
        ),
        search(80, hartfordAgency, "hartford.admin", DAY - 24 * 60 * MINUTE),
        search(81, hartfordAgency, "hartford.admin", DAY - 24 * 60 * MINUTE + MINUTE),
      ],
    });
  });
  afterAll(() => t?.close());

  const page = async (persona: Persona, query: string) => {
    const res = await call(persona, "GET", `/admin-audit-logs-api?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZAuditLogResponse.parse(res.json());
  };

  it("pages the agency's rows 20 at a time, newest first; the next page is shorter", async () => {
    const first = await page("admin", "page=1");
    expect(first).toMatchObject({ page: 1, page_size: AUDIT_PAGE_SIZE });
    expect(first.logs).toHaveLength(20);
    const times = first.logs.map((log) => Date.parse(log.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.logs[0]).toEqual({
      user: "hartford.investigator",
      user_agency: HARTFORD,
      query_parameters: expect.any(String),
      timestamp: new Date(DAY + 24 * MINUTE).toISOString(),
      programs_queried: "Rekor,Axis",
    });
    expect(ZAuditQueryParameters.parse(JSON.parse(first.logs[0]!.query_parameters))).toEqual({
      plate: "ak4724",
      plate_state: "CT",
      vehicle_color: "Red",
      vehicle_make: "Ford",
      vehicle_body_type: "sedan",
      justification: "Case 24",
    });
    expect(JSON.parse(first.logs[0]!.query_parameters).action).toBe("search");

    const second = await page("admin", "page=2");
    expect(second.logs).toHaveLength(7);
    expect(second.logs.at(-1)?.user).toBe("hartford.admin");
    expect((await page("admin", "page=3")).logs).toEqual([]);
    expect(new Set([...first.logs, ...second.logs].map((log) => log.user_agency))).toEqual(
      new Set([HARTFORD]),
    );
  });

  it("filters by plate (upper-cased) and by day in the agency's zone", async () => {
    const plate = await page("admin", "plate=ak470");
    expect(plate.logs.map((log) => JSON.parse(log.query_parameters).plate).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `ak470${i}`),
    );
    const day = await page("admin", "start=2026-03-10&end=2026-03-10&page=2");
    expect(day.logs).toHaveLength(5);
    const before = await page("admin", "end=2026-03-09");
    expect(before.logs.map((log) => log.user)).toEqual(["hartford.admin", "hartford.admin"]);
    const minutes = await page(
      "admin",
      `start=${encodeURIComponent(new Date(DAY + 20 * MINUTE).toISOString())}`,
    );
    expect(minutes.logs).toHaveLength(5);
    const local = await page("admin", "start=2026-03-10T12:20&end=2026-03-10T12:21");
    expect(local.logs.map((log) => log.timestamp)).toEqual([
      new Date(DAY + 21 * MINUTE).toISOString(),
      new Date(DAY + 20 * MINUTE).toISOString(),
    ]);
    const backwards = await call("admin", "GET", "/admin-audit-logs-api?start=2026-03-10&end=2026-03-09");
    expect(backwards.statusCode).toBe(400);
    expect((await call("admin", "GET", "/admin-audit-logs-api?page=0")).statusCode).toBe(400);
  });

  it("filters by user, the whole username in any case, within the reader's agency (issue 40 item 8)", async () => {
    const admin = await page("admin", "username=HARTFORD.ADMIN");
    expect(admin.logs.map((log) => log.user)).toEqual(["hartford.admin", "hartford.admin"]);
    // Whole usernames only, and another agency's user is not found through a Hartford admin.
    expect((await page("admin", "username=hartford")).logs).toEqual([]);
    expect((await page("admin", "username=newhaven.investigator")).logs).toEqual([]);
  });

  it("takes % and _ in the plate filter literally, not as wildcards (issue 18, finding 8)", async () => {
    expect((await page("admin", "plate=A_4")).logs).toEqual([]);
    expect((await page("admin", "plate=AK4%25")).logs).toEqual([]);
    expect((await page("admin", `plate=${encodeURIComponent("AK47\\")}`)).logs).toEqual([]);
    expect((await page("admin", "plate=K470")).logs).toHaveLength(10);
  });

  it("shows another agency's admin only that agency's rows; the owner sees every agency", async () => {
    const newHaven = await page("otherAgencyAdmin", "");
    expect(newHaven.logs.map((log) => log.user_agency)).toEqual([NEW_HAVEN, NEW_HAVEN, NEW_HAVEN]);
    expect((await page("otherAgencyAdmin", "plate=AK4701")).logs).toEqual([]);
    const owner = await page("owner", "page=2");
    expect(owner.logs).toHaveLength(10);
  });

  it("answers 403 to everyone but admins", async () => {
    for (const persona of ["investigator", "hotlistAdmin", "hotlistViewer"] as Persona[]) {
      const res = await call(persona, "GET", "/admin-audit-logs-api");
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain("AK47");
    }
  });

  it("lists admin actions too, with what was done", async () => {
    await call("admin", "POST", "/admin/add-user", {
      username: "audited",
      name: "Audited",
      email: "audited@example.com",
      password: "Str0ng-pass!",
    });
    const [latest] = (await page("admin", "")).logs;
    expect(latest).toMatchObject({ user: "hartford.admin", user_agency: HARTFORD, programs_queried: "" });
    expect(JSON.parse(latest!.query_parameters)).toMatchObject({ action: "user_added", username: "audited" });
  });
  // Last: the export writes its own audit row, which the counts above do not expect.
  it("exports one user's rows as CSV by the same filter (issue 40 item 8)", async () => {
    const csv = await call("admin", "GET", "/admin-audit-logs-export?username=hartford.investigator");
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csv.body.trim().split(/\r?\n/).slice(1);
    expect(rows).toHaveLength(25);
    expect(rows.every((row) => row.includes("hartford.investigator"))).toBe(true);
  });
});

describe("audit rows are append-only", () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await buildTestApp();
    call = caller(t, await seedPersonas(t));
    await call("admin", "POST", "/add-api-key", { agency: "Seed key", api_key: "seed-key-0000111122" });
  });
  afterAll(() => t?.close());

  /** Every audit row as id → a digest of its whole content. */
  const snapshot = async () =>
    new Map(
      (
        await t.prisma.$queryRaw<{ id: bigint; digest: string }[]>`
          SELECT id, md5(row_to_json(a)::text) AS digest FROM audit_logs a ORDER BY id`
      ).map((row) => [row.id, row.digest]),
    );

  it("the database refuses to update, delete or truncate them", async () => {
    expect(await t.prisma.auditLog.count()).toBeGreaterThan(0);
    await expect(
      t.prisma.$executeRawUnsafe("UPDATE audit_logs SET username = 'someone else'"),
    ).rejects.toThrow(/append-only: UPDATE is refused/);
    await expect(t.prisma.$executeRawUnsafe("DELETE FROM audit_logs")).rejects.toThrow(/append-only: DELETE/);
    await expect(t.prisma.$executeRawUnsafe("TRUNCATE audit_logs")).rejects.toThrow(/append-only: TRUNCATE/);
    await expect(t.prisma.auditLog.deleteMany({})).rejects.toThrow();
  });

  it("no administration route changes or removes a row: across every call, rows only ever grow", async () => {
    const adminRoutes = Object.entries(ACCESS_POLICY)
      .filter(([, rule]) => rule.access === "admin" || rule.access === "owner")
      .map(([key]) => key.split(" ") as [Method, string])
      .filter(([method, url]) => t.app.hasRoute({ method, url }));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(24);

    const hartfordUser = await userId(t, "hartford.hotlistviewer");
    const key = await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: "Seed key" } });
    const hook = { name: "Dispatch", url: "http://127.0.0.1:9/hook", group_ids: [] };
    const valid: [Persona, Method, string, object?][] = [
      // The first webhook of this database: id 1 (the generic calls below then find none).
      ["admin", "POST", "/api/admin/webhooks", hook],
      ["admin", "PUT", "/api/admin/webhooks/1", { ...hook, enabled: false }],
      ["admin", "POST", "/api/admin/webhooks/1/test"],
      ["admin", "DELETE", "/api/admin/webhooks/1"],
      [
        "admin",
        "POST",
        "/admin/add-user",
        { username: "u1", name: "U", email: "u1@x.org", password: "Str0ng-pass!" },
      ],
      ["admin", "PUT", `/admin/toggle-role/${hartfordUser}`, { new_role: "admin" }],
      ["admin", "POST", `/admin/send-password-reset/${hartfordUser}`],
      ["admin", "POST", `/admin/unlock-user/${hartfordUser}`],
      ["admin", "PUT", "/admin/mfa-policy", { required: false }],
      ["owner", "PUT", "/owner/mfa-policy", { required: false }],
      ["admin", "POST", `/admin/reset-mfa/${await userId(t, "hartford.investigator")}`],
      ["admin", "DELETE", `/admin/delete-user/${hartfordUser}`],
      [
        "admin",
        "POST",
        "/bulk-upload-users",
        multipart({
          file: { filename: "u.csv", content: "username,name,email,password\nu2,U,u2@x.org,Str0ng-pass!" },
        }),
      ],
      ["admin", "POST", "/add-api-key", { agency: "K2", api_key: "k2-key-0000111122" }],
      ["admin", "DELETE", `/delete-api-key/${key.id}`],
      ["admin", "POST", "/add-to-blacklist", { agency_id: await agencyId(t, NEW_HAVEN) }],
      ["admin", "POST", "/remove-from-blacklist", { agency_id: await agencyId(t, NEW_HAVEN) }],
      ["admin", "DELETE", "/delete-axon-integration"],
      [
        "admin",
        "PUT",
        "/admin/case-fields",
        { require_case_number: true, require_offense_category: false, offense_categories: [] },
      ],
      ["admin", "PUT", `/admin/users/${await userId(t, "hartford.investigator")}/auditor`, { auditor: true }],
      ["admin", "PUT", "/api/admin/alert-email-settings", { alert_email_pictures: true }],
      [
        "owner",
        "POST",
        "/admin/reset-user-password",
        { user_id: await userId(t, "hartford.investigator"), new_password: "Temp0rary-pass!" },
      ],
      [
        "owner",
        "PATCH",
        "/rekor-cameras/2101",
        { corrected_latitude: 41.3, corrected_longitude: -72.9, agency_id: null, is_manual: true },
      ],
    ];
    const generic = adminRoutes.flatMap(([method, url]) =>
      (["owner", "admin"] as Persona[]).map((persona): [Persona, Method, string, object?] => [
        persona,
        method,
        url.replace(/:[A-Za-z]+/g, "1"),
        {},
      ]),
    );

    let before = await snapshot();
    for (const [persona, method, url, body] of [...valid, ...generic]) {
      const res = await call(persona, method, url, ["GET", "DELETE"].includes(method) ? undefined : body);
      // A route that tried to rewrite the log would meet the database's refusal as a 500.
      expect(res.statusCode, `${persona} ${method} ${url}: ${res.body}`).toBeLessThan(500);
      const after = await snapshot();
      expect(after.size, `${method} ${url}`).toBeGreaterThanOrEqual(before.size);
      for (const [id, digest] of before) expect(after.get(id), `${method} ${url} row ${id}`).toBe(digest);
      before = after;
    }
    const actions = (await t.prisma.auditLog.findMany({ select: { action: true } })).map((row) => row.action);
    expect(new Set(actions)).toEqual(
      new Set([
        "api_key_added",
        "user_added",
        "role_changed",
        "reset_sent",
        "user_unlocked",
        "mfa_policy_changed",
        "mfa_reset",
        "user_deleted",
        "users_uploaded",
        "api_key_deleted",
        "blacklist_changed",
        "axon_integration_changed",
        "password_reset_by_owner",
        "camera_edited",
        "agency_deactivated",
        "agency_reactivated",
        "axis_integration_deleted",
        "axis_integration_paused",
        "axis_integration_resumed",
        "axis_integration_token_rotated",
        "case_fields_changed",
        "alert_email_settings_changed",
        "webhook_created",
        "webhook_updated",
        "webhook_tested",
        "webhook_deleted",
        "auditor_changed",
        "audit_exported",
        // Issue 34: the generic calls make and revoke the agency's SCIM token
        "scim_token_created",
        "scim_token_revoked",
      ]),
    );
  });
});
