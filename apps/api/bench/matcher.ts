/**
 * The hotlist matcher against 1,000,000 hotlist plates (issue 7). The real app listens on HTTP with a
 * fresh seeded database; 100 Hartford groups hold the plates (60% with state CT, 40% any state). A
 * separate process holds GET /alerts/stream open as hartford.admin (who sees every Hartford group),
 * as a browser would.
 *
 * Reads enter through the real Axis ingest service (`createAxisIngest(…).ingest(identifier,
 * authorization, event)`, what POST /ingest/axis/{identifier} calls after parsing the body): ingest
 * token, mapping, the batched INSERT of the reads that also matches them and writes their alerts and
 * pg_notify (modules/ingest/axis-batch-insert.ts), the commit. Then the alert bus's LISTEN connection, its query, the
 * stream's visibility check and the SSE frame to the client process. 2% of the reads carry a hotlisted
 * plate (each its own), the rest plates nobody watches. Measured: reads/s until every read is
 * committed (IN_FLIGHT calls in flight), and for each matching read the time from the ingest call to
 * the alert's arrival at the client. Also: the same through the remote-read matcher in batches of 500
 * (an Axon poll, a Rekor webhook), and one run over HTTP with the axis-ingest bench's client.
 * Targets (docs/benchmarks.md): ≥ 5,000 reads/s; read → alert on the client p95 ≤ 1 s.
 *
 *   pnpm --filter @odin/api bench matcher
 *   BENCH_HOTLIST_PLATES=1000000 BENCH_MATCHER_READS=30000 BENCH_MATCHER_CONCURRENCY=1000 BENCH_RUNS=3 …
 */
import { createHash } from "node:crypto";
import { ZAxisLpvEvent, type TAxisLpvEvent } from "@odin/contract";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { insertAlertsForReads } from "../src/modules/alerts/matching/alert-matcher";
import type { RemoteRead } from "../src/sources/remote-read";
import { joinActiveGroup, matchingPlatesCte } from "../src/modules/alerts/matching/matcher-sql";
import { createAxisIngest } from "../src/modules/ingest/axis-ingest";
import { createImageStore } from "../src/storage/image-store";
import type { TestApp } from "../test/helpers";
import { mintToken, seedPersonas } from "../test/tokens";
import { startBenchApp } from "./lib/app";
import { startChild, type BenchChild } from "./lib/child";
import { clusterCpu } from "./lib/cpu";
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
import type { FromClient, PushedMessage, ToClient } from "./lib/ingest-protocol";
import type { FromStreamClient, ToStreamClient } from "./lib/stream-protocol";

const PLATES = Number(process.env.BENCH_HOTLIST_PLATES ?? 1_000_000);
const GROUPS = 100;
const RUNS = Math.max(3, Number(process.env.BENCH_RUNS ?? 3));
const READS = Number(process.env.BENCH_MATCHER_READS ?? 30_000);
const IN_FLIGHT = Number(process.env.BENCH_MATCHER_CONCURRENCY ?? 1_000);
const HTTP_EVENTS = Number(process.env.BENCH_MATCHER_HTTP_EVENTS ?? 20_000);
const WARMUP = 2_000;
/** Every 50th read is a hotlisted plate: 2%. */
const MATCH_EVERY = 50;
const REMOTE_BATCH = 500;
const TARGET_READS_PER_SECOND = 5_000;
const TARGET_P95_MS = 1_000;

const hartford = DEMO_AGENCIES[0]!;
const now = () => performance.timeOrigin + performance.now();

/** The hotlist's plate number g, as the seeding SQL makes it: "B" + 6 hex digits of md5(g). */
const hotlistPlate = (g: number) =>
  `B${createHash("md5").update(String(g)).digest("hex").slice(0, 6).toUpperCase()}`;

interface PlannedRead {
  identifier: string;
  token: string;
  event: TAxisLpvEvent;
  plate: string;
  matching: boolean;
}

interface RunFigures {
  label: string;
  reads: number;
  matching: number;
  readsPerSecond: number;
  elapsedMs: number;
  alertsWritten: number;
  alertsExpected: number;
  alertsReceived: number;
  latency: LatencySummary;
  /** CPU ms per read: the API process (with the in-process load), its PostgreSQL cluster. */
  cpuPerReadMs: { apiAndLoad: number; postgres: number };
}

