import { SEARCH_SOURCES_HEADER, type TSearchResult, type TSourceStatus } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchDetections } from "../src/modules/search/search.service";
import type { DetectionSource } from "../src/sources/detection-source";
import { createAxisSource } from "../src/sources/axis/axis.source";
import { recordRemotePlates } from "../src/sources/distinct-plates.repository";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const HOUR = 3_600_000;
const AXIS_CAMERAS = ["hfd-lpv-01", "hfd-lpv-02", "csp-h-lpv-01", "csp-h-lpv-02", "nhv-lpv-01"];

describe("POST /search-data", () => {
  let t: TestApp;
  let subjects: Record<Persona, string>;
  const now = Date.now();

  beforeAll(async () => {
    t = await buildTestApp();
    subjects = await seedPersonas(t);
    const integrations = await t.prisma.axisIntegration.findMany({ include: { axisAgency: true } });
    const byIdentifier = new Map(integrations.map((integration) => [integration.identifier, integration]));
    const read = (identifier: string, plate: string, hoursAgo: number, extra: object = {}) => {
      const integration = byIdentifier.get(identifier)!;
      return {
        plate,
        plateNormalized: plate.replace(/[\s-]/g, "").toUpperCase(),
        plateState: "CT",
        make: "Toyota",
        color: "Silver/Gray",
        bodyType: "sedan-standard",
        cameraName: `${identifier} camera`,
        agencyId: integration.axisAgency.agencyId,
        axisIntegrationId: integration.id,
        timestamp: new Date(now - hoursAgo * HOUR),
        latitude: 41.76,
        longitude: -72.68,
        vendorEventId: `${identifier}-${plate}-${hoursAgo}`,
        ...extra,
      };
    };
    const reads = [
      read("hfd-lpv-01", "AK47123", 2),
      read("hfd-lpv-02", "AK47123", 1, { color: "Red" }),
      read("hfd-lpv-01", "ZZ99999", 3),
      read("csp-h-lpv-01", "BK4700", 5), // Troop H's camera, shared with Hartford
      read("csp-h-lpv-02", "AK47123", 4), // Troop H's own, not shared
      read("nhv-lpv-01", "AK47123", 1.5), // New Haven's
      read("hfd-lpv-01", "AK47123", 48), // outside a 24-hour range
    ];
    await t.prisma.detection.createMany({ data: reads });
    // As ingest does: every stored read's plate is a distinct plate (Similar finds candidates there).
    await recordRemotePlates(t.prisma, reads, "axis_reads", { counted: true });
  });
  afterAll(() => t?.close());

  const search = async (persona: Persona, body: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: "/search-data",
      headers: { authorization: `Bearer ${await mintToken(t, subjects[persona])}` },
      payload: {
        justification: "Case 2026-114: stolen vehicle",
        start_time: new Date(now - 24 * HOUR).toISOString(),
        end_time: new Date(now).toISOString(),
        // The Axis store only: the Rekor and Axon sources have their own tests against the simulators.
        agencies: AXIS_CAMERAS,
        ...body,
      },
    });

  it("refuses a search without a justification or dates, with the spec's message, and audits nothing", async () => {
    const res = await search("investigator", { justification: "   " });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Justification and date range are required.");
    const noDates = await search("investigator", { start_time: undefined });
    expect(noDates.json().error.message).toBe("Justification and date range are required.");
    expect(await t.prisma.auditLog.count({ where: { action: "search" } })).toBe(0);
  });

  it("finds a plate in the agency's own and shared cameras only, newest first, and audits the search", async () => {
    const res = await search("investigator", { plate: " ak47123 " });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json<TSearchResult[]>();
    expect(results.map((result) => result.camera_name)).toEqual(["hfd-lpv-02 camera", "hfd-lpv-01 camera"]);
    expect(results[0]).toMatchObject({
      source_program: "Axis",
      plate: "AK47123",
      plate_state: "CT",
      agency: expect.stringContaining("Hartford"),
    });
    expect(JSON.parse(res.headers[SEARCH_SOURCES_HEADER] as string)).toEqual([
      { source: "Rekor", status: "skipped", count: 0, elapsed_ms: 0 },
      { source: "Axon", status: "skipped", count: 0, elapsed_ms: 0 },
      { source: "Axis", status: "ok", count: 2, elapsed_ms: expect.any(Number) },
    ]);
    const audit = await t.prisma.auditLog.findFirstOrThrow({
      where: { action: "search" },
      orderBy: { id: "desc" },
    });
    expect(audit).toMatchObject({
      username: "hartford.investigator",
      justification: "Case 2026-114: stolen vehicle",
      programsQueried: "Axis",
      plate: "AK47123",
    });
    expect(audit.queryParameters).toMatchObject({
      plate: "ak47123",
      justification: "Case 2026-114: stolen vehicle",
    });
  });

  it("matches partial plates and wildcards, and filters by colour", async () => {
    const partial = (await search("investigator", { plate: "k47" })).json<TSearchResult[]>();
    expect(partial.map((result) => result.plate).sort()).toEqual(["AK47123", "AK47123", "BK4700"]);
    const wildcard = (await search("investigator", { plate: "?k47*" })).json<TSearchResult[]>();
    expect(wildcard).toHaveLength(3);
    const red = (await search("investigator", { plate: "AK47123", vehicle_color: "red" })).json<
      TSearchResult[]
    >();
    expect(red.map((result) => result.camera_name)).toEqual(["hfd-lpv-02 camera"]);
  });

  it("says when the range starts before what RAVEN keeps (issue 17), with the agency's own retention", async () => {
    const noticeOf = async (days: number, body: Record<string, unknown> = {}) => {
      const res = await search("investigator", {
        start_time: new Date(now - days * 24 * HOUR).toISOString(),
        ...body,
      });
      expect(res.statusCode).toBe(200);
      const statuses = JSON.parse(res.headers[SEARCH_SOURCES_HEADER] as string) as TSourceStatus[];
      const axis = statuses.find((status) => status.source === "Axis")!;
      // What the notice is about goes beside it (issue 22), so a screen need not read the sentence.
      expect(axis.notice_kinds).toEqual(axis.notice ? ["retention"] : undefined);
      return axis.notice;
    };
    expect(await noticeOf(10)).toBeUndefined();
    const cut = new Date(now - 30 * 24 * HOUR).toISOString().slice(0, 10);
    expect(await noticeOf(40)).toBe(
      `RAVEN keeps 30 days of reads: reads before ${cut} are no longer stored, so this search cannot find them.`,
    );
    // Hartford keeps 90 days: on its own cameras a 40-day range is covered, a 100-day one is not.
    const hartford = await t.prisma.agency.findFirstOrThrow({ where: { name: { contains: "Hartford" } } });
    await t.prisma.agency.update({ where: { id: hartford.id }, data: { retentionDays: 90 } });
    try {
      const own = { agencies: ["hfd-lpv-01", "hfd-lpv-02"] };
      expect(await noticeOf(40, own)).toBeUndefined();
      expect(await noticeOf(100, own)).toMatch(/^RAVEN keeps 90 days of reads/);
    } finally {
      await t.prisma.agency.update({ where: { id: hartford.id }, data: { retentionDays: null } });
    }
  });

  it("ignores agencies the caller may not search, even when named", async () => {
    const res = await search("investigator", { plate: "AK47123", agencies: ["nhv-lpv-01", "csp-h-lpv-02"] });
    expect(res.json()).toEqual([]);
    expect(JSON.parse(res.headers[SEARCH_SOURCES_HEADER] as string)).toContainEqual(
      expect.objectContaining({ source: "Axis", status: "skipped" }),
    );
    const owner = (await search("owner", { plate: "AK47123" })).json<TSearchResult[]>();
    expect(owner).toHaveLength(4);
  });

  it("answers with the other sources' results when one hangs, within its timeout", async () => {
    const hanging: DetectionSource = {
      program: "Rekor",
      searchable: async () => new Map([["1", {}]]),
      search: () => new Promise<TSearchResult[]>(() => undefined),
    };
    const failing: DetectionSource = {
      program: "Axon",
      searchable: async () => new Map([["https://axon.example", {}]]),
      search: async () => Promise.reject(new Error("401 from the vendor: bad client secret")),
    };
    const auth = {
      user: await t.prisma.user.findUniqueOrThrow({ where: { username: "hartford.investigator" } }),
      token: { sub: "x", sid: undefined, iat: 0, exp: 0, email: undefined },
      isOwner: false,
      sessionId: null,
      ip: "127.0.0.1",
      requestId: "test-request",
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    };
    const { results, statuses } = await searchDetections(
      {
        prisma: t.prisma,
        sources: [hanging, failing, createAxisSource(t.prisma)],
        sourceTimeoutMs: 300,
        maxResultsPerSource: 100,
      },
      auth,
      {
        plate: "ak47123",
        justification: "timeout check",
        start_time: new Date(now - 24 * HOUR).toISOString(),
        end_time: new Date(now).toISOString(),
        agencies: [],
        filters: { top_rack: false, back_rack: false, bumper_stickers: false, window_stickers: false },
      } as never,
    );
    // The hanging source never answers: that the search came back at all is the time limit at work
    // (a wall-clock bound here would flake on a busy machine; the test's own timeout is the bound).
    expect(results).toHaveLength(2);
    expect(statuses.map((status) => [status.source, status.status])).toEqual([
      ["Rekor", "timeout"],
      ["Axon", "failed"],
      ["Axis", "ok"],
    ]);
    expect(statuses[1]!.error).toBe("401 from the vendor: bad client secret");
  });

  it("marks results whose plate is on an active hotlist group of the caller's agency, by the matcher's rule, for every searcher (issues 20 and 40)", async () => {
    const group = await t.prisma.hotlistGroup.findFirstOrThrow({
      where: { name: "Hartford Stolen Vehicles" },
    });
    await t.prisma.hotlistPlate.createMany({
      data: [
        // No state: matches a read from any state.
        {
          groupId: group.id,
          plateNumber: "AK-47123",
          plateNormalized: "AK47123",
          state: null,
          reason: "Stolen",
        },
        // Another state than the read's: no match.
        {
          groupId: group.id,
          plateNumber: "ZZ99999",
          plateNormalized: "ZZ99999",
          state: "NY",
          reason: "Stolen",
        },
      ],
    });
    const badges = async (persona: Persona) => {
      const res = await search(persona, { plate: "", agencies: AXIS_CAMERAS });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<TSearchResult[]>()
        .map((result): [string, string[]] => [
          result.plate,
          result.hotlists?.map((listed) => listed.group_name) ?? [],
        ]);
    };
    const member = await badges("hotlistViewer");
    expect(member).toContainEqual(["AK47123", ["Hartford Stolen Vehicles"]]);
    expect(member).toContainEqual(["ZZ99999", []]);
    // An admin of the agency, and an investigator who is in no group (issue 40 item 1: a stolen car on
    // the agency's own list must not look clean to them), see the agency's groups too.
    expect(await badges("admin")).toContainEqual(["AK47123", ["Hartford Stolen Vehicles"]]);
    expect(await badges("investigator")).toContainEqual(["AK47123", ["Hartford Stolen Vehicles"]]);
    const listed = (await search("investigator", { plate: "AK47123" })).json<TSearchResult[]>()[0]!;
    expect(listed.hotlists).toEqual([
      {
        group_id: group.id,
        group_name: "Hartford Stolen Vehicles",
        agency_name: "Hartford Police Department",
        reason: "Stolen",
      },
    ]);
  });

  it("never shows another agency's hotlist groups or an archived group's as badges (issue 40 item 1)", async () => {
    const other = await t.prisma.agency.findFirstOrThrow({
      where: { NOT: { name: "Hartford Police Department" } },
    });
    const foreign = await t.prisma.hotlistGroup.create({
      data: { agencyId: other.id, name: "Elsewhere Stolen Vehicles" },
    });
    const archived = await t.prisma.hotlistGroup.create({
      data: {
        agencyId: (await t.prisma.agency.findFirstOrThrow({ where: { name: "Hartford Police Department" } }))
          .id,
        name: "Old list",
        archived: true,
      },
    });
    for (const groupId of [foreign.id, archived.id])
      await t.prisma.hotlistPlate.create({
        data: { groupId, plateNumber: "AK47123", plateNormalized: "AK47123", state: null, reason: "Stolen" },
      });
    for (const persona of ["investigator", "admin"] as const) {
      const res = await search(persona, { plate: "AK47123" });
      expect(res.statusCode, res.body).toBe(200);
      const names = res
        .json<TSearchResult[]>()
        .flatMap((result) => result.hotlists ?? [])
        .map((g) => g.group_name);
      expect(names).not.toContain("Elsewhere Stolen Vehicles");
      expect(names).not.toContain("Old list");
    }
  });
});
