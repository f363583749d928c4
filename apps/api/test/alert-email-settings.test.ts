import { ZAlertEmailSettings, ZApiError } from "@odin/contract";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const URL = "/api/admin/alert-email-settings";

/**
 * Issue 38 item 5: the alert e-mail picture switch (agencies.alert_email_pictures) has a call. Its
 * agency's admins read and set it; nobody else; the change is audited with the value before and after.
 */
describe("the agency's alert e-mail settings (GET/PUT /api/admin/alert-email-settings)", () => {
  let t: TestApp;
  const tokens = {} as Record<Persona, string>;
  const agencyId = async (name: string) =>
    (await t.prisma.agency.findFirstOrThrow({ where: { name }, select: { id: true } })).id;
  const pictures = async (name: string) =>
    (await t.prisma.agency.findFirstOrThrow({ where: { name }, select: { alertEmailPictures: true } }))
      .alertEmailPictures;
  const [hartford, newHaven] = [DEMO_AGENCIES[0]!.name, DEMO_AGENCIES[1]!.name];

  beforeAll(async () => {
    t = await buildTestApp();
    const subjects = await seedPersonas(t);
    for (const persona of [
      "admin",
      "investigator",
      "hotlistAdmin",
      "otherAgencyAdmin",
      "owner",
    ] as Persona[]) {
      tokens[persona] = await mintToken(t, subjects[persona]);
    }
  });
  afterAll(() => t?.close());

  const call = (persona: Persona | null, method: "GET" | "PUT", payload?: object) =>
    t.app.inject({
      method,
      url: URL,
      headers: persona ? { authorization: `Bearer ${tokens[persona]}` } : {},
      payload,
    });

  it("reads off by default, and the admin turns it on and off again, each change audited with before and after", async () => {
    const read = await call("admin", "GET");
    expect(read.statusCode, read.body).toBe(200);
    expect(ZAlertEmailSettings.parse(read.json())).toEqual({ alert_email_pictures: false });

    const on = await call("admin", "PUT", { alert_email_pictures: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ alert_email_pictures: true });
    expect(await pictures(hartford)).toBe(true);
    expect((await call("admin", "GET")).json()).toEqual({ alert_email_pictures: true });

    expect((await call("admin", "PUT", { alert_email_pictures: false })).json()).toEqual({
      alert_email_pictures: false,
    });
    const rows = await t.prisma.auditLog.findMany({
      where: { action: "alert_email_settings_changed" },
      orderBy: { id: "asc" },
    });
    expect(rows.map((row) => [row.username, row.agencyId, row.detail])).toEqual([
      ["hartford.admin", await agencyId(hartford), { alert_email_pictures: { before: false, after: true } }],
      ["hartford.admin", await agencyId(hartford), { alert_email_pictures: { before: true, after: false } }],
    ]);
  });

  it("refuses anyone but an admin with 403 in the contract's error shape, changing nothing", async () => {
    const audits = await t.prisma.auditLog.count({ where: { action: "alert_email_settings_changed" } });
    for (const persona of ["investigator", "hotlistAdmin"] as Persona[]) {
      for (const method of ["GET", "PUT"] as const) {
        const res = await call(
          persona,
          method,
          method === "PUT" ? { alert_email_pictures: true } : undefined,
        );
        expect(res.statusCode, `${persona} ${method}`).toBe(403);
        expect(ZApiError.parse(res.json()).error.code).toBe("FORBIDDEN");
      }
    }
    expect((await call(null, "PUT", { alert_email_pictures: true })).statusCode).toBe(401);
    expect(await pictures(hartford)).toBe(false);
    expect(await t.prisma.auditLog.count({ where: { action: "alert_email_settings_changed" } })).toBe(audits);
  });

  it("an admin of another agency reads and changes only their own agency's setting", async () => {
    const res = await call("otherAgencyAdmin", "PUT", { alert_email_pictures: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await pictures(newHaven)).toBe(true);
    expect(await pictures(hartford)).toBe(false);
    expect((await call("admin", "GET")).json()).toEqual({ alert_email_pictures: false });
    const row = await t.prisma.auditLog.findFirstOrThrow({
      where: { action: "alert_email_settings_changed" },
      orderBy: { id: "desc" },
    });
    expect(row).toMatchObject({ username: "newhaven.admin", agencyId: await agencyId(newHaven) });
    // A body naming another agency changes nothing of it: the call reaches the caller's agency only.
    const sneaky = await call("otherAgencyAdmin", "PUT", {
      alert_email_pictures: true,
      agency_id: await agencyId(hartford),
    });
    expect(sneaky.statusCode).toBe(200);
    expect(await pictures(hartford)).toBe(false);
    // The owner belongs to no agency: told to ask an agency's admin, nothing changed.
    const owner = await call("owner", "PUT", { alert_email_pictures: true });
    expect(owner.statusCode).toBe(409);
    expect(ZApiError.parse(owner.json()).error.code).toBe("CONFLICT");
  });

  it("refuses a body without a true or false, with the field", async () => {
    const res = await call("admin", "PUT", { alert_email_pictures: "yes" });
    expect(res.statusCode).toBe(400);
    const { error } = ZApiError.parse(res.json());
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.details?.[0]?.path).toBe("alert_email_pictures");
    expect(await pictures(hartford)).toBe(false);
  });
});
