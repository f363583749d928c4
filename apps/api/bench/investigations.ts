/**
 * Investigations beyond one plate (issue 22) on the Axis store the other benches build (1,000,000
 * reads over 90 days at the demo's five Axis integrations, lib/axis-store-fill.ts), through the real
 * API over HTTP as hartford.investigator (who may search three of the five: hfd-lpv-01, hfd-lpv-02 and
 * the shared csp-h-lpv-01), with `agencies` naming those three so only the Axis source answers.
 * Targets (docs/benchmarks.md, "Investigations (issue 22)"):
 *   - POST /search/area, a circle (300 m, 1 km or 3 km) or a polygon around a camera, 1 hour: p95 ≤ 200 ms
 *   - POST /search/places, 3 places (300 m circles), 1 hour each, around 3 reads of one plate: p95 ≤ 500 ms
 *   - POST /search/companions, one of the 500 most-read plates, 30 days, gap 60 s, 3 cameras: p95 ≤ 2 s
 * Before timing, planted vehicles check the answers (a convoy and a series, as in the demo data), and
 * an area search's count is checked against SQL. After timing, each kind's slowest query runs again
 * through the service with its SQL captured, and every statement on `detections` is EXPLAINed.
 *
 *   pnpm --filter @odin/api bench investigations
 *   BENCH_INVESTIGATIONS_ROWS=50000 BENCH_RUNS=3 BENCH_QUERIES=20 pnpm --filter @odin/api exec tsx bench/investigations.ts
 */
import {
  SEARCH_SOURCES_HEADER,
  ZAreaSearchRequest,
  ZCompanionsSearchRequest,
  ZPlacesSearchRequest,
  type TCompanionsSearchResponse,
  type TPlacesSearchResponse,
  type TSearchArea,
  type TSearchResult,
  type TSourceStatus,
} from "@odin/contract";
import { createPrismaClient, PrismaClient } from "@odin/db";
import { PrismaPg } from "@prisma/adapter-pg";
import type { Actor } from "../src/access/actor";
import { createAxisSource } from "../src/sources/axis/axis.source";
import { searchArea, searchCompanions, searchPlaces } from "../src/modules/search/investigations.service";
import type { SearchDeps } from "../src/modules/search/search.service";
import type { TestApp } from "../test/helpers";
import { mintToken, seedPersonas } from "../test/tokens";
import { startBenchApp } from "./lib/app";
import { fillStore, HISTORY_DAYS, sqlOn } from "./lib/axis-store-fill";
import {
  log,
  median,
  printTable,
  prng,
  round,
  runBench,
  summarize,
  type BenchRun,
  type LatencySummary,
} from "./lib/harness";

const ROWS = Number(process.env.BENCH_INVESTIGATIONS_ROWS ?? 1_000_000);
const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 3));
const QUERIES = Number(process.env.BENCH_QUERIES ?? 100);
const WARMUP = 10;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const RANGE_DAYS = 30;
const VISIBLE = ["csp-h-lpv-01", "hfd-lpv-01", "hfd-lpv-02"];
const JUSTIFICATION = "Bench: case 2026-22";

const KINDS = ["area", "places", "companions"] as const;
type Kind = (typeof KINDS)[number];
const TARGETS: Record<Kind, { ms: number; name: string }> = {
  area: { ms: 200, name: "area + 1 hour (p95)" },
  places: { ms: 500, name: "seen at 3 places, 1 hour each (p95)" },
  companions: { ms: 2000, name: "travelling-with over 30 days (p95)" },
};
const PATHS: Record<Kind, string> = {
  area: "/search/area",
  places: "/search/places",
  companions: "/search/companions",
};

interface Camera {
  identifier: string;
  latitude: number;
  longitude: number;
}

interface Planned {
  kind: Kind;
  label: string;
  body: Record<string, unknown>;
}

interface Measured extends Planned {
  run: number;
  ms: number;
  answered: number;
}

const circle = (at: Camera, radius: number): TSearchArea => ({
  type: "Point",
  coordinates: [at.longitude, at.latitude],
  radius_m: radius,
});

