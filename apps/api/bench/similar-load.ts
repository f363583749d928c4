/**
 * Issue 42 (Measure): Similar against the peer (ALPR-Database's fuzzy search) on a store filled in
 * arrival order, with 16 users of one agency searching. Unlike bench/similar.ts (a generated store, bulk
 * insert + index build, one search at a time at the SQL level):
 *
 * - the store is filled through the real ingest path in arrival order (lib/arrival-fill.ts: reads
 *   oldest first through createDetectionWriter, the statement that keeps `distinct_plates`, and the
 *   skeleton-index job's work beside it), then ANALYZE as autovacuum would run it;
 * - Odin runs as a process of its own (NODE_ENV=production) and 16 users of Hartford, signed in for
 *   real (lib/search-users.ts, as bench/search-load.ts), search over HTTP at once, each as themself:
 *   Similar searches of misreads in the issue-19 classes (lib/similar-data.ts) of plates Hartford's
 *   cameras read in the 30-day range searched, the cases in turn;
 * - the peer's queries (lib/peer-search.ts, the same as bench/similar.ts) run one at a time on a
 *   connection of their own, in the same run, WHILE the 16 users load the server: every misread by the
 *   peer's filter alone, and every AS_RUN_EVERY-th round of the five classes also as the peer runs it
 *   (count + first page). The load lasts until the peer has been through every misread (at least
 *   BENCH_SIMILAR_LOAD_SECONDS). Both sides therefore see the same machine and the same background
 *   load; Odin is timed over HTTP end to end (sign-in token check, audit row, signed references, JSON),
 *   the peer at the SQL level (no HTTP, no audit): a choice that favours the peer.
 *
 * Per misread class: Odin's p50/p95 under the load, the peer's filter alone and as it runs, the ratios,
 * and recall (the true plate among the answers; for the peer as it runs, on its first page). Also:
 * Odin's searches/s and CPU per search (the API process; PostgreSQL without the peer's backend), and
 * the CPU of the peer's backend per search, filter alone and as run, set against Odin's (Node +
 * PostgreSQL): the ratio that does not move with the machine's other load or the users' queueing.
 *
 *   pnpm --filter @odin/api bench similar-load
 *   BENCH_SIMILAR_LOAD_ROWS=200000 BENCH_SIMILAR_LOAD_MISREADS=250 BENCH_SIMILAR_LOAD_USERS=16 …
 *   BENCH_SIMILAR_LOAD_API_COMMIT=<commit>   the API of that commit (git archive), not the working tree's
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createPrismaClient } from "@odin/db";
import { findFreePort } from "@odin/db/embedded";
import { fillInArrivalOrder } from "./lib/arrival-fill";
import { sqlOn } from "./lib/axis-store-fill";
import { clusterCpu, machineCpuMs, processCpuMs } from "./lib/cpu";
import { log, mean, printTable, prng, round, runBench, summarize, type BenchRun } from "./lib/harness";
import { extractApiAt, startOdinProcess } from "./lib/odin-process";
import { createPeerTables, peerAsRun, peerFilter } from "./lib/peer-search";
import {
  agencyIdOf,
  createSearchers,
  hartford,
  searchableCameras,
  searchApiEnvironment,
  searchOverHttp,
  signInSearchers,
} from "./lib/search-users";
import { CLASSES, misread, type MisreadClass } from "./lib/similar-data";

const ROWS = Number(process.env.BENCH_SIMILAR_LOAD_ROWS ?? 1_000_000);
const MISREADS = Number(process.env.BENCH_SIMILAR_LOAD_MISREADS ?? 500);
const USERS = Number(process.env.BENCH_SIMILAR_LOAD_USERS ?? 16);
/** The load lasts at least this long, and until the peer has run every misread. */
const MIN_SECONDS = Number(process.env.BENCH_SIMILAR_LOAD_SECONDS ?? 30);
const WARMUP_SECONDS = Number(process.env.BENCH_SIMILAR_LOAD_WARMUP_SECONDS ?? 5);
/** The peer as it runs (count + first page) scans every read twice: every AS_RUN_EVERY-th round. */
const AS_RUN_EVERY = Number(process.env.BENCH_SIMILAR_LOAD_AS_RUN_EVERY ?? 5);
const RANGE_DAYS = 30;
const DAY = 86_400_000;
const TARGET_FILTER = 100;
const TARGET_AS_RUN = 300;
/** Run the API of that commit (git archive, lib/odin-process.ts) instead of the working tree's. */
const API_COMMIT = process.env.BENCH_SIMILAR_LOAD_API_COMMIT;

