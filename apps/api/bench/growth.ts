/**
 * Growth (issue 21, Measure): the Axis store filled to a first size, then on to a second in the same
 * database and the same run, with at each size the exact and partial plate search p95 (the searches
 * and code path of bench/axis-store.ts: createAxisSource(prisma).search, toPlatePattern, all five
 * integrations, the per-source limit, 30-day ranges) and the ingest rate (a burst of a fixed count of
 * Axis LPV events through the real app's POST /ingest/axis/:identifier, from a client process, as
 * bench/axis-ingest.ts pushes them). Target: search p95 at the last size ≤ 2 × at the first.
 *
 * The store grows as a bigger network would: each fill adds vehicles in proportion to its reads
 * (TIERS × reads / 1 M, plates of their own), so a vehicle is read as often at 10 M as at 1 M and an
 * exact search's answer stays the same size; the 90 days of history stay 90 days (the rows get 10×
 * denser per day, as a network with 10× the cameras). The first 1 M are bench/axis-store.ts's store.
 *
 *   pnpm --filter @odin/api bench growth
 *   BENCH_GROWTH_SIZES=50000,500000 BENCH_RUNS=3 BENCH_QUERIES=100 BENCH_GROWTH_INGEST_EVENTS=5000 …
 */
import { randomBytes } from "node:crypto";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { createPrismaClient } from "@odin/db";
import { seedDemoData } from "@odin/db/seed";
import { searchAxisReads, searchReadsByScan } from "../src/sources/axis/axis-detections.repository";
import { createAxisSource, mapAxisDetection } from "../src/sources/axis/axis.source";
import type { TestApp } from "../test/helpers";
import { startBenchApp } from "./lib/app";
import { fillStore, HISTORY_DAYS, sqlOn } from "./lib/axis-store-fill";
import { KINDS, planQueries, timeSearches, type Kind, type PlannedQuery } from "./lib/axis-store-search";
import { startChild, type BenchChild } from "./lib/child";
import { log, median, printTable, round, runBench, seconds, summarize, type BenchRun } from "./lib/harness";
import type { FromClient, ToClient } from "./lib/ingest-protocol";

const SIZES = (process.env.BENCH_GROWTH_SIZES ?? "1000000,10000000").split(",").map(Number);
const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 3));
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const WARMUP = 20;
const INGEST_EVENTS = Number(process.env.BENCH_GROWTH_INGEST_EVENTS ?? 20_000);
const WARMUP_EVENTS = Math.min(1000, INGEST_EVENTS);
const CONCURRENCY = Number(process.env.BENCH_INGEST_CONCURRENCY ?? 48);
const BASE_READS = 1_000_000;
/** The first page of a paged answer: SEARCH_PAGE_SIZE's default. */
const PAGE_SIZE = Number(process.env.BENCH_GROWTH_PAGE_SIZE ?? 500);

const TARGET_RATIO = 2;
const TARGET_EXACT_P95 = 50;
const TARGET_PARTIAL_P95 = 150;
const TARGET_EVENTS_PER_SECOND = 2000;

if (SIZES.length < 2 || SIZES.some((size, i) => !Number.isInteger(size) || size <= (SIZES[i - 1] ?? 0)))
  throw new Error(`BENCH_GROWTH_SIZES must be two or more growing whole numbers, not ${SIZES.join(",")}`);

interface SizeFigures {
  reads: number;
  fill: { rows: number; vehicles: number; seconds: number; readsPerSecond: number; detail: unknown };
  search: Record<Kind, { p50: number; p95: number; p99: number; rowsMedian: number; atLimit: number }>;
  /** Substring and wildcard together, p95 of each run, and their median: bench/axis-store.ts's target. */
  partialP95PerRun: number[];
  exactP95: number;
  partialP95: number;
  /** The same partial searches by the scan of every read (before issue 21): p95, median of the runs. */
  partialScanP95: number;
  /** The same partial searches' first page of PAGE_SIZE (issue 21 item 3): p95, median of the runs. */
  partialFirstPageP95: number;
  /** That first page with every candidate plate probed at once (searchPartial before it stopped early). */
  partialFirstPageEveryCandidateP95: number;
  /** Per partial search's first page (the last run's): candidate plates found, and how many were probed. */
  firstPageProbes: {
    candidatesMedian: number;
    candidatesP95: number;
    probedMedian: number;
    probedP95: number;
  };
  ingest: {
    events: number;
    eventsPerSecond: number;
    statuses: Record<string, number>;
    rowsBefore: number;
    rowsAfter: number;
    clientP95Ms: number;
  };
}

