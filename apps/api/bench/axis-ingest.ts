/**
 * Axis ingest: the real app listening on HTTP with a fresh seeded database; a separate client process
 * (ingest-client.ts) pushes N LPV events without pictures, spread over the five demo integrations
 * with their ingest tokens, over keep-alive HTTP with a fixed number of requests in flight.
 * Target (docs/benchmarks.md): ≥ 2,000 events/s sustained, no event lost or duplicated: after each
 * run the database holds exactly the events pushed so far; 1,000 of them pushed again are answered
 * 200 "duplicate" and change nothing. CPU is accounted per process to see where the time goes.
 *
 *   pnpm --filter @odin/api exec tsx bench/axis-ingest.ts
 *   BENCH_RUNS=3 BENCH_INGEST_EVENTS=20000 BENCH_INGEST_CONCURRENCY=48 …
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import Fastify from "fastify";
import { performance as perf } from "node:perf_hooks";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { seedDemoData } from "@odin/db/seed";
import type { TestApp } from "../test/helpers";
import { startBenchApp } from "./lib/app";
import { startChild, type BenchChild } from "./lib/child";
import { clusterCpu, machineCpuMs } from "./lib/cpu";
import { startProfile, type ProfileSummary } from "./lib/profile";
import {
  log,
  median,
  printTable,
  round,
  runBench,
  seconds,
  summarize,
  type BenchRun,
  type LatencySummary,
} from "./lib/harness";
import type { FromClient, PushedMessage, ReadyMessage, ToClient } from "./lib/ingest-protocol";

const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 3));
const EVENTS = Number(process.env.BENCH_INGEST_EVENTS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_INGEST_CONCURRENCY ?? 48);
const REPEATS = 1000;
/** Events pushed under the CPU profiler when the target is missed (a slice of their own). */
const PROFILE_EVENTS = 5000;
const TARGET_EVENTS_PER_SECOND = 2000;

interface RunFigures {
  label: string;
  events: number;
  eventsPerSecond: number;
  elapsedMs: number;
  statuses: Record<string, number>;
  answers: Record<string, number>;
  rowsAfter: number;
  rowsExpected: number;
  clientLatency: LatencySummary;
  /** From the server's `request` event to the answer's `finish`, as Node's HTTP server sees it. */
  serverTime: LatencySummary;
  /** CPU ms per event: the API process, its PostgreSQL cluster, the client process, anything else. */
  cpuPerEventMs: { api: number; postgres: number; client: number; other: number; idle: number };
  apiEventLoopUtilization: number;
  firstError?: string;
}