async function main({ db, writeResult }: BenchRun): Promise<void> {
  let t: TestApp | undefined;
  let stream: BenchChild<ToStreamClient, FromStreamClient> | undefined;
  let pusher: BenchChild<ToClient, FromClient> | undefined;
  try {
    t = await startBenchApp(db.url, { AXON_POLL_INTERVAL_MS: "0", DETECTION_RETENTION_DAYS: "120" });
    const subjects = await seedPersonas(t);
    const prisma = t.prisma;
    const hartfordId = (await prisma.agency.findFirstOrThrow({ where: { name: hartford.name } })).id;

    const seedStarted = performance.now();
    await prisma.$executeRawUnsafe(`
      INSERT INTO hotlist_groups (agency_id, name, updated_at)
      SELECT ${hartfordId}, 'Bench hotlist ' || g, now() FROM generate_series(1, ${GROUPS}) g`);
    const firstGroup = (await prisma.hotlistGroup.findFirstOrThrow({ where: { name: "Bench hotlist 1" } }))
      .id;
    await prisma.$executeRawUnsafe(`
      INSERT INTO hotlist_plates (group_id, plate_number, plate_normalized, plate_skeleton, state, reason, notes)
      SELECT ${firstGroup} + g % ${GROUPS}, p, p, odin_plate_skeleton(p), CASE WHEN g % 5 < 3 THEN 'CT' END,
        'Bench: stolen vehicle', 'Plate ' || g
      FROM (SELECT g, 'B' || upper(substr(md5(g::text), 1, 6)) AS p FROM generate_series(0, ${PLATES - 1}) g) s
      ON CONFLICT DO NOTHING`); // a few md5 prefixes repeat in a group (hotlist_plates_group_plate_state_key)
    await prisma.$executeRawUnsafe("ANALYZE hotlist_plates");
    const seedMs = performance.now() - seedStarted;
    const [{ plates } = { plates: 0 }] = await prisma.$queryRaw<{ plates: number }[]>`
      SELECT count(*)::int AS plates FROM hotlist_plates`;
    log(`${plates.toLocaleString("en-US")} hotlist plates in ${GROUPS} groups, seeded in ${seconds(seedMs)}`);

    const client = startChild<ToStreamClient, FromStreamClient>("alert-stream-client.ts");
    stream = client;
    const token = await mintToken(t, subjects.admin, { expiresIn: 3600 });
    await client.request({ type: "connect", baseUrl: t.baseUrl, token }, "connected");
    log("alert client connected (hartford.admin)");

    const ingest = createAxisIngest({ prisma, images: createImageStore(t.config.detections.imagesDir) });
    const [backend] = await prisma.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    const postgresCpuMs = clusterCpu(backend!.pid);

    // Reads: each matching one with a hotlisted plate of its own (state CT or none), the others "N…".
    const usedPlates = new Set<string>();
    let nextHotlisted = 0;
    let counter = 0;
    const cameras = hartford.axis;
    const plan = (count: number): PlannedRead[] =>
      Array.from({ length: count }, (_, index) => {
        counter++;
        const matching = index % MATCH_EVERY === 0;
        let plate = `N${counter.toString(36).toUpperCase().padStart(6, "0")}`;
        if (matching) {
          // g % 5 < 3: CT plates; the others match any state. Skip md5 look-alikes already used.
          do plate = hotlistPlate((nextHotlisted++ * 7919) % PLATES);
          while (usedPlates.has(plate));
          usedPlates.add(plate);
        }
        const camera = cameras[counter % cameras.length]!;
        const event = ZAxisLpvEvent.parse({
          capture_timestamp: Date.now() - (counter % 60_000),
          plateText: plate,
          plateRegion: "CT",
          plateConfidence: 0.93,
          carID: String(counter),
          camera_info: { SerialNumber: `BENCH${camera.identifier.toUpperCase().replace(/-/g, "")}` },
        });
        return {
          identifier: camera.identifier,
          token: `Bearer ${camera.ingestToken}`,
          event,
          plate,
          matching,
        };
      });

    const alertCount = () => prisma.alert.count();
    const expectedAlerts = async (platesMatched: string[]) => {
      const [row] = await prisma.$queryRaw<{ alerts: number }[]>`
        SELECT count(*)::int AS alerts FROM hotlist_plates
        WHERE plate_normalized = ANY(${platesMatched}::text[]) AND (state IS NULL OR state = 'CT')`;
      return row?.alerts ?? 0;
    };

    /** Pushes reads with IN_FLIGHT calls in flight; answers when all are committed. */
    const measure = async (
      label: string,
      reads: PlannedRead[],
      push: (reads: PlannedRead[], sentAt: Map<string, number>) => Promise<void>,
    ): Promise<RunFigures> => {
      const matchingPlates = reads.filter((read) => read.matching).map((read) => read.plate);
      const before = await alertCount();
      const cpuBefore = process.cpuUsage();
      const pgBefore = postgresCpuMs();
      const sentAt = new Map<string, number>();
      const t0 = performance.now();
      await push(reads, sentAt);
      const elapsedMs = performance.now() - t0;
      const cpu = process.cpuUsage(cpuBefore);
      const pg = postgresCpuMs() - pgBefore;
      const written = (await alertCount()) - before;
      const collected = await client.request(
        { type: "collect", count: written, timeoutMs: 15_000 },
        "collected",
      );
      const latencies = collected.arrivals
        .filter(([plate]) => sentAt.has(plate))
        .map(([plate, at]) => at - sentAt.get(plate)!);
      return {
        label,
        reads: reads.length,
        matching: matchingPlates.length,
        readsPerSecond: round(reads.length / (elapsedMs / 1000), 0),
        elapsedMs: round(elapsedMs),
        alertsWritten: written,
        alertsExpected: await expectedAlerts(matchingPlates),
        alertsReceived: collected.received,
        latency: summarize(latencies),
        cpuPerReadMs: {
          apiAndLoad: round((cpu.user + cpu.system) / 1000 / reads.length, 3),
          postgres: round(pg / reads.length, 3),
        },
      };
    };

    const throughIngest = async (reads: PlannedRead[], sentAt: Map<string, number>) => {
      let next = 0;
      const worker = async () => {
        while (next < reads.length) {
          const read = reads[next++]!;
          if (read.matching) sentAt.set(read.plate, now());
          const { created } = await ingest.ingest(read.identifier, read.token, read.event);
          if (!created) throw new Error(`read ${read.plate} was not stored`);
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    };

    const warm = await measure("warm-up", plan(WARMUP), throughIngest);
    log(`warm-up: ${warm.readsPerSecond} reads/s`);

    const runs: RunFigures[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const figure = await measure(`Axis ingest run ${run}`, plan(READS), throughIngest);
      runs.push(figure);
      log(
        `${figure.label}: ${figure.readsPerSecond} reads/s; ${figure.alertsWritten} alerts ` +
          `(expected ${figure.alertsExpected}), ${figure.alertsReceived} on the client, ` +
          `p50 ${figure.latency.p50} / p95 ${figure.latency.p95} ms`,
      );
    }

    // The matcher of reads Odin does not store (an Axon poll's pages, Rekor webhooks), 500 at a time.
    const remote = await measure("remote reads, batches of 500", plan(READS), async (reads, sentAt) => {
      for (let start = 0; start < reads.length; start += REMOTE_BATCH) {
        const batch = reads.slice(start, start + REMOTE_BATCH);
        const at = now();
        for (const read of batch) if (read.matching) sentAt.set(read.plate, at);
        const remoteReads: RemoteRead[] = batch.map((read) => ({
          sourceReadId: `bench-${read.event.carID}`,
          plate: read.plate,
          plateNormalized: read.plate,
          state: "CT",
          timestamp: new Date(read.event.capture_timestamp),
          camera: "Bench unit",
          agencyName: hartford.name,
          imagePath: null,
          latitude: null,
          longitude: null,
        }));
        await insertAlertsForReads(prisma, "Axon", remoteReads, [hartfordId]);
      }
    });
    log(`${remote.label}: ${remote.readsPerSecond} reads/s, p95 ${remote.latency.p95} ms`);

    // The same Axis ingest over HTTP (one read per request, as cameras push): the axis-ingest bench's
    // client process, with the 1,000,000 plates in place.
    const http = startChild<ToClient, FromClient>("ingest-client.ts");
    pusher = http;
    await http.request(
      {
        type: "prepare",
        baseUrl: t.baseUrl,
        now: Date.now(),
        eventsPerRun: HTTP_EVENTS,
        runs: 1,
        concurrency: 48,
        integrations: DEMO_AGENCIES.flatMap((agency) => agency.axis).map((axis) => ({
          identifier: axis.identifier,
          token: axis.ingestToken,
        })),
      },
      "ready",
    );
    const pushed: PushedMessage = await http.request({ type: "push", run: 0 }, "pushed");
    const httpRate = round(pushed.events / (pushed.elapsedMs / 1000), 0);
    log(`over HTTP: ${httpRate} events/s (${JSON.stringify(pushed.statuses)})`);

    // How the database finds a batch's plates among the million (the matcher's own CTE, 200 reads).
    const explain = await prisma.$queryRaw<{ "QUERY PLAN": string }[]>`
      EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF)
      WITH r AS (
        SELECT plate AS plate_normalized, 'CT'::text AS state
        FROM unnest(${Array.from({ length: 200 }, (_, i) => hotlistPlate(i * 13))}::text[]) plate
      ),
      ${matchingPlatesCte("m", "r", "state")}
      SELECT count(*) FROM m ${joinActiveGroup("m")} WHERE g.agency_id = ${hartfordId}`;
    const plan200 = explain.map((row) => row["QUERY PLAN"]);

    const table = [...runs, remote].map((figure) => ({
      run: figure.label,
      reads: figure.reads,
      "reads/s": figure.readsPerSecond,
      alerts: `${figure.alertsWritten} / ${figure.alertsExpected}`,
      "on client": figure.alertsReceived,
      "p50 ms": figure.latency.p50,
      "p95 ms": figure.latency.p95,
      "p99 ms": figure.latency.p99,
      "max ms": figure.latency.max,
      "API+load CPU ms/read": figure.cpuPerReadMs.apiAndLoad,
      "PostgreSQL CPU ms/read": figure.cpuPerReadMs.postgres,
    }));
    printTable(
      `Matcher, ${plates.toLocaleString("en-US")} hotlist plates, ${IN_FLIGHT} reads in flight`,
      table,
    );
    console.log(`\n  Plan of one batch's plate lookup (200 plates):\n    ${plan200.join("\n    ")}`);

    const rate = median(runs.map((figure) => figure.readsPerSecond));
    const p95 = median(runs.map((figure) => figure.latency.p95));
    const exact = runs.every(
      (figure) =>
        figure.alertsWritten === figure.alertsExpected && figure.alertsReceived === figure.alertsWritten,
    );
    await writeResult({
      targets: [
        {
          name: "reads matched and stored (Axis ingest service, median of runs)",
          target: `≥ ${TARGET_READS_PER_SECOND} reads/s`,
          measured: `${rate} reads/s (runs: ${runs.map((figure) => figure.readsPerSecond).join(" / ")})`,
          met: rate >= TARGET_READS_PER_SECOND,
        },
        {
          name: "read received → alert on a connected client (median of runs' p95)",
          target: `p95 ≤ ${TARGET_P95_MS} ms`,
          measured: `p95 ${p95} ms (runs: ${runs.map((figure) => figure.latency.p95).join(" / ")})`,
          met: p95 <= TARGET_P95_MS,
        },
        {
          name: "every match alerted once and delivered",
          target: "alerts = matching plates; all on the client",
          measured: runs
            .map((figure) => `${figure.alertsWritten}/${figure.alertsExpected}/${figure.alertsReceived}`)
            .join(", "),
          met: exact,
        },
      ],
      database: db.kind,
      method: {
        hotlistPlates: plates,
        groups: GROUPS,
        readsPerRun: READS,
        inFlight: IN_FLIGHT,
        matchingShare: 1 / MATCH_EVERY,
        poolSize: t.config.databasePoolSize,
        seedSeconds: round(seedMs / 1000),
      },
      runs,
      warmUp: warm,
      remote,
      http: {
        events: pushed.events,
        eventsPerSecond: httpRate,
        statuses: pushed.statuses,
        latency: pushed.latency,
      },
      plan: plan200,
    });
  } finally {
    await pusher?.stop();
    await stream?.stop();
    await t?.close();
  }
}

runBench("matcher", main);
