import { INVESTIGATION_LIMITS, SEARCH_SOURCES_HEADER, type TSourceStatus } from "@odin/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isStatementTimeout } from "../src/modules/search/search.service";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const DAY = 86_400_000;
const HARTFORD_AXIS = "Axis:hfd-lpv-01";

/**
 * Issue 36, F17: an 11-year, whole-world area search was accepted and ran 13-16 s; six at once from
 * one user slowed /healthz to 12.4 s. Every investigation now has limits, answered as 400 naming the
 * limit; one user runs at most INVESTIGATIONS_PER_USER at once (429, counted in PostgreSQL); and an
 * investigation's statements stop in PostgreSQL when its source's time is up.
 */
describe("bounded investigations (F17)", () => {
  let t: TestApp;
  /** A second API process on the same database whose sources (and statements) get 1 s. */
  let quick: TestApp;
  let subjects: Record<Persona, string>;
  /** A connection of the test's own that holds `detections` locked, so a scan of it waits. */
  let locker: pg.Client;

  beforeAll(async () => {
    // A source's time far beyond what the tests take, so that no answer depends on the machine's pace.
    t = await buildTestApp({ INVESTIGATIONS_PER_USER: "1", SEARCH_SOURCE_TIMEOUT_MS: "60000" });
    quick = await buildTestApp(
      { INVESTIGATIONS_PER_USER: "1", SEARCH_SOURCE_TIMEOUT_MS: "1000" },
      { replicaOf: t },
    );
    subjects = await seedPersonas(t);
    locker = new pg.Client({ connectionString: t.databaseUrl });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
    await quick?.close();
    await t?.close();
  });

  const post = async (
    url: string,
    body: Record<string, unknown>,
    persona: Persona = "investigator",
    api: TestApp = t,
  ) =>
    api.app.inject({
      method: "POST",
      url,
      headers: { authorization: `Bearer ${await mintToken(api, subjects[persona])}` },
      payload: { justification: "Case 2026-3617: bounded investigations", ...body },
    });
  // One clock reading for both ends: two readings a millisecond apart made a window of 400 days
  // "401" (the limit's message rounds up), now and then.
  const days = (count: number, endAgo = 0) => {
    const end = Date.now() - endAgo;
    return { start_time: new Date(end - count * DAY).toISOString(), end_time: new Date(end).toISOString() };
  };
  const searches = () => t.prisma.auditLog.count({ where: { action: "search" } });
  const message = (res: { json: () => unknown }) =>
    (res.json() as { error: { details?: { message: string }[]; message: string } }).error;

  it("refuses a window or an area past its limit with a 400 that names the limit, auditing nothing", async () => {
    const before = await searches();
    const hartford = { type: "Point", coordinates: [-72.6851, 41.7637], radius_m: 500 };
    const world = {
      type: "Polygon",
      coordinates: [
        [
          [-179, -80],
          [179, -80],
          [179, 80],
          [-179, 80],
          [-179, -80],
        ],
      ],
    };
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [
        "/search/area",
        { area: hartford, ...days(4017) },
        /An area search may cover at most 31 days; this one covers 4,017\./,
      ],
      [
        "/search/area",
        { area: world, ...days(1) },
        /An area may cover at most 10,000 km²; this one covers [\d,]+ km²/,
      ],
      [
        "/search/places",
        {
          places: [
            { cameras: [HARTFORD_AXIS], ...days(1) },
            { area: hartford, ...days(45) },
          ],
        },
        /A place's time window may cover at most 31 days; this one covers 45\./,
      ],
      [
        "/search/companions",
        { plate: "AK47281", ...days(120) },
        /A companions search may cover at most 90 days; this one covers 120\./,
      ],
      [
        "/search/pattern",
        { plate: "AK47281", ...days(400) },
        /A pattern search may cover at most 366 days; this one covers 400\./,
      ],
    ];
    for (const [url, body, expected] of cases) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      const error = message(res);
      expect(JSON.stringify(error.details ?? error.message), url).toMatch(expected);
    }
    // At the limits, accepted.
    const atLimit = await post("/search/area", { area: hartford, ...days(INVESTIGATION_LIMITS.placeDays) });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    expect(await searches()).toBe(before + 1);
  });

  it("runs one investigation of a user at a time across processes (429), and gives the slot back", async () => {
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE detections IN ACCESS EXCLUSIVE MODE");
    let released = false;
    try {
      const first = post("/search/area", { cameras: [HARTFORD_AXIS], ...days(1) });
      // The first one holds its slot (counted in PostgreSQL) while its scan waits for the lock.
      for (;;) {
        const [slot] = await t.prisma.$queryRaw<{ count: number }[]>`
          SELECT count FROM rate_limit_counters WHERE key LIKE 'investigation:user:%'`;
        if (slot?.count === 1) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      // Asked of the other process: the count is PostgreSQL's.
      const second = await post("/search/pattern", { plate: "AK47281", ...days(7) }, "investigator", quick);
      expect(second.statusCode, second.body).toBe(429);
      // When to try again: by then a running one has answered or been stopped (SEARCH_SOURCE_TIMEOUT_MS).
      expect(second.headers["retry-after"]).toBe("1");
      expect(message(second).message).toBe(
        "You already have an investigation running: wait for it to finish, then try again.",
      );
      // Another user is not held back by this one's.
      const other = post("/search/area", { cameras: [HARTFORD_AXIS], ...days(1) }, "admin");
      await locker.query("COMMIT");
      released = true;
      expect((await first).statusCode).toBe(200);
      expect((await other).statusCode).toBe(200);
    } finally {
      if (!released) await locker.query("ROLLBACK");
    }
    const again = await post("/search/pattern", { plate: "AK47281", ...days(7) });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("stops an investigation's statement in PostgreSQL when its time is up: 504 saying to narrow it, audited first", async () => {
    const before = await searches();
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE detections IN ACCESS EXCLUSIVE MODE");
    try {
      // Axis alone asked (its integration named): no source has anything to answer with.
      const res = await post(
        "/search/area",
        { cameras: [HARTFORD_AXIS], agencies: ["hfd-lpv-01"], ...days(1) },
        "investigator",
        quick,
      );
      expect(res.statusCode, `${res.body} ${String(res.headers[SEARCH_SOURCES_HEADER])}`).toBe(504);
      expect(res.json()).toEqual({
        error: {
          code: "UPSTREAM_TIMEOUT",
          message:
            "The search was stopped after 1 s without an answer. Narrow it (a shorter time range, a smaller area or fewer cameras) and try again.",
        },
      });
      // PostgreSQL stops the statement itself while the lock is still held (without the statement
      // timeout it would wait for the lock until the end of the test, and this loop with it).
      for (;;) {
        const [waiting] = await t.prisma.$queryRaw<{ n: bigint }[]>`
          SELECT count(*) AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND query LIKE '%FROM detections%' AND pid <> pg_backend_pid()`;
        if (Number(waiting!.n) === 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      await locker.query("ROLLBACK");
    }
    // The audit row was written before the sources were asked.
    expect(await searches()).toBe(before + 1);
    // With another source that answered, the answer is that source's, and Axis says it ran out of time.
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE detections IN ACCESS EXCLUSIVE MODE");
    try {
      const res = await post("/search/area", { cameras: [HARTFORD_AXIS], ...days(1) }, "admin", quick);
      expect(res.statusCode, res.body).toBe(200);
      const statuses = JSON.parse(res.headers[SEARCH_SOURCES_HEADER] as string) as TSourceStatus[];
      expect(statuses.find((status) => status.source === "Axis")?.status).toBe("timeout");
    } finally {
      await locker.query("ROLLBACK");
    }
  });

  it("names PostgreSQL's statement timeout in words when one source of several is stopped", () => {
    const stopped = Object.assign(
      new Error(
        "Raw query failed. Code: `57014`. Message: `ERROR: canceling statement due to statement timeout`",
      ),
      { code: "P2010", meta: { code: "57014" } },
    );
    expect(isStatementTimeout(stopped)).toBe(true);
    expect(isStatementTimeout(new Error("connection refused"))).toBe(false);
  });
});