/** A square of about `half` metres each side of the camera, as a drawn polygon. */
function square(at: Camera, half: number): TSearchArea {
  const dLat = half / 111_320;
  const dLon = dLat / Math.cos((at.latitude * Math.PI) / 180);
  const { latitude: y, longitude: x } = at;
  return {
    type: "Polygon",
    coordinates: [
      [
        [x - dLon, y - dLat],
        [x + dLon, y - dLat],
        [x + dLon, y + dLat],
        [x - dLon, y + dLat],
      ],
    ],
  };
}

const windowOf = (end: number, ms: number) => ({
  start_time: new Date(end - ms).toISOString(),
  end_time: new Date(end).toISOString(),
});

async function main({ db, writeResult }: BenchRun): Promise<void> {
  let t: TestApp | undefined;
  const session = createPrismaClient(db.url, { poolSize: 1 });
  try {
    t = await startBenchApp(db.url, { LOG_LEVEL: "silent", RATE_LIMIT_PER_MINUTE: "100000" });
    const subjects = await seedPersonas(t);
    const now = Date.now();
    const seeding = await fillStore(session, now, { rows: ROWS });
    const sql = sqlOn(session);
    const cameras = (
      await sql.query<Camera>(
        "SELECT identifier, latitude, longitude FROM axis_integrations WHERE identifier = ANY($1::text[]) ORDER BY identifier",
        [VISIBLE],
      )
    ).rows;
    if (cameras.length !== VISIBLE.length) throw new Error("the demo Axis integrations are missing");

    const token = await mintToken(t, subjects.investigator, { expiresIn: 6 * 3600 });
    const app = t;
    const ask = async (kind: Kind, body: Record<string, unknown>) => {
      const started = performance.now();
      const response = await fetch(`${app.baseUrl}${PATHS[kind]}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ justification: JUSTIFICATION, agencies: VISIBLE, ...body }),
      });
      const text = await response.text();
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`${PATHS[kind]} answered ${response.status}: ${text}`);
      const statuses = JSON.parse(response.headers.get(SEARCH_SOURCES_HEADER) ?? "[]") as TSourceStatus[];
      const axis = statuses.find((status) => status.source === "Axis");
      if (axis?.status !== "ok") throw new Error(`Axis did not answer: ${JSON.stringify(statuses)}`);
      return { ms, answer: JSON.parse(text) as unknown };
    };

    await checkAnswers(app, sql, cameras, now, ask);
    const plan = await planQueries(sql, cameras, now);

    for (const kind of KINDS) {
      for (const planned of plan[kind].slice(0, WARMUP)) await ask(kind, planned.body);
    }
    const all: Measured[] = [];
    const perRun: Record<Kind, LatencySummary[]> = { area: [], places: [], companions: [] };
    for (let run = 0; run < RUNS; run++) {
      for (const kind of KINDS) {
        const batch = plan[kind].slice(WARMUP + run * QUERIES, WARMUP + (run + 1) * QUERIES);
        const measured: Measured[] = [];
        for (const planned of batch) {
          const { ms, answer } = await ask(kind, planned.body);
          measured.push({ ...planned, run, ms, answered: countOf(kind, answer) });
        }
        all.push(...measured);
        perRun[kind].push(summarize(measured.map((m) => m.ms)));
      }
      log(`run ${run + 1}/${RUNS} done`);
    }

    const results = Object.fromEntries(
      KINDS.map((kind) => {
        const mine = all.filter((m) => m.kind === kind);
        return [
          kind,
          {
            p50: round(median(perRun[kind].map((s) => s.p50))),
            p95: round(median(perRun[kind].map((s) => s.p95))),
            p99: round(median(perRun[kind].map((s) => s.p99))),
            runsP95: perRun[kind].map((s) => s.p95),
            pooled: summarize(mine.map((m) => m.ms)),
            answered: summarize(mine.map((m) => m.answered)),
          },
        ];
      }),
    ) as Record<Kind, KindResult>;
    printTable(
      `Investigations over ${ROWS.toLocaleString("en-US")} reads, HTTP, ms per call (median of ${RUNS} runs × ${QUERIES})`,
      KINDS.map((kind) => ({
        query: kind,
        p50: results[kind].p50,
        p95: results[kind].p95,
        p99: results[kind].p99,
        "runs' p95": results[kind].runsP95.join(" / "),
        "answered median": results[kind].answered.p50,
        "answered max": results[kind].answered.max,
      })),
    );

    // The slowest query of each kind again, through the service with the Axis source's SQL captured.
    const investigator = await app.prisma.user.findFirstOrThrow({
      where: { username: "hartford.investigator" },
    });
    const plans: Record<string, { label: string; statements: ExplainedStatement[] }> = {};
    for (const kind of KINDS) {
      const slowest = all.filter((m) => m.kind === kind).sort((a, b) => b.ms - a.ms)[0];
      if (!slowest) continue;
      plans[kind] = {
        label: slowest.label,
        statements: await explain(db.url, app, session, investigator, slowest),
      };
    }
    printTable(
      "Slowest call of each kind: its statements on detections under EXPLAIN (ANALYZE, BUFFERS)",
      Object.entries(plans).flatMap(([kind, explained]) =>
        explained.statements.map((statement, index) => ({
          query: `${kind} #${index + 1}`,
          what: explained.label,
          "EXPLAIN ms": Number(/Execution Time: ([\d.]+)/.exec(statement.plan)?.[1] ?? Number.NaN),
          "shared hit/read": /Buffers: shared (.*)/.exec(statement.plan)?.[1] ?? "",
          indexes: [
            ...new Set([...statement.plan.matchAll(/(?:on|using) (detections_\w+)/g)].map((m) => m[1])),
          ].join(", "),
          BitmapAnd: /BitmapAnd/.test(statement.plan) ? "YES" : "no",
          "Seq Scan": /Seq Scan on detections/.test(statement.plan) ? "YES" : "no",
        })),
      ),
    );
    if (process.env.BENCH_PRINT_PLANS) {
      for (const [kind, explained] of Object.entries(plans)) {
        for (const statement of explained.statements) {
          console.log(
            `\n  ${kind}: ${explained.label}\n    ${statement.sql}\n    -- ${JSON.stringify(statement.params)}`,
          );
          console.log(statement.plan.replace(/^/gm, "    "));
        }
      }
    }

    await writeResult({
      targets: KINDS.map((kind) => ({
        name: TARGETS[kind].name,
        target: `≤ ${TARGETS[kind].ms} ms`,
        measured: `${results[kind].p95} ms (runs ${results[kind].runsP95.join(" / ")})`,
        met: results[kind].p95 <= TARGETS[kind].ms,
      })),
      database: db.kind,
      store: { rows: ROWS, historyDays: HISTORY_DAYS, ...seeding },
      method: {
        via: "HTTP, hartford.investigator, agencies = the 3 Axis integrations it may search",
        runs: RUNS,
        queriesPerKindPerRun: QUERIES,
        warmupPerKind: WARMUP,
        limit: app.config.search.maxResultsPerSource,
      },
      results,
      plans,
    });
  } finally {
    await session.$disconnect();
    await t?.close();
  }
}