interface Case {
  kind: MisreadClass;
  truth: string;
  typed: string;
  body: string;
}

async function main({ db, writeResult }: BenchRun): Promise<void> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), "odin-bench-similar-load-"));
  const session = createPrismaClient(db.url, { poolSize: 1 });
  const ingest = createPrismaClient(db.url, { poolSize: 4 });
  // The peer's statements on a connection of their own, so its backend's CPU can be told apart.
  const peer = createPrismaClient(db.url, { poolSize: 1 });
  let child: ChildProcess | undefined;
  try {
    const port = await findFreePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const loadAtStart = os.loadavg().map((value) => round(value, 1));
    // The API first: it migrates and seeds the demo (Hartford, its cameras and hotlist).
    ({ child } = await startOdinProcess(
      "(similar-load)",
      searchApiEnvironment({
        port,
        databaseUrl: db.url,
        secretsKey: randomBytes(32).toString("hex"),
        filesDir: path.join(scratch, "files"),
        publicUrl,
        first: true,
      }),
      {
        onSpawn: (spawned) => (child = spawned),
        ...(API_COMMIT ? { cwd: extractApiAt(API_COMMIT, scratch) } : {}),
      },
    ));

    const now = Date.now();
    const rand = prng(42);
    const fill = await fillInArrivalOrder(ingest, { rows: ROWS, now, rand });
    const ta = performance.now();
    await sqlOn(session).execute("ANALYZE detections");
    await sqlOn(session).execute("ANALYZE distinct_plates");
    await sqlOn(session).execute("ANALYZE skeleton_variants");
    log(`ANALYZE in ${round((performance.now() - ta) / 1000)} s`);
    const [sizes] = await session.$queryRaw<{ detections_mb: number; plates_mb: number }[]>`
      SELECT round(sum(pg_total_relation_size(relid)) / 1048576.0)::float8 AS detections_mb,
             round(pg_total_relation_size('distinct_plates') / 1048576.0)::float8 AS plates_mb
      FROM pg_partition_tree('detections') WHERE isleaf`;
    await createPeerTables(session);

    const agencyId = await agencyIdOf(session, hartford.name);
    const usernames = await createSearchers(session, agencyId, USERS);
    const cameras = await searchableCameras(session, agencyId);
    const tokens = await signInSearchers(publicUrl, usernames);

    // Misreads of plates Hartford's cameras read within the range searched.
    const start = new Date(now - RANGE_DAYS * DAY);
    const end = new Date(now);
    const { rows: recent } = await sqlOn(session).query<{ plate: string }>(
      `SELECT DISTINCT d.plate_normalized AS plate FROM detections d
       JOIN axis_integrations i ON i.id = d.axis_integration_id
       WHERE d.timestamp >= $1 AND d.timestamp <= $2 AND i.identifier = ANY($3::text[])
       ORDER BY 1 LIMIT 20000`,
      [start, end, cameras],
    );
    const cases: Case[] = [];
    for (let i = 0; cases.length < MISREADS && i < MISREADS * 50; i++) {
      const kind = CLASSES[cases.length % CLASSES.length]!;
      const truth = recent[Math.floor(rand() * recent.length)]!.plate;
      const typed = misread(truth, kind, rand);
      if (!typed || typed === truth) continue;
      const body = JSON.stringify({
        plate: typed,
        match: "similar",
        justification: "Benchmark: Similar against the peer under load (issue 42)",
        start_time: start.toISOString(),
        end_time: end.toISOString(),
        agencies: cameras,
      });
      cases.push({ kind, truth, typed, body });
    }
    log(
      `${cases.length} misreads of ${recent.length} plates read by Hartford's cameras in ${RANGE_DAYS} days`,
    );

    // Odin: USERS users searching the cases in turn until told to stop.
    interface OdinSearch {
      index: number;
      ms: number;
      status: number;
      hit: boolean;
    }
    let next = 0;
    let stopping = false;
    let recording = false;
    const searches: OdinSearch[] = [];
    const user = async (token: string) => {
      while (!stopping) {
        const index = next++ % cases.length;
        const c = cases[index]!;
        const t0 = performance.now();
        const answer = await searchOverHttp(publicUrl, token, c.body);
        const ms = performance.now() - t0;
        if (!recording) continue;
        const plates =
          answer.status === 200 ? (JSON.parse(answer.text) as { plate: string }[]).map((r) => r.plate) : [];
        searches.push({ index, ms, status: answer.status, hit: plates.includes(c.truth) });
      }
    };
    const users = tokens.map((token) => user(token));
    await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));

    const [peerBackend] = await peer.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    const postgresCpu = clusterCpu(peerBackend!.pid);
    const machine0 = machineCpuMs();
    const node0 = processCpuMs(child.pid!);
    const pg0 = postgresCpu();
    const peerCpu0 = processCpuMs(peerBackend!.pid);
    const client0 = process.cpuUsage();
    recording = true;
    const t0 = performance.now();

    // The peer, one statement at a time, while the users search.
    interface PeerRun {
      index: number;
      filterMs: number;
      /** CPU of the peer's backend for the statement (/proc, 10 ms ticks: meaningful summed). */
      filterCpuMs: number;
      filterHit: boolean;
      asRunMs?: number;
      asRunCpuMs?: number;
      firstPageHit?: boolean;
    }
    const peerRuns: PeerRun[] = [];
    for (const [index, c] of cases.entries()) {
      const run: PeerRun = { index, filterMs: 0, filterCpuMs: 0, filterHit: false };
      const backendCpu = () => processCpuMs(peerBackend!.pid);
      if (Math.floor(index / CLASSES.length) % AS_RUN_EVERY === 0) {
        const cpu = backendCpu();
        const started = performance.now();
        const page = await peerAsRun(peer, c.typed, start, end);
        run.asRunMs = performance.now() - started;
        run.asRunCpuMs = backendCpu() - cpu;
        run.firstPageHit = page.some((row) => row.plate === c.truth);
      }
      const cpu = backendCpu();
      const started = performance.now();
      const plates = await peerFilter(peer, c.typed, start, end);
      run.filterMs = performance.now() - started;
      run.filterCpuMs = backendCpu() - cpu;
      run.filterHit = plates.some((row) => row.plate === c.truth);
      peerRuns.push(run);
      if ((index + 1) % 100 === 0)
        log(`peer: ${index + 1}/${cases.length} misreads; Odin: ${searches.length} searches so far`);
    }
    const peerDoneS = (performance.now() - t0) / 1000;
    const remaining = MIN_SECONDS * 1000 - (performance.now() - t0);
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
    recording = false;
    const wall = performance.now() - t0;
    const node1 = processCpuMs(child.pid!);
    const pg1 = postgresCpu();
    const peerCpu1 = processCpuMs(peerBackend!.pid);
    const client1 = process.cpuUsage(client0);
    const machine1 = machineCpuMs();
    stopping = true;
    await Promise.all(users);

    const answered = searches.filter((s) => s.status === 200);
    const peerStatements = peerRuns.length + peerRuns.filter((r) => r.asRunMs !== undefined).length * 2;
    const throughput = {
      searches: searches.length,
      perSecond: round(searches.length / (wall / 1000)),
      statuses: searches.reduce<Record<string, number>>((counts, s) => {
        counts[s.status] = (counts[s.status] ?? 0) + 1;
        return counts;
      }, {}),
      nodeCpuMsPerSearch: round((node1 - node0) / searches.length, 2),
      postgresCpuMsPerSearch: round((pg1 - pg0 - (peerCpu1 - peerCpu0)) / searches.length, 2),
      clientCpuMsPerSearch: round((client1.user + client1.system) / 1000 / searches.length, 2),
      peerBackendCpuMsPerStatement: round((peerCpu1 - peerCpu0) / peerStatements, 1),
      /** The peer's backend CPU per search: its filter alone, and as it runs (count + first page). */
      peerFilterCpuMs: round(mean(peerRuns.map((r) => r.filterCpuMs)), 1),
      peerAsRunCpuMs: round(
        mean(peerRuns.flatMap((r) => (r.asRunCpuMs === undefined ? [] : [r.asRunCpuMs]))),
        1,
      ),
      machineBusy: round((machine1.busy - machine0.busy) / (machine1.total - machine0.total), 2),
      seconds: round(wall / 1000),
      peerDoneSeconds: round(peerDoneS),
    };
    const odinCpu = throughput.nodeCpuMsPerSearch + throughput.postgresCpuMsPerSearch;
    const cpuRatio = {
      filter: round(throughput.peerFilterCpuMs / odinCpu),
      asRun: round(throughput.peerAsRunCpuMs / odinCpu),
    };
    log(
      `Odin: ${throughput.perSecond} searches/s over ${throughput.seconds} s (${JSON.stringify(throughput.statuses)}), ` +
        `Node ${throughput.nodeCpuMsPerSearch} ms, PostgreSQL ${throughput.postgresCpuMsPerSearch} ms per search; ` +
        `the peer's backend ${throughput.peerFilterCpuMs} ms per filter (${cpuRatio.filter}×), ` +
        `${throughput.peerAsRunCpuMs} ms as run (${cpuRatio.asRun}×)`,
    );

    const classOf = (index: number) => cases[index]!.kind;
    const share = (values: boolean[]) => (values.length ? values.filter(Boolean).length / values.length : 0);
    const pct = (value: number) => `${round(value * 100)}%`;
    /** Odin's answer for a case: the first recorded (every search of a case answers the same). */
    const odinHit = new Map<number, boolean>();
    for (const s of answered) if (!odinHit.has(s.index)) odinHit.set(s.index, s.hit);
    const rowFor = (kind: MisreadClass | "all") => {
      const inClass = (index: number) => kind === "all" || classOf(index) === kind;
      const odin = summarize(answered.filter((s) => inClass(s.index)).map((s) => s.ms));
      const runs = peerRuns.filter((r) => inClass(r.index));
      const filter = summarize(runs.map((r) => r.filterMs));
      const asRunRuns = runs.filter((r) => r.asRunMs !== undefined);
      const asRun = summarize(asRunRuns.map((r) => r.asRunMs!));
      const hits = [...odinHit.entries()].filter(([index]) => inClass(index)).map(([, hit]) => hit);
      return {
        kind,
        cases: runs.length,
        odinSearches: odin.count,
        odin,
        filter,
        asRun,
        asRunCount: asRunRuns.length,
        ratioFilter: { p50: round(filter.p50 / odin.p50), p95: round(filter.p95 / odin.p95) },
        ratioAsRun: { p50: round(asRun.p50 / odin.p50), p95: round(asRun.p95 / odin.p95) },
        recall: {
          odin: share(hits),
          odinCases: hits.length,
          peerFilter: share(runs.map((r) => r.filterHit)),
          peerFirstPage: share(asRunRuns.map((r) => r.firstPageHit!)),
        },
      };
    };
    const rows = [...CLASSES.map((kind) => rowFor(kind)), rowFor("all")];
    printTable(
      `Similar under ${USERS} users of one agency vs the peer, same run, ${ROWS.toLocaleString("en-US")} reads in arrival order (ms)`,
      rows.map((row) => ({
        class: row.kind,
        "Odin p50 / p95": `${row.odin.p50} / ${row.odin.p95}`,
        "peer filter p50 / p95": `${row.filter.p50} / ${row.filter.p95}`,
        "peer as run p50 / p95": `${row.asRun.p50} / ${row.asRun.p95}`,
        "× filter p50 / p95": `${row.ratioFilter.p50} / ${row.ratioFilter.p95}`,
        "× as run p50 / p95": `${row.ratioAsRun.p50} / ${row.ratioAsRun.p95}`,
        "recall Odin / peer (page 1)": `${pct(row.recall.odin)} / ${pct(row.recall.peerFilter)} (${pct(row.recall.peerFirstPage)})`,
        searches: row.odinSearches,
      })),
    );

    const perClass = rows.filter((row) => row.kind !== "all");
    const all = rows.find((row) => row.kind === "all")!;
    const worst = (pick: (row: (typeof rows)[0]) => number) => Math.min(...perClass.map(pick));
    const recallOk = perClass.every((row) => row.recall.odin >= row.recall.peerFilter);
    const load = os.loadavg().map((value) => round(value, 1));
    await writeResult({
      targets: [
        {
          name: `Similar vs the peer's filter alone, ${USERS} users searching, store in arrival order (lowest class ratio at p95)`,
          target: `≥ ${TARGET_FILTER}× in every class`,
          measured:
            `${worst((row) => row.ratioFilter.p95)}× (all: p95 ${all.odin.p95} vs ${all.filter.p95} ms = ${all.ratioFilter.p95}×; ` +
            `p50 ${all.odin.p50} vs ${all.filter.p50} ms = ${all.ratioFilter.p50}×); CPU per search ` +
            `${round(odinCpu, 2)} ms (Node + PostgreSQL) vs the peer's ${throughput.peerFilterCpuMs} ms = ${cpuRatio.filter}×`,
          met: worst((row) => row.ratioFilter.p95) >= TARGET_FILTER,
        },
        {
          name: `Similar vs the peer as it runs (count + first page), same load (lowest class ratio at p95)`,
          target: `≥ ${TARGET_AS_RUN}× in every class`,
          measured:
            `${worst((row) => row.ratioAsRun.p95)}× (all: p95 ${all.odin.p95} vs ${all.asRun.p95} ms = ${all.ratioAsRun.p95}×; ` +
            `p50 ${all.odin.p50} vs ${all.asRun.p50} ms = ${all.ratioAsRun.p50}×); CPU per search ` +
            `${round(odinCpu, 2)} vs ${throughput.peerAsRunCpuMs} ms = ${cpuRatio.asRun}×`,
          met: worst((row) => row.ratioAsRun.p95) >= TARGET_AS_RUN,
        },
        {
          name: "Similar recall per misread class under load, against the peer's",
          target: "≥ the peer's in every class",
          measured: perClass
            .map((row) => `${row.kind} ${pct(row.recall.odin)} vs ${pct(row.recall.peerFilter)}`)
            .join("; "),
          met: recallOk,
        },
      ],
      store: { ...fill, sizes, rangeDays: RANGE_DAYS },
      method: {
        api: API_COMMIT ?? "working tree",
        users: USERS,
        misreads: cases.length,
        asRunEvery: AS_RUN_EVERY,
        warmupSeconds: WARMUP_SECONDS,
        minSeconds: MIN_SECONDS,
        cameras,
        peerTiming:
          "one statement at a time on its own connection, while the users search (same run, same load); SQL level",
      },
      throughput,
      cpuRatio,
      classes: rows,
      meanOdinMs: round(mean(answered.map((s) => s.ms))),
      loadAverage: { atStart: loadAtStart, atEnd: load },
    });
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    await session.$disconnect();
    await ingest.$disconnect();
    await peer.$disconnect();
    await rm(scratch, { recursive: true, force: true });
  }
}

runBench("similar-load", main);