async function main({ db, writeResult }: BenchRun): Promise<void> {
  let t: TestApp | undefined;
  let child: BenchChild<ToClient, FromClient> | undefined;
  try {
    // Reads from the last 90 days are pushed: a longer retention keeps the purge from taking any.
    t = await startBenchApp(db.url, { DETECTION_RETENTION_DAYS: "120" });
    await seedDemoData(t.prisma, { encryptSecret: t.secrets.encrypt });
    const prisma = t.prisma;

    // Server-side time per request, as Node's HTTP server sees it (queueing in the event loop included).
    let serverTimes: number[] = [];
    const instrument = (server: Server) =>
      server.on("request", (_request: IncomingMessage, response: ServerResponse) => {
        const t0 = performance.now();
        response.on("finish", () => serverTimes.push(performance.now() - t0));
      });
    instrument(t.app.server);
    // A pool connection's backend leads to its postmaster, and so to the whole cluster.
    const [backend] = await prisma.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    const postgresCpuMs = clusterCpu(backend!.pid);

    const client = startChild<ToClient, FromClient>("ingest-client.ts");
    child = client;
    const request = client.request.bind(client);

    const ready: ReadyMessage = await request(
      {
        type: "prepare",
        baseUrl: t.baseUrl,
        now: Date.now(),
        eventsPerRun: EVENTS,
        runs: RUNS + 1,
        concurrency: CONCURRENCY,
        integrations: DEMO_AGENCIES.flatMap((agency) => agency.axis).map((axis) => ({
          identifier: axis.identifier,
          token: axis.ingestToken,
        })),
      },
      "ready",
    );
    log(
      `client ready: ${ready.events.toLocaleString("en-US")} events built in ${seconds(ready.generateMs)} ` +
        `(${Object.entries(ready.perIntegration)
          .map(([identifier, counts]) => `${identifier} ${counts[0]}`)
          .join(", ")} per run)`,
    );
    if (ready.events !== EVENTS * (RUNS + 1)) throw new Error(`the client built ${ready.events} events`);

    const figures: RunFigures[] = [];
    const measure = async (message: ToClient, rowsExpected: number): Promise<RunFigures> => {
      serverTimes = [];
      const machineBefore = machineCpuMs();
      const apiBefore = process.cpuUsage();
      const postgresBefore = postgresCpuMs();
      const elu = perf.eventLoopUtilization();
      const pushed: PushedMessage = await request(message, "pushed");
      const eventLoop = perf.eventLoopUtilization(elu);
      const api = process.cpuUsage(apiBefore);
      const postgres = postgresCpuMs() - postgresBefore;
      const machineAfter = machineCpuMs();
      const apiMs = (api.user + api.system) / 1000;
      const busy = machineAfter.busy - machineBefore.busy;
      const total = machineAfter.total - machineBefore.total;
      const rowsAfter = await prisma.detection.count();
      const perEvent = (ms: number) => round(ms / pushed.events, 3);
      return {
        label: pushed.label,
        events: pushed.events,
        eventsPerSecond: round(pushed.events / (pushed.elapsedMs / 1000), 0),
        elapsedMs: round(pushed.elapsedMs),
        statuses: pushed.statuses,
        answers: pushed.answers,
        rowsAfter,
        rowsExpected,
        clientLatency: pushed.latency,
        serverTime: summarize(serverTimes),
        cpuPerEventMs: {
          api: perEvent(apiMs),
          postgres: perEvent(postgres),
          client: perEvent(pushed.clientCpuMs),
          other: perEvent(Math.max(0, busy - apiMs - postgres - pushed.clientCpuMs)),
          idle: perEvent(total - busy),
        },
        apiEventLoopUtilization: round(eventLoop.utilization, 3),
        ...(pushed.firstError ? { firstError: pushed.firstError } : {}),
      };
    };

    for (let run = 0; run < RUNS; run++) {
      const figure = await measure({ type: "push", run }, EVENTS * (run + 1));
      figures.push(figure);
      log(
        `${figure.label}: ${figure.eventsPerSecond} events/s, ${figure.rowsAfter} rows (expected ${figure.rowsExpected})`,
      );
      if (figure.firstError) log(`first refusal: ${figure.firstError}`);
    }
    const repeat = await measure({ type: "repush", count: REPEATS }, EVENTS * RUNS);
    log(
      `repeat of ${REPEATS}: statuses ${JSON.stringify(repeat.statuses)}, answers ${JSON.stringify(repeat.answers)}, ` +
        `${repeat.rowsAfter} rows`,
    );

    const duplicated = await prisma.$queryRaw<{ keys: number }[]>`
      SELECT count(*)::int AS keys FROM (
        SELECT 1 FROM detections GROUP BY axis_integration_id, vendor_event_id HAVING count(*) > 1
      ) d`;
    const stored = await prisma.$queryRaw<{ identifier: string; reads: number }[]>`
      SELECT i.identifier, count(*)::int AS reads
      FROM detections d JOIN axis_integrations i ON i.id = d.axis_integration_id GROUP BY 1 ORDER BY 1`;
    const perIntegration = stored.map((row) => {
      const sent = (ready.perIntegration[row.identifier] ?? [])
        .slice(0, RUNS)
        .reduce((sum, count) => sum + count, 0);
      return { integration: row.identifier, pushed: sent, stored: row.reads, equal: sent === row.reads };
    });

    // Calibration: the same client and events against a bare Fastify route in this process that only
    // parses the JSON and answers 201: what one Node process serves on this machine at all.
    const bare = Fastify({ bodyLimit: t.config.detections.ingestMaxBytes });
    bare.post("/ingest/axis/:identifier", async (_request, reply) =>
      reply.code(201).send({ status: "stored", id: "0" }),
    );
    instrument(bare.server);
    const bareUrl = await bare.listen({ host: "127.0.0.1", port: 0 });
    const ceiling = await measure(
      { type: "push", run: RUNS, count: PROFILE_EVENTS, baseUrl: bareUrl },
      EVENTS * RUNS,
    );
    await bare.close();
    ceiling.label = "bare Fastify";
    log(`calibration, bare Fastify JSON route: ${ceiling.eventsPerSecond} events/s`);

    const runsTable = [...figures, repeat, ceiling].map((figure) => ({
      run: figure.label,
      events: figure.events,
      "events/s": figure.eventsPerSecond,
      "client p50 ms": figure.clientLatency.p50,
      "client p95 ms": figure.clientLatency.p95,
      "server p50 ms": figure.serverTime.p50,
      "server p95 ms": figure.serverTime.p95,
      answers: Object.entries(figure.statuses)
        .map(([status, count]) => `${status}×${count}`)
        .join(" "),
      rows: figure.rowsAfter,
      expected: figure.rowsExpected,
    }));
    printTable(`Axis ingest, ${CONCURRENCY} requests in flight from a client process`, runsTable);
    printTable(
      "CPU ms per event (2 cores = 2 ms of CPU per ms of wall time)",
      [...figures, repeat, ceiling].map((figure) => ({
        run: figure.label,
        api: figure.cpuPerEventMs.api,
        postgres: figure.cpuPerEventMs.postgres,
        client: figure.cpuPerEventMs.client,
        "other processes": figure.cpuPerEventMs.other,
        idle: figure.cpuPerEventMs.idle,
        "API event loop busy": figure.apiEventLoopUtilization,
      })),
    );
    printTable("Stored per integration after all runs", perIntegration);

    const rate = median(figures.map((figure) => figure.eventsPerSecond));
    const allStored = figures.every(
      (figure) => figure.statuses["201"] === figure.events && figure.rowsAfter === figure.rowsExpected,
    );
    const repeatsDuplicate =
      repeat.statuses["200"] === REPEATS &&
      repeat.answers.duplicate === REPEATS &&
      repeat.rowsAfter === repeat.rowsExpected;
    const exact =
      allStored && repeatsDuplicate && duplicated[0]!.keys === 0 && perIntegration.every((r) => r.equal);

    // Missed: a CPU profile of the API process under the same load says where its time goes.
    let profile: ProfileSummary | undefined;
    if (rate < TARGET_EVENTS_PER_SECOND) {
      const stop = await startProfile();
      const profiled = await measure(
        { type: "push", run: RUNS, count: PROFILE_EVENTS },
        EVENTS * RUNS + PROFILE_EVENTS,
      );
      profile = await stop();
      log(`profiled pass: ${profiled.eventsPerSecond} events/s over ${PROFILE_EVENTS} events (profiler on)`);
      printTable(
        `API process CPU profile over ${PROFILE_EVENTS} events: self time by area (${profile.totalMs} ms sampled)`,
        profile.byArea.slice(0, 15).map((entry) => ({ area: entry.area, ms: entry.ms, "%": entry.share })),
      );
      printTable(
        "… and by function",
        profile.byFunction.slice(0, 20).map((entry) => ({
          function: entry.fn,
          area: entry.area,
          ms: entry.ms,
          "%": entry.share,
        })),
      );
    }

    await writeResult({
      targets: [
        {
          name: "sustained Axis ingest (median of runs)",
          target: `≥ ${TARGET_EVENTS_PER_SECOND} events/s`,
          measured: `${rate} events/s (runs: ${figures.map((figure) => figure.eventsPerSecond).join(" / ")})`,
          met: rate >= TARGET_EVENTS_PER_SECOND,
        },
        {
          name: "no event lost or duplicated",
          target: `${EVENTS * RUNS} rows; ${REPEATS} repeats 200 "duplicate"`,
          measured: `${repeat.rowsAfter} rows, ${duplicated[0]!.keys} duplicated keys, repeats ${JSON.stringify(repeat.answers)}`,
          met: exact,
        },
      ],
      database: db.kind,
      method: {
        client:
          "separate Node process (ingest-client.ts), node:http keep-alive agent, bodies serialised beforehand",
        concurrency: CONCURRENCY,
        eventsPerRun: EVENTS,
        runs: RUNS + 1,
        repeats: REPEATS,
        pictures: false,
        poolSize: t.config.databasePoolSize,
      },
      runs: figures,
      repeat,
      bareFastifyCeiling: ceiling,
      duplicatedKeys: duplicated[0]!.keys,
      perIntegration,
      ...(profile ? { profile } : {}),
    });
  } finally {
    await child?.stop();
    await t?.close();
  }
}

runBench("axis-ingest", main);
