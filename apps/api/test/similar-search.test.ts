import type { TSearchResult } from "@odin/contract";
import { Prisma, PREPARED_STATEMENT, queryPrepared } from "@odin/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchAxisReads } from "../src/sources/axis/axis-detections.repository";
import { createDetectionWriter } from "../src/modules/ingest/axis-batch-insert";
import { toPlatePattern } from "../src/sources/plate-pattern";
import { indexPendingSkeletons } from "../src/sources/distinct-plates.repository";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const HOUR = 3_600_000;

describe("Similar plate search (issue 19)", () => {
  let t: TestApp;
  let subjects: Record<Persona, string>;
  const now = Date.now();
  let readPlate: (plate: string, hoursAgo: number) => Promise<unknown>;

  beforeAll(async () => {
    // The skeleton-index job is off: the test decides when queued skeletons are indexed.
    t = await buildTestApp({ SIMILAR_INDEX_INTERVAL_MS: "0" });
    subjects = await seedPersonas(t);
    const integration = await t.prisma.axisIntegration.findFirstOrThrow({
      where: { identifier: "hfd-lpv-01" },
      include: { axisAgency: true },
    });
    const writer = createDetectionWriter(t.prisma);
    const read = (plate: string, hoursAgo: number) =>
      writer.insert({
        vendorEventId: `${plate}-${hoursAgo}`,
        plate,
        plateNormalized: plate,
        plateState: "CT",
        make: null,
        color: null,
        bodyType: null,
        cameraName: "hfd-lpv-01 camera",
        timestamp: new Date(now - hoursAgo * HOUR),
        latitude: null,
        longitude: null,
        confidence: null,
        direction: null,
        plateX1: null,
        plateX2: null,
        plateX3: null,
        plateX4: null,
        plateY1: null,
        plateY2: null,
        plateY3: null,
        plateY4: null,
        agencyId: integration.axisAgency.agencyId,
        axisIntegrationId: integration.id,
        imagePath: null,
        plateImagePath: null,
        raw: {},
      });
    readPlate = read;
    // Ingested through the real writer, so the distinct plates come from ingest, not from the test.
    await Promise.all([
      read("MU12170", 1),
      read("MU12170", 3),
      read("MU1217", 2), // a character dropped at the edge
      read("MV12I70", 4), // a confusion plus an edit
      read("MV12I7O", 4), // an edit and two look-alikes: three reader errors, not a misread of MU12170
      read("XMU12170Q", 5), // contains what was typed
      read("AK47123", 1),
    ]);
  });
  afterAll(() => t?.close());

  const search = async (body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/search-data",
      headers: { authorization: `Bearer ${await mintToken(t, subjects.investigator)}` },
      payload: {
        justification: "Case 2026-201: witness plate",
        start_time: new Date(now - 24 * HOUR).toISOString(),
        end_time: new Date(now).toISOString(),
        agencies: ["hfd-lpv-01"],
        ...body,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TSearchResult[]>();
  };

  it("keeps one distinct plate per plate, with its skeleton and reads, from ingest", async () => {
    const plate = await t.prisma.distinctPlate.findUniqueOrThrow({ where: { plateNormalized: "MU12170" } });
    expect(plate).toMatchObject({ skeleton: "MU12170", axisReads: 2, rekorReads: 0 });
    expect(plate.lastSeen.getTime() - plate.firstSeen.getTime()).toBe(2 * HOUR);
    expect(await t.prisma.distinctPlate.count()).toBe(6);
    // New skeletons are queued (one row each), not indexed in the read's statement.
    const queued = await t.prisma.pendingSkeleton.findMany({ orderBy: { skeleton: "asc" } });
    expect(queued.map((row) => row.skeleton)).toEqual([
      "AK47123",
      "MU1217",
      "MU12170",
      "MV12170",
      "XMU121700",
    ]);
    expect(await t.prisma.skeletonVariant.count()).toBe(0);
  });

  it("finds the misreads of a typed plate by default, the typed plate first, each with its reason", async () => {
    const results = await search({ plate: "mu12170" });
    expect(results.map((result) => [result.plate, result.match_reason])).toEqual([
      ["MU12170", undefined],
      ["MU12170", undefined],
      ["MU1217", "one character missing"],
      ["MV12I70", "U read as V at position 2, 1 read as I at position 5"],
      ["XMU12170Q", "contains MU12170"],
    ]);
  });

  it("counts a look-alike as an edit beside a real edit: MV12I7O is not a misread of MU12170", async () => {
    // One edit on the skeleton (U for V) and two look-alikes (I for 1, O for 0) is three as written.
    const plates = (await search({ plate: "MU12170" })).map((result) => result.plate);
    expect(plates).toContain("MV12I70");
    expect(plates).not.toContain("MV12I7O");
    // Typed as the camera read it, the same two differ only by look-alikes: the same skeleton.
    const typedAsRead = await search({ plate: "MV12I7O" });
    expect(typedAsRead.map((result) => [result.plate, result.match_reason])).toEqual([
      ["MV12I7O", undefined],
      ["MV12I70", "O read as 0 at position 7"],
    ]);
  });

  it("finds the stored plate from what the witness saw (MU1217O finds MU12170)", async () => {
    const results = await search({ plate: "MU1217O", match: "similar" });
    expect(results[0]).toMatchObject({ plate: "MU12170", match_reason: "O read as 0 at position 7" });
    expect(results.map((result) => result.plate)).not.toContain("AK47123");
  });

  it("keeps Exact and Partial as they were", async () => {
    expect(await search({ plate: "MU1217O", match: "exact" })).toEqual([]);
    const partial = await search({ plate: "MU1217", match: "partial" });
    expect(partial.map((result) => result.plate).sort()).toEqual([
      "MU1217",
      "MU12170",
      "MU12170",
      "XMU12170Q",
    ]);
    expect(partial.every((result) => result.match_reason === undefined)).toBe(true);
  });

  it("finds the same once the queued skeletons are indexed, and a read of a known skeleton queues nothing", async () => {
    // Each result's `ref` is signed with an expiry in seconds, so two searches a second apart differ
    // there by design: the answers are compared without it.
    const withoutRefs = (results: Awaited<ReturnType<typeof search>>) =>
      results.map(({ ref: _ref, ...rest }: Record<string, unknown>) => rest);
    const before = withoutRefs(await search({ plate: "MU1217O" }));
    expect(await indexPendingSkeletons(t.prisma)).toBe(5);
    expect(await indexPendingSkeletons(t.prisma)).toBe(0);
    expect(await t.prisma.pendingSkeleton.count()).toBe(0);
    expect(await t.prisma.skeletonVariant.count({ where: { variant: "MU121", skeleton: "MU12170" } })).toBe(
      1,
    );
    expect(withoutRefs(await search({ plate: "MU1217O" }))).toEqual(before);
    await readPlate("MU1217O", 6); // a new plate, but the skeleton of MU12170
    expect(await t.prisma.pendingSkeleton.count()).toBe(0);
    expect((await search({ plate: "MU12170" })).map((result) => result.plate)).toContain("MU1217O");
  });

  it("answers the same rows through node-postgres on Prisma's pool as through Prisma's $queryRaw", async () => {
    const integration = await t.prisma.axisIntegration.findFirstOrThrow({
      where: { identifier: "hfd-lpv-01" },
    });
    const query = {
      plate: toPlatePattern("MU1217O", "similar"),
      plateState: undefined,
      color: undefined,
      make: undefined,
      bodyType: undefined,
      start: new Date(now - 24 * HOUR),
      end: new Date(now),
      limit: 100,
    };
    // A wrapped client is not the one createPrismaClient made: queryPrepared sends it through $queryRaw.
    const throughPrisma = new Proxy(t.prisma, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const direct = await searchAxisReads(t.prisma, query, [{ integrationId: integration.id }]);
    const viaPrisma = await searchAxisReads(throughPrisma, query, [{ integrationId: integration.id }]);
    expect(direct.length).toBeGreaterThan(0);
    expect(direct).toEqual(viaPrisma);
    expect(typeof direct[0]!.id).toBe("bigint");
    expect(direct[0]!.timestamp).toBeInstanceOf(Date);
  });

  it("keeps one generic plan of each statement Odin names, and plans every other one for its values (issue 42 item 4)", async () => {
    // Planning the hotlist badges' statement for its values cost 16 times its work at every search; a
    // generic plan of the scan or of Prisma's reads of partitioned tables plans every partition.
    const mode = (sql: Prisma.Sql) =>
      Promise.all(
        Array.from(
          { length: 4 },
          async () => (await queryPrepared<{ mode: string }>(t.prisma, sql))[0]!.mode,
        ),
      );
    const setting = "current_setting('plan_cache_mode') AS mode";
    expect(await mode(Prisma.sql`${Prisma.raw(PREPARED_STATEMENT)} SELECT ${Prisma.raw(setting)}`)).toEqual(
      Array(4).fill("force_generic_plan"),
    );
    expect(await mode(Prisma.sql`SELECT ${Prisma.raw(setting)}`)).toEqual(Array(4).fill("auto"));
    const [prisma] = await t.prisma.$queryRaw<
      { mode: string }[]
    >`SELECT current_setting('plan_cache_mode') AS mode`;
    expect(prisma?.mode).toBe("auto");
  });

  it("reads the candidate search's pages in the backend, not through an I/O worker", async () => {
    // effective_io_concurrency = 0 on the function (migration 20261129200000_similar_sync_reads).
    const [row] = await t.prisma.$queryRaw<{ proconfig: string[] }[]>`
      SELECT proconfig FROM pg_proc WHERE proname = 'odin_similar_plates'`;
    expect(row?.proconfig).toEqual(
      expect.arrayContaining(["plan_cache_mode=force_generic_plan", "effective_io_concurrency=0"]),
    );
  });
});
