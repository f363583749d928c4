import {
  MESSAGES,
  SEARCH_NEXT_PAGE_HEADER,
  SEARCH_SOURCES_HEADER,
  type SourceProgram,
  type TSearchResult,
} from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  byTimeThenKey,
  createPageCursors,
  cutPage,
  pageAsk,
  resultKey,
  type PagePosition,
} from "../src/modules/search/search-pages";
import { recordRemotePlates } from "../src/sources/distinct-plates.repository";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

/**
 * Paged search answers (issue 21 item 3): the pages, put together, are the unpaged answer, in the
 * same order, with nothing lost or repeated (ties at one instant included); the cursor is bound to
 * the user, the search and its parameters; a next page writes no audit row of its own.
 */

const PROGRAMS: SourceProgram[] = ["Rekor", "Axon", "Axis"];

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const read = (program: SourceProgram, id: string, time: number): TSearchResult => ({
  source_program: program,
  id,
  timestamp: new Date(time).toISOString(),
  plate: "AB123",
});

/** A source as every adapter behaves: its newest `limit` reads up to `end` (inclusive), newest first. */
const answerOf = (reads: TSearchResult[], end: Date, limit: number) =>
  reads
    .filter((result) => Date.parse(result.timestamp) <= end.getTime())
    .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp))
    .slice(0, limit);

describe("paging across sources (search-pages.ts)", () => {
  it("gives, page after page, the unpaged answer: every read once, newest first, ties kept", () => {
    const next = random(21);
    for (let round = 0; round < 60; round++) {
      const pageSize = [1, 2, 3, 5, 8, 50][round % 6]!;
      const maxPerSource = [1000, 7, 20][round % 3]!;
      const base = Date.UTC(2026, 10, 1);
      // Few distinct instants, so many reads share one (cameras in one second, one millisecond).
      const stores = new Map<SourceProgram, TSearchResult[]>(
        PROGRAMS.map((program) => [
          program,
          Array.from({ length: Math.floor(next() * 40) }, (_, index) =>
            read(program, `${program[0]}${index}`, base + Math.floor(next() * 12) * 1000),
          ),
        ]),
      );
      const expected = PROGRAMS.flatMap((program) =>
        answerOf(stores.get(program)!, new Date(base + 1e9), 1e9)
          .sort(byTimeThenKey)
          .slice(0, maxPerSource),
      ).sort(byTimeThenKey);

      const collected: TSearchResult[] = [];
      let position: PagePosition | null = null;
      for (let pages = 0; pages < 500; pages++) {
        const answers = PROGRAMS.map((program) => {
          const ask = pageAsk(program, pageSize, maxPerSource, position, new Date(base + 1e9));
          return {
            program,
            asked: ask.limit,
            results: ask.limit === undefined ? [] : answerOf(stores.get(program)!, ask.end, ask.limit),
            failed: false,
          };
        });
        const { page, next: after } = cutPage(answers, pageSize, maxPerSource, position);
        expect(page.length).toBeLessThanOrEqual(pageSize);
        collected.push(...page);
        if (!after) break;
        position = after;
      }
      const context = `round ${round}, page size ${pageSize}, limit ${maxPerSource}`;
      expect(new Set(collected.map(resultKey)).size, context).toBe(collected.length);
      // The same reads; newest first across pages. Within one instant a source's LIMIT may keep any of
      // its reads, so a tie cut by a page boundary can come in another order, never twice or not at all.
      expect(collected.map(resultKey).sort(), context).toEqual(expected.map(resultKey).sort());
      const times = collected.map((result) => Date.parse(result.timestamp));
      expect(times, context).toEqual([...times].sort((a, b) => b - a));
    }
  });

  it("stops asking a source that failed, and ends when no source has more", () => {
    const base = Date.UTC(2026, 10, 1);
    const rekor = [read("Rekor", "r1", base + 3000), read("Rekor", "r2", base + 2000)];
    const first = cutPage(
      [
        { program: "Rekor", asked: 3, results: rekor, failed: false },
        { program: "Axon", asked: 3, results: [], failed: true },
        { program: "Axis", asked: undefined, results: [], failed: false },
      ],
      2,
      100,
      null,
    );
    expect(first.page.map(resultKey)).toEqual(["Rekor:r1", "Rekor:r2"]);
    // Rekor gave fewer than asked and all of it is shown; Axon failed; Axis was not asked.
    expect(first.next).toBeNull();
  });
});