interface KindResult {
  p50: number;
  p95: number;
  p99: number;
  runsP95: number[];
  pooled: LatencySummary;
  answered: LatencySummary;
}

function countOf(kind: Kind, answer: unknown): number {
  if (kind === "area") return (answer as TSearchResult[]).length;
  if (kind === "places") return (answer as TPlacesSearchResponse).plates.length;
  return (answer as TCompanionsSearchResponse).target.length;
}

type Ask = (kind: Kind, body: Record<string, unknown>) => Promise<{ ms: number; answer: unknown }>;

/**
 * Plants a convoy (BNCTGT1 and BNCCVY1, 20 s apart at each of the three cameras, four times in the
 * last 30 days, plus a decoy met once) and a series (BNCSRS1 at three cameras on three days), then
 * checks each query finds them first, and an area search's count against SQL.
 */
async function checkAnswers(
  app: TestApp,
  sql: ReturnType<typeof sqlOn>,
  cameras: Camera[],
  now: number,
  ask: Ask,
): Promise<void> {
  const integrations = await app.prisma.axisIntegration.findMany({
    where: { identifier: { in: VISIBLE } },
    include: { axisAgency: true },
  });
  const byIdentifier = new Map(integrations.map((integration) => [integration.identifier, integration]));
  let event = 0;
  const read = (plate: string, camera: Camera, at: number) => {
    const integration = byIdentifier.get(camera.identifier)!;
    return {
      plate,
      plateNormalized: plate,
      plateState: "CT",
      cameraName: integration.label ?? camera.identifier,
      agencyId: integration.axisAgency.agencyId,
      axisIntegrationId: integration.id,
      timestamp: new Date(at),
      latitude: camera.latitude,
      longitude: camera.longitude,
      vendorEventId: `bench-planted-${event++}`,
    };
  };
  const meetings = [3, 9, 15, 21].map((daysAgo, index) => ({
    camera: cameras[index % cameras.length]!,
    at: now - daysAgo * DAY - 5 * HOUR,
  }));
  const series = [2, 5, 8].map((daysAgo, index) => ({
    camera: cameras[index]!,
    at: now - daysAgo * DAY - 3 * HOUR,
  }));
  await app.prisma.detection.createMany({
    data: [
      ...meetings.flatMap(({ camera, at }) => [
        read("BNCTGT1", camera, at),
        read("BNCCVY1", camera, at + 20_000),
      ]),
      read("BNCDCY1", meetings[0]!.camera, meetings[0]!.at + 30_000),
      ...series.map(({ camera, at }) => read("BNCSRS1", camera, at)),
    ],
  });

  const companions = (await ask("companions", { plate: "BNCTGT1", ...windowOf(now, RANGE_DAYS * DAY) }))
    .answer as TCompanionsSearchResponse;
  if (companions.target.length !== meetings.length || companions.companions[0]?.plate !== "BNCCVY1")
    throw new Error(
      `travelling-with missed the planted convoy: ${JSON.stringify(companions.companions.slice(0, 3))}`,
    );
  if (companions.companions.some((companion) => companion.plate === "BNCDCY1"))
    throw new Error("travelling-with kept the decoy met once");

  const places = (
    await ask("places", {
      places: series.map(({ camera, at }) => ({
        area: circle(camera, 300),
        ...windowOf(at + 30 * 60_000, HOUR),
      })),
    })
  ).answer as TPlacesSearchResponse;
  if (places.plates[0]?.plate !== "BNCSRS1" || places.plates[0].places.length !== 3)
    throw new Error(`seen-at-places missed the planted series: ${JSON.stringify(places.plates.slice(0, 3))}`);

  const end = now - 10 * DAY;
  const camera = cameras[0]!;
  const area = (await ask("area", { area: circle(camera, 300), ...windowOf(end, HOUR) }))
    .answer as TSearchResult[];
  const { rows } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM detections d JOIN axis_integrations i ON i.id = d.axis_integration_id
     WHERE i.identifier = ANY($1::text[]) AND d.timestamp BETWEEN $2::timestamptz AND $3::timestamptz
       AND d.latitude = $4 AND d.longitude = $5`,
    [VISIBLE, new Date(end - HOUR), new Date(end), camera.latitude, camera.longitude],
  );
  if (area.length !== rows[0]!.n)
    throw new Error(`area search answered ${area.length} reads, SQL counts ${rows[0]!.n}`);
  log(`answers checked: convoy, decoy, series, and an area hour of ${area.length} reads`);
}

/** Each kind's queries, deterministic (the same every run of the bench). */
async function planQueries(
  sql: ReturnType<typeof sqlOn>,
  cameras: Camera[],
  now: number,
): Promise<Record<Kind, Planned[]>> {
  const random = prng(2026112722);
  const count = WARMUP + RUNS * QUERIES;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const historyEnd = (marginMs: number) => now - random() * (HISTORY_DAYS * DAY - marginMs);

  const area: Planned[] = Array.from({ length: count }, () => {
    const camera = pick(cameras);
    const shape = random();
    const where =
      shape < 0.25
        ? { area: circle(camera, 300), label: "300 m circle" }
        : shape < 0.5
          ? { area: circle(camera, 1000), label: "1 km circle" }
          : shape < 0.75
            ? { area: circle(camera, 3000), label: "3 km circle" }
            : { area: square(camera, 400), label: "800 m square" };
    return {
      kind: "area",
      label: `${where.label} at ${camera.identifier}`,
      body: { area: where.area, ...windowOf(historyEnd(HOUR), HOUR) },
    };
  });

  // A series: three reads of one plate at the visible cameras, each place a 1-hour window holding it.
  const { rows: reads } = await sql.query<{ plate: string; identifier: string; timestamp: Date }>(
    `SELECT p.plate_normalized AS plate, i.identifier, p.timestamp FROM (
       SELECT d.plate_normalized, d.axis_integration_id, d.timestamp,
              row_number() OVER (PARTITION BY d.plate_normalized ORDER BY hashint8(d.id)) AS n,
              count(*) OVER (PARTITION BY d.plate_normalized) AS reads
       FROM detections d JOIN axis_integrations i ON i.id = d.axis_integration_id
       WHERE i.identifier = ANY($1::text[])) p
     JOIN axis_integrations i ON i.id = p.axis_integration_id
     WHERE p.reads >= 3 AND p.n <= 3 ORDER BY hashint8(hashtext(p.plate_normalized)), p.plate_normalized, p.n
     LIMIT $2`,
    [VISIBLE, count * 3],
  );
  const byIdentifier = new Map(cameras.map((camera) => [camera.identifier, camera]));
  const places: Planned[] = [];
  for (let i = 0; i + 2 < reads.length && places.length < count; i += 3) {
    const three = reads.slice(i, i + 3);
    places.push({
      kind: "places",
      label: `3 places of ${three[0]!.plate}`,
      body: {
        places: three.map((read) => ({
          area: circle(byIdentifier.get(read.identifier)!, 300),
          ...windowOf(read.timestamp.getTime() + random() * HOUR, HOUR),
        })),
      },
    });
  }
  if (places.length < count)
    throw new Error(`only ${places.length} plates read 3 times for the places queries`);

  // Travelling-with: the 500 most-read plates at the visible cameras (the daily commuters), 30 days.
  const { rows: frequent } = await sql.query<{ plate: string; reads: number }>(
    `SELECT d.plate_normalized AS plate, count(*)::int AS reads
     FROM detections d JOIN axis_integrations i ON i.id = d.axis_integration_id
     WHERE i.identifier = ANY($1::text[]) GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 500`,
    [VISIBLE],
  );
  const companions: Planned[] = Array.from({ length: count }, () => {
    const plate = pick(frequent);
    return {
      kind: "companions",
      label: `${plate.plate} (${plate.reads} reads in 90 days)`,
      body: {
        plate: plate.plate,
        ...windowOf(historyEnd(RANGE_DAYS * DAY), RANGE_DAYS * DAY),
      },
    };
  });
  return { area, places, companions };
}

interface ExplainedStatement {
  sql: string;
  params: unknown[];
  plan: string;
}

/**
 * Runs the query again through the service (its Axis source on a Prisma client that reports its SQL),
 * then EXPLAIN (ANALYZE, BUFFERS) of every statement it sent to `detections`, with its parameters.
 */
async function explain(
  url: string,
  app: TestApp,
  session: PrismaClient,
  user: Actor["user"],
  measured: Measured,
): Promise<ExplainedStatement[]> {
  const logging = new PrismaClient({
    adapter: new PrismaPg({ connectionString: url, max: 1 }),
    log: [{ emit: "event", level: "query" }],
  });
  const captured: { sql: string; params: unknown[] }[] = [];
  logging.$on("query", (event) => {
    if (/FROM detections|JOIN detections/.test(event.query))
      captured.push({ sql: event.query, params: JSON.parse(event.params) as unknown[] });
  });
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const actor: Actor = {
    user,
    isOwner: false,
    sessionId: null,
    ip: "127.0.0.1",
    requestId: "bench",
    log: quiet,
  };
  const deps: SearchDeps = {
    prisma: app.prisma,
    sources: [createAxisSource(logging)],
    sourceTimeoutMs: 60_000,
    maxResultsPerSource: app.config.search.maxResultsPerSource,
  };
  const body = { justification: JUSTIFICATION, agencies: VISIBLE, ...measured.body };
  try {
    if (measured.kind === "area") await searchArea(deps, actor, ZAreaSearchRequest.parse(body));
    else if (measured.kind === "places") await searchPlaces(deps, actor, ZPlacesSearchRequest.parse(body));
    else await searchCompanions(deps, actor, ZCompanionsSearchRequest.parse(body));
  } finally {
    await logging.$disconnect();
  }
  const out: ExplainedStatement[] = [];
  for (const statement of captured) {
    const { rows } = await sqlOn(session).query<{ "QUERY PLAN": string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
      statement.params,
    );
    out.push({
      sql: statement.sql.replace(/\s+/g, " ").trim(),
      params: statement.params,
      plan: rows.map((row) => row["QUERY PLAN"]).join("\n"),
    });
  }
  return out;
}

runBench("investigations", main);
