import { TRANSPARENCY_NOT_FOUND, type TTransparencyIndex, type TTransparencyPage } from "@odin/contract";
import type { Prisma } from "@odin/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTransparency } from "../src/modules/accountability/transparency.service";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/**
 * Issue 23 item 3: an agency's public transparency page. Off by default; the admin turns it on and
 * picks its sections; its figures are counted from the tables (planted here for a fresh agency, with
 * rows of another agency and rows outside the 30 days that must not count); off, deactivated and
 * unknown agencies answer the same 404.
 */
describe("transparency page", () => {
  let t: TestApp;
  const tokens = {} as Record<Persona, string>;
  let trn: { id: number };
  let newHaven: { id: number; name: string };
  let hartford: { id: number; name: string };

  beforeAll(async () => {
    // Figures computed on every request here; the cache has its own test below.
    t = await buildTestApp({ TRANSPARENCY_CACHE_SECONDS: "0", DETECTION_RETENTION_DAYS: "45" });
    const subjects = await seedPersonas(t);
    for (const persona of ["admin", "investigator", "otherAgencyAdmin"] as Persona[]) {
      tokens[persona] = await mintToken(t, subjects[persona]);
    }
    newHaven = await t.prisma.agency.findUniqueOrThrow({ where: { code: "NHPD" } });
    hartford = await t.prisma.agency.findUniqueOrThrow({ where: { code: "HPD" } });
    trn = await plantAgency();
  });
  afterAll(() => t?.close());

  const call = (persona: Persona, method: "GET" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[persona]}` }, payload });
  const publicGet = (url: string) => t.app.inject({ method: "GET", url });

  /** A fresh agency, TRN, with known cameras, hotlists, alerts, audit rows and shares. */
  async function plantAgency() {
    const agency = await t.prisma.agency.create({
      data: { name: "Transparency Town PD", code: "TRN", retentionDays: 21 },
    });
    const user = await t.prisma.user.create({
      data: {
        username: "trn.officer",
        name: "TRN Officer",
        email: "officer@trn.example",
        agencyId: agency.id,
      },
    });
    // Rekor: two keys, three cameras learnt, one of them moved by the owner to New Haven.
    for (const [index, label] of ["North", "South"].entries()) {
      const key = await t.prisma.rekorApiKey.create({
        data: {
          agencyId: agency.id,
          agencyName: `TRN ${label}`,
          apiKeyCiphertext: "x",
          apiKeyLast4: "0000",
          baseUrl: "http://127.0.0.1:1",
        },
      });
      await t.prisma.rekorCamera.create({ data: { rekorApiKeyId: key.id, cameraId: `c${index}a` } });
      await t.prisma.rekorCamera.create({
        data: { rekorApiKeyId: key.id, cameraId: `c${index}b`, agencyId: index === 1 ? newHaven.id : null },
      });
    }
    // RAVEN: two cameras and a cloud account live, one camera deleted; one camera shared with New Haven.
    const axis = await t.prisma.axisAgency.create({ data: { agencyId: agency.id, agencyName: "TRN" } });
    const integration = (
      identifier: string,
      extra: Partial<Prisma.AxisIntegrationUncheckedCreateInput> = {},
    ) =>
      t.prisma.axisIntegration.create({
        data: { axisAgencyId: axis.id, identifier, ingestTokenHash: `hash-${identifier}`, ...extra },
      });
    const shared = await integration("trn-1");
    await integration("trn-2");
    await integration("trn-cloud", { isCloud: true });
    const deleted = await integration("trn-gone", { deletedAt: new Date() });
    await t.prisma.axisIntegrationShare.create({ data: { integrationId: shared.id, agencyId: newHaven.id } });
    await t.prisma.axisIntegrationShare.create({
      data: { integrationId: deleted.id, agencyId: hartford.id },
    });
    // Axon: its integration, authorized for Hartford, blacklisted for New Haven.
    const axon = await t.prisma.axonIntegration.create({
      data: {
        agencyId: agency.id,
        clientId: "c",
        clientSecretCiphertext: "x",
        partnerId: "p",
        baseUrl: "http://127.0.0.1:2",
        agencyName: "TRN Axon",
      },
    });
    await t.prisma.axonIntegrationAgency.createMany({
      data: [
        { integrationId: axon.id, agencyId: hartford.id, status: "authorized" },
        { integrationId: axon.id, agencyId: newHaven.id, status: "blacklisted" },
      ],
    });
    // Hotlists: two live groups with three plates, an archived group with one.
    const group = async (name: string, plates: string[], archived = false) => {
      const created = await t.prisma.hotlistGroup.create({ data: { agencyId: agency.id, name, archived } });
      for (const plate of plates) {
        await t.prisma.hotlistPlate.create({
          data: { groupId: created.id, plateNumber: plate, plateNormalized: plate, reason: "Stolen" },
        });
      }
      return created;
    };
    const stolen = await group("Stolen", ["TRN001", "TRN002"]);
    await group("Amber", ["TRN003"]);
    await group("Old", ["TRN004"], true);
    // Alerts: Axis twice and Rekor once in the 30 days; one Axis alert 40 days old.
    let read = 0;
    const alert = (sourceProgram: string, createdAt: Date) => ({
      groupId: stolen.id,
      sourceProgram,
      sourceReadId: `r${++read}`,
      plate: "TRN001",
      timestamp: createdAt,
      reason: "Stolen",
      dateAdded: createdAt,
      createdAt,
    });
    await t.prisma.alert.createMany({
      data: [
        alert("Axis", daysAgo(1)),
        alert("Axis", daysAgo(29)),
        alert("Rekor", daysAgo(2)),
        alert("Axis", daysAgo(40)),
      ],
    });
    // Audit: four searches in the 30 days (one with a case number), one 31 days ago; two exports of
    // 12 and 30 records; a sign-in and an audit export, which are not searches or exports.
    const row = (action: string, createdAt: Date, extra: Partial<Prisma.AuditLogCreateManyInput> = {}) => ({
      userId: user.id,
      username: user.username,
      agencyId: agency.id,
      action,
      createdAt,
      ...extra,
    });
    await t.prisma.auditLog.createMany({
      data: [
        row("search", daysAgo(1), { queryParameters: { case_number: "2026-17" } }),
        row("search", daysAgo(2), { queryParameters: { case_number: null } }),
        row("search", daysAgo(3), { queryParameters: { case_number: "" } }),
        row("search", daysAgo(29)),
        row("search", daysAgo(31), { queryParameters: { case_number: "2026-1" } }),
        row("export_pdf", daysAgo(4), { recordCount: 12 }),
        row("export_zip", daysAgo(5), { recordCount: 30 }),
        row("export_zip", daysAgo(33), { recordCount: 500 }),
        row("sign_in", daysAgo(1)),
        row("audit_exported", daysAgo(1), { recordCount: 99 }),
      ],
    });
    return agency;
  }

  it("is off by default: every agency answers 404 and none is listed", async () => {
    for (const code of ["HPD", "NHPD", "TRN"]) {
      const res = await publicGet(`/transparency-data/${code}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: TRANSPARENCY_NOT_FOUND } });
    }
    expect((await publicGet("/transparency-data")).json()).toEqual({ agencies: [] });
    const settings = await call("admin", "GET", "/admin/transparency");
    expect(settings.json()).toEqual({
      enabled: false,
      sections: ["cameras", "retention", "hotlists", "activity", "sharing", "policy"],
      policy: "",
      code: "HPD",
    });
  });

  it("counts the agency's own rows only, within 30 days, needing no sign-in", async () => {
    await t.prisma.agency.update({
      where: { id: trn.id },
      data: { transparencyEnabled: true, transparencyPolicy: "Reads are kept 21 days." },
    });
    const res = await publicGet("/transparency-data/trn");
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<TTransparencyPage>();
    expect(page.agency).toEqual({ name: "Transparency Town PD", code: "TRN" });
    expect(page.sections).toEqual(["cameras", "retention", "hotlists", "activity", "sharing", "policy"]);
    expect(page.cameras).toEqual([
      { source: "Rekor", cameras: 3, integrations: 2 },
      { source: "Axon", cameras: 0, integrations: 1 },
      { source: "Axis", cameras: 2, integrations: 3 },
    ]);
    expect(page.hotlists).toEqual({
      groups: 2,
      plates: 3,
      alerts_by_source: [
        { source: "Axis", alerts: 2 },
        { source: "Rekor", alerts: 1 },
      ],
    });
    expect(page.activity).toEqual({
      days: 30,
      searches: 4,
      searches_with_case_number: 1,
      exports: 2,
      exported_records: 42,
    });
    expect(page.sharing).toEqual({
      shares_with: [
        { name: hartford.name, sources: ["Axon"] },
        { name: newHaven.name, sources: ["Axis"] },
      ],
    });
    expect(page.retention?.map(({ record, source, days }) => ({ record, source, days }))).toEqual([
      { record: "reads", source: "Axis", days: 21 },
      { record: "reads", source: "Rekor", days: null },
      { record: "reads", source: "Axon", days: null },
      { record: "alerts", source: "Axis", days: 365 },
      { record: "alerts", source: "Rekor", days: 365 },
      { record: "alerts", source: "Axon", days: 365 },
      { record: "audit", source: null, days: null },
    ]);
    expect(page.policy).toBe("Reads are kept 21 days.");
    expect((await publicGet("/transparency-data")).json<TTransparencyIndex>()).toEqual({
      agencies: [{ name: "Transparency Town PD", code: "TRN" }],
    });
  });

  it("is turned on by the agency's admin, with the sections chosen, audited; others' pages stay off", async () => {
    const policy = '<script>alert("x")</script>\nWe keep reads 45 days.';
    const res = await call("admin", "PUT", "/admin/transparency", {
      enabled: true,
      sections: ["policy", "activity"],
      policy,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ enabled: true, sections: ["activity", "policy"], policy, code: "HPD" });
    const page = (await publicGet("/transparency-data/HPD")).json<TTransparencyPage>();
    expect(page.sections).toEqual(["activity", "policy"]);
    // Stored and answered as the text it is; the web page shows it as text.
    expect(page.policy).toBe(policy);
    for (const hidden of ["cameras", "retention", "hotlists", "sharing"])
      expect(page).not.toHaveProperty(hidden);
    const audit = await t.prisma.auditLog.findFirstOrThrow({
      where: { action: "transparency_changed" },
      orderBy: { id: "desc" },
    });
    expect(audit).toMatchObject({
      agencyId: hartford.id,
      detail: { enabled: true, sections: ["activity", "policy"], policy_chars: policy.length },
    });
    // New Haven's page is still off: the admin reached only their own agency.
    expect((await publicGet("/transparency-data/NHPD")).statusCode).toBe(404);
    expect((await call("otherAgencyAdmin", "GET", "/admin/transparency")).json()).toMatchObject({
      enabled: false,
      code: "NHPD",
    });
    expect(
      (await call("investigator", "PUT", "/admin/transparency", { enabled: false, sections: [], policy: "" }))
        .statusCode,
    ).toBe(403);
  });

  it("answers an agency that is off, deactivated or unknown with the very same 404", async () => {
    await t.prisma.agency.update({
      where: { id: newHaven.id },
      data: { transparencyPolicy: "secret draft" },
    });
    await t.prisma.agency.update({
      where: { id: trn.id },
      data: { transparencyEnabled: true, deactivatedAt: new Date() },
    });
    const answers = await Promise.all(
      ["NHPD", "TRN", "NOSUCH", "nhpd", "%20"].map((code) => publicGet(`/transparency-data/${code}`)),
    );
    const shape = (res: (typeof answers)[number]) => ({
      status: res.statusCode,
      body: res.body,
      type: res.headers["content-type"],
      cache: res.headers["cache-control"],
    });
    for (const res of answers) expect(shape(res)).toEqual(shape(answers[0]!));
    expect(answers[0]!.statusCode).toBe(404);
    expect(
      (await publicGet("/transparency-data")).json<TTransparencyIndex>().agencies.map((a) => a.code),
    ).toEqual(["HPD"]);
    await t.prisma.agency.update({ where: { id: trn.id }, data: { deactivatedAt: null } });
  });

  it("refuses a policy text over the limit with a message a person understands", async () => {
    const res = await call("admin", "PUT", "/admin/transparency", {
      enabled: true,
      sections: [],
      policy: "x".repeat(20_001),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain("at most 20000 characters");
  });

  it("reuses figures for the cache's lifetime, yet a page turned off is gone at once", async () => {
    let clock = Date.now();
    const transparency = createTransparency({
      prisma: t.prisma,
      retentionDefaults: { readDays: 30, alertDays: 365 },
      cacheMs: 60_000,
      now: () => clock,
    });
    const searches = async () => (await transparency.findPage("TRN")).activity!.searches;
    expect(await searches()).toBe(4);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { username: "trn.officer" } });
    await t.prisma.auditLog.create({
      data: { userId: user.id, username: user.username, agencyId: trn.id, action: "search" },
    });
    expect(await searches()).toBe(4);
    clock += 60_001;
    expect(await searches()).toBe(5);
    await t.prisma.agency.update({ where: { id: trn.id }, data: { transparencyEnabled: false } });
    await expect(transparency.findPage("TRN")).rejects.toMatchObject({ message: TRANSPARENCY_NOT_FOUND });
  });
});