describe("page cursors", () => {
  const position: PagePosition = { t: "2026-11-01T00:00:00.000Z", k: ["Axis:1"], n: { Axis: 1 }, d: [] };
  const bind = { auditId: 7, userId: 3, paramsHash: "h1" };

  it("opens for the same user and search, and for nobody else, nothing else and not after an hour", () => {
    let clock = Date.UTC(2026, 10, 27);
    const cursors = createPageCursors("k".repeat(64), () => clock);
    const cursor = cursors.seal(position, bind);
    expect(cursors.open(cursor, { userId: 3, paramsHash: "h1" })).toEqual({ auditId: 7, ...position });
    expect(cursors.open(cursor, { userId: 4, paramsHash: "h1" })).toBeNull();
    expect(cursors.open(cursor, { userId: 3, paramsHash: "h2" })).toBeNull();
    const [prefix, body, signature] = cursor.split(".");
    const altered = Buffer.from(
      Buffer.from(body!, "base64url").toString("utf8").replace('"u":3', '"u":4'),
    ).toString("base64url");
    expect(cursors.open(`${prefix}.${altered}.${signature}`, { userId: 4, paramsHash: "h1" })).toBeNull();
    expect(
      createPageCursors("x".repeat(64), () => clock).open(cursor, { userId: 3, paramsHash: "h1" }),
    ).toBeNull();
    clock += 61 * 60_000;
    expect(cursors.open(cursor, { userId: 3, paramsHash: "h1" })).toBeNull();
  });
});

describe("POST /search-data with page_size, and POST /search-data/next", () => {
  let t: TestApp;
  let subjects: Record<Persona, string>;
  const now = Date.now();
  const HOUR = 3_600_000;

  beforeAll(async () => {
    t = await buildTestApp();
    subjects = await seedPersonas(t);
    const integration = await t.prisma.axisIntegration.findFirstOrThrow({
      where: { identifier: "hfd-lpv-01" },
      include: { axisAgency: true },
    });
    const reads = [1, 2, 3, 3, 3, 4, 5, 6, 7].map((hoursAgo, index) => ({
      plate: `PG${index}100`,
      plateNormalized: `PG${index}100`,
      plateState: "CT",
      cameraName: "hfd-lpv-01 camera",
      agencyId: integration.axisAgency.agencyId,
      axisIntegrationId: integration.id,
      // Three reads at one instant: a page boundary falls among them.
      timestamp: new Date(now - hoursAgo * HOUR),
      latitude: 41.76,
      longitude: -72.68,
      vendorEventId: `paged-${index}`,
    }));
    await t.prisma.detection.createMany({ data: reads });
    await recordRemotePlates(t.prisma, reads, "axis_reads", { counted: true });
  });
  afterAll(() => t?.close());

  const body = (extra: Record<string, unknown> = {}) => ({
    plate: "PG*",
    justification: "Case 2026-221: paged search",
    start_time: new Date(now - 24 * HOUR).toISOString(),
    end_time: new Date(now).toISOString(),
    agencies: ["hfd-lpv-01"],
    ...extra,
  });
  const post = async (url: string, payload: object, persona: Persona = "investigator") =>
    t.app.inject({
      method: "POST",
      url,
      headers: { authorization: `Bearer ${await mintToken(t, subjects[persona])}` },
      payload,
    });
  const searches = () => t.prisma.auditLog.count({ where: { action: "search" } });

  it("answers page after page with the unpaged answer, and writes one audit row for them all", async () => {
    const whole = await post("/search-data", body());
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.headers[SEARCH_NEXT_PAGE_HEADER]).toBeUndefined();
    const unpaged = whole.json<TSearchResult[]>();
    expect(unpaged).toHaveLength(9);

    const before = await searches();
    const pages: TSearchResult[][] = [];
    let res = await post("/search-data", body({ page_size: 2 }));
    for (;;) {
      expect(res.statusCode, res.body).toBe(200);
      pages.push(res.json<TSearchResult[]>());
      const statuses = JSON.parse(res.headers[SEARCH_SOURCES_HEADER] as string);
      expect(statuses.find((status: { source: string }) => status.source === "Axis")?.count).toBe(
        pages.at(-1)!.length,
      );
      const cursor = res.headers[SEARCH_NEXT_PAGE_HEADER] as string | undefined;
      if (!cursor) break;
      res = await post("/search-data/next", body({ page_size: 2, cursor }));
    }
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 2, 1]);
    expect(pages.flat().map((result) => result.id)).toEqual(unpaged.map((result) => result.id));
    // Every page's results can be exported: each carries its signed reference.
    expect(pages.flat().every((result) => typeof result.ref === "string")).toBe(true);
    expect(await searches()).toBe(before + 1);
  });

  it("refuses a cursor of another user, of other parameters, altered or missing, with one clear message", async () => {
    const first = await post("/search-data", body({ page_size: 2 }));
    const cursor = first.headers[SEARCH_NEXT_PAGE_HEADER] as string;
    expect(cursor).toBeTruthy();
    const refusals = [
      await post("/search-data/next", body({ page_size: 2, cursor }), "admin"),
      await post("/search-data/next", body({ page_size: 2, cursor, plate: "PG1*" })),
      await post("/search-data/next", body({ page_size: 3, cursor })),
      await post("/search-data/next", body({ page_size: 2, cursor: `${cursor}x` })),
      await post("/search-data/next", body({ page_size: 2 })),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.message).toBe(MESSAGES.searchPageCursorInvalid);
    }
  });

  it("answers a Similar search whole, page_size or not (it ranks by differences, not time)", async () => {
    const res = await post("/search-data", body({ plate: "PG1100", match: "similar", page_size: 1 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[SEARCH_NEXT_PAGE_HEADER]).toBeUndefined();
    expect(res.json<TSearchResult[]>().length).toBeGreaterThan(1);
  });
});