async function main({ db, writeResult }: BenchRun): Promise<void> {
  const session = createPrismaClient(db.url, { poolSize: 1 });
  let client: BenchChild<ToClient, FromClient> | undefined;
  let t: TestApp | undefined;
  try {
    const now = Date.now();
    const secretsKey = randomBytes(32);
    // The app (for its config and the seed) is started only around each ingest burst: no job of
    // its own runs while the store is filled.
    t = await startBenchApp(db.url, { DETECTION_RETENTION_DAYS: "120" }, { secretsKey });
    await seedDemoData(t.prisma, { encryptSecret: t.secrets.encrypt });
    const limit = t.config.search.maxResultsPerSource;
    const poolSize = t.config.databasePoolSize;
    await t.close();
    t = undefined;

    client = startChild<ToClient, FromClient>("ingest-client.ts");
    const ready = await client.request(
      {
        type: "prepare",
        baseUrl: "http://127.0.0.1:1",
        now,
        eventsPerRun: INGEST_EVENTS,
        // One run per size, then one per size for the warm-up pass before it.
        runs: 2 * SIZES.length,
        concurrency: CONCURRENCY,
        integrations: DEMO_AGENCIES.flatMap((agency) => agency.axis).map((axis) => ({
          identifier: axis.identifier,
          token: axis.ingestToken,
        })),
      },
      "ready",
    );
    log(
      `ingest client ready: ${ready.events.toLocaleString("en-US")} events in ${seconds(ready.generateMs)}`,
    );

    const figures: SizeFigures[] = [];
    let filled = 0;
    let vehicleOffset = 0;
    for (const [index, size] of SIZES.entries()) {
      const rows = size - filled;
      const vehicleScale = rows / BASE_READS;
      log(`filling ${rows.toLocaleString("en-US")} reads (to ${size.toLocaleString("en-US")})`);
      const t0 = performance.now();
      const detail = await fillStore(session, now, { rows, from: filled, vehicleScale, vehicleOffset });
      const fillSeconds = (performance.now() - t0) / 1000;
      filled = size;
      vehicleOffset += detail.vehicles;

      const prisma = createPrismaClient(db.url, { poolSize });
      let search: Awaited<ReturnType<typeof timeSearches>>;
      let firstPageProbes: SizeFigures["firstPageProbes"];
      try {
        const source = createAxisSource(prisma);
        const targets = [...(await source.searchable({ agency: "all" })).values()];
        if (targets.length !== 5) throw new Error(`expected 5 Axis integrations, found ${targets.length}`);
        const settings = { runs: RUNS, queries: QUERIES, warmup: WARMUP, limit };
        // The reference: the same partial searches as the one statement over every read that answered
        // them before issue 21 (searchReadsByScan), in the same store and run.
        const scan = (query: Parameters<typeof searchReadsByScan>[1]) =>
          searchReadsByScan(prisma, query, targets);
        // And the first page of a paged answer (issue 21 item 3): what POST /search-data with
        // page_size asks the Axis source for, its newest page_size + 1 reads.
        const firstPage = (query: Parameters<typeof searchReadsByScan>[1]) =>
          source.search({ ...query, limit: PAGE_SIZE + 1 }, targets, new AbortController().signal);
        // The same first page with every candidate plate probed in one batch: searchPartial as it was
        // before it probed newest bound first and stopped early, in the same store and run.
        const firstPageEveryCandidate = async (query: Parameters<typeof searchReadsByScan>[1]) =>
          (
            await searchAxisReads(prisma, { ...query, limit: PAGE_SIZE + 1 }, targets, {
              partialFirstBatch: Number.POSITIVE_INFINITY,
            })
          ).map(mapAxisDetection);
        const plan = await planQueries(session, now, settings);
        search = await timeSearches(source, targets, plan, settings, {
          scan,
          firstPage,
          firstPageEveryCandidate,
        });
        // Untimed: how many candidate plates each first page found and probed (the last run's searches).
        const probes: { candidates: number; probed: number }[] = [];
        const lastRun = WARMUP + (RUNS - 1) * QUERIES;
        const ofLastRun = (planned: PlannedQuery[]) => planned.slice(lastRun, lastRun + QUERIES);
        for (const planned of [...ofLastRun(plan.substring), ...ofLastRun(plan.wildcard)]) {
          await searchAxisReads(prisma, { ...planned.query, limit: PAGE_SIZE + 1 }, targets, {
            onPartialProbes: (p) => probes.push(p),
          });
        }
        const candidates = summarize(probes.map((p) => p.candidates));
        const probed = summarize(probes.map((p) => p.probed));
        firstPageProbes = {
          candidatesMedian: candidates.p50,
          candidatesP95: candidates.p95,
          probedMedian: probed.p50,
          probedP95: probed.p95,
        };
      } finally {
        await prisma.$disconnect();
      }
      const partial = search.all.filter((m) => m.kind === "substring" || m.kind === "wildcard");
      const partialP95PerRun = Array.from(
        { length: RUNS },
        (_, run) => summarize(partial.filter((m) => m.run === run).map((m) => m.ms)).p95,
      );
      const byKind = Object.fromEntries(
        KINDS.map((kind) => {
          const measured = search.all.filter((m) => m.kind === kind);
          const perRun = search.runs[kind];
          return [
            kind,
            {
              p50: round(median(perRun.map((r) => r.summary.p50))),
              p95: round(median(perRun.map((r) => r.summary.p95))),
              p99: round(median(perRun.map((r) => r.summary.p99))),
              rowsMedian: summarize(measured.map((m) => m.rows)).p50,
              atLimit: measured.filter((m) => m.rows >= limit).length,
            },
          ];
        }),
      ) as SizeFigures["search"];

      // A burst of INGEST_EVENTS new events through the real app, on the store as it now is.
      t = await startBenchApp(db.url, { DETECTION_RETENTION_DAYS: "120" }, { secretsKey });
      const count = async () =>
        Number(
          (await sqlOn(session).query<{ n: bigint }>("SELECT count(*) AS n FROM detections")).rows[0]!.n,
        );
      // A warm-up pass first (a fresh process: connections, the JIT), events of their own.
      await client.request(
        { type: "push", run: SIZES.length + index, count: WARMUP_EVENTS, baseUrl: t.baseUrl },
        "pushed",
      );
      const rowsBefore = await count();
      const pushed = await client.request({ type: "push", run: index, baseUrl: t.baseUrl }, "pushed");
      const rowsAfter = await count();
      await t.close();
      t = undefined;

      const figure: SizeFigures = {
        reads: size,
        fill: {
          rows,
          vehicles: detail.vehicles,
          seconds: round(fillSeconds),
          readsPerSecond: Math.round(rows / fillSeconds),
          detail,
        },
        search: byKind,
        partialP95PerRun,
        exactP95: byKind.exact.p95,
        partialP95: round(median(partialP95PerRun)),
        partialScanP95: round(median(search.referenceP95PerRun.scan!)),
        partialFirstPageP95: round(median(search.referenceP95PerRun.firstPage!)),
        partialFirstPageEveryCandidateP95: round(median(search.referenceP95PerRun.firstPageEveryCandidate!)),
        firstPageProbes,
        ingest: {
          events: pushed.events,
          eventsPerSecond: Math.round(pushed.events / (pushed.elapsedMs / 1000)),
          statuses: pushed.statuses,
          rowsBefore,
          rowsAfter,
          clientP95Ms: pushed.latency.p95,
        },
      };
      figures.push(figure);
      log(
        `${size.toLocaleString("en-US")} reads: filled in ${seconds(fillSeconds * 1000)} (${figure.fill.readsPerSecond} reads/s), ` +
          `exact p95 ${figure.exactP95} ms, partial p95 ${figure.partialP95} ms (by scan ${figure.partialScanP95} ms, first page ${figure.partialFirstPageP95} ms, probing every candidate ${figure.partialFirstPageEveryCandidateP95} ms; plates probed median ${firstPageProbes.probedMedian} of ${firstPageProbes.candidatesMedian}, p95 ${firstPageProbes.probedP95} of ${firstPageProbes.candidatesP95}), ingest ${figure.ingest.eventsPerSecond} events/s`,
      );
    }

    printTable(
      `Growth: median of ${RUNS} runs × ${QUERIES} queries per kind; ingest bursts of ${INGEST_EVENTS} events, ${CONCURRENCY} in flight`,
      figures.map((f) => ({
        reads: f.reads,
        "fill s": f.fill.seconds,
        "exact p95 ms": f.exactP95,
        "substring p95": f.search.substring.p95,
        "wildcard p95": f.search.wildcard.p95,
        "partial p95 ms": f.partialP95,
        "partial by scan p95": f.partialScanP95,
        [`partial first ${PAGE_SIZE} p95`]: f.partialFirstPageP95,
        "same, every candidate": f.partialFirstPageEveryCandidateP95,
        "plates probed p95": f.firstPageProbes.probedP95,
        "candidates p95": f.firstPageProbes.candidatesP95,
        "equality p95": f.search["exact-equality"].p95,
        "exact rows median": f.search.exact.rowsMedian,
        "partial at limit": f.search.substring.atLimit + f.search.wildcard.atLimit,
        "ingest events/s": f.ingest.eventsPerSecond,
        "rows added": f.ingest.rowsAfter - f.ingest.rowsBefore,
      })),
    );

    const first = figures[0]!;
    const last = figures[figures.length - 1]!;
    const ratio = (a: number, b: number) => round(a / b, 2);
    const exactRatio = ratio(last.exactP95, first.exactP95);
    const partialRatio = ratio(last.partialP95, first.partialP95);
    const scanRatio = ratio(last.partialScanP95, first.partialScanP95);
    const firstPageRatio = ratio(last.partialFirstPageP95, first.partialFirstPageP95);
    const everyCandidateRatio = ratio(
      last.partialFirstPageEveryCandidateP95,
      first.partialFirstPageEveryCandidateP95,
    );
    const size = (reads: number) =>
      reads >= 1_000_000 ? `${reads / 1_000_000} M` : `${reads.toLocaleString("en-US")}`;
    await writeResult({
      targets: [
        {
          name: `exact plate p95, ${size(last.reads)} / ${size(first.reads)} reads`,
          target: `≤ ${TARGET_RATIO}`,
          measured: `${exactRatio} (${last.exactP95} ms / ${first.exactP95} ms)`,
          met: exactRatio <= TARGET_RATIO,
        },
        {
          name: `partial plate p95, ${size(last.reads)} / ${size(first.reads)} reads`,
          target: `≤ ${TARGET_RATIO}`,
          measured: `${partialRatio} (${last.partialP95} ms / ${first.partialP95} ms)`,
          met: partialRatio <= TARGET_RATIO,
        },
        {
          name: `partial plate, first page of ${PAGE_SIZE} (page_size) p95, ${size(last.reads)} / ${size(first.reads)} reads`,
          target: `≤ ${TARGET_RATIO}`,
          measured: `${firstPageRatio} (${last.partialFirstPageP95} ms / ${first.partialFirstPageP95} ms)`,
          met: firstPageRatio <= TARGET_RATIO,
        },
        ...figures.flatMap((f) => [
          {
            name: `exact plate + 30-day range p95 at ${size(f.reads)} reads`,
            target: `≤ ${TARGET_EXACT_P95} ms`,
            measured: `${f.exactP95} ms`,
            met: f.exactP95 <= TARGET_EXACT_P95,
          },
          {
            name: `partial plate p95 at ${size(f.reads)} reads`,
            target: `≤ ${TARGET_PARTIAL_P95} ms`,
            measured: `${f.partialP95} ms`,
            met: f.partialP95 <= TARGET_PARTIAL_P95,
          },
          {
            name: `Axis ingest burst at ${size(f.reads)} reads, all stored`,
            target: `≥ ${TARGET_EVENTS_PER_SECOND} events/s, ${f.ingest.events} rows added`,
            measured: `${f.ingest.eventsPerSecond} events/s, ${f.ingest.rowsAfter - f.ingest.rowsBefore} rows added`,
            met:
              f.ingest.eventsPerSecond >= TARGET_EVENTS_PER_SECOND &&
              f.ingest.statuses["201"] === f.ingest.events &&
              f.ingest.rowsAfter - f.ingest.rowsBefore === f.ingest.events,
          },
        ]),
      ],
      database: db.kind,
      method: {
        sizes: SIZES,
        historyDays: HISTORY_DAYS,
        vehicles: "TIERS × (reads added / 1 M) per fill, plates of their own: reads per vehicle constant",
        source: "createAxisSource(prisma).search(query, all 5 integrations, signal), as bench/axis-store.ts",
        limit,
        firstPage: `the same partial searches with limit ${PAGE_SIZE} + 1, as a paged answer's first page asks`,
        runs: RUNS,
        queriesPerKindPerRun: QUERIES,
        warmupPerKind: WARMUP,
        poolSize,
        ingest: {
          events: INGEST_EVENTS,
          warmupEvents: WARMUP_EVENTS,
          concurrency: CONCURRENCY,
          client: "bench/ingest-client.ts in a process of its own, no pictures",
          app: "the real app (startBenchApp), started after the fill, stopped after the burst",
        },
      },
      sizes: figures,
      ratios: {
        exactP95: exactRatio,
        partialP95: partialRatio,
        partialScanP95: scanRatio,
        partialFirstPageP95: firstPageRatio,
        partialFirstPageEveryCandidateP95: everyCandidateRatio,
      },
    });
  } finally {
    await client?.stop();
    await t?.close();
    await session.$disconnect();
  }
}

runBench("growth", main);
