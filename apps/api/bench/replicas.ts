/**
 * Two replicas vs one (issue 21, Measure): real API processes (`node --import tsx src/server.ts`,
 * NODE_ENV=production, as test/two-processes.test.ts starts them) on one PostgreSQL and one shared
 * file folder, first one, then two. At each step a burst of Axis LPV events (bench/ingest-client.ts
 * in a process of its own, requests spread over the replicas in turn) and a burst of POST /search-data
 * calls (signed in for real, spread the same way), each timed, with the CPU of every process sampled
 * from /proc over the burst: the PostgreSQL cluster (postmaster and all children), each API process,
 * the load generators, the whole machine (busy and iowait). Says which one saturates: a Node process
 * near one core (its event loop is one thread), PostgreSQL, the machine's cores, or none (waits:
 * the disk's fsync or locks).
 *
 *   pnpm --filter @odin/api bench replicas
 *   BENCH_REPLICAS_ROWS=200000 BENCH_REPLICAS_EVENTS=10000 BENCH_REPLICAS_SEARCHES=1000 …
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createPrismaClient } from "@odin/db";
import { DEMO_AGENCIES, DEMO_PASSWORD } from "@odin/db/demo-data";
import { findFreePort } from "@odin/db/embedded";
import { signIn } from "../test/oidc-client";
import { fillStore, sqlOn } from "./lib/axis-store-fill";
import { startChild, type BenchChild } from "./lib/child";
import { startOdinProcess } from "./lib/odin-process";
import { clusterCpu, machineCpuMs, processCpuMs } from "./lib/cpu";
import { log, printTable, prng, round, runBench, summarize, type BenchRun } from "./lib/harness";
import type { FromClient, PushedMessage, ToClient } from "./lib/ingest-protocol";

const ROWS = Number(process.env.BENCH_REPLICAS_ROWS ?? 200_000);
const EVENTS = Number(process.env.BENCH_REPLICAS_EVENTS ?? 10_000);
const SEARCHES = Number(process.env.BENCH_REPLICAS_SEARCHES ?? 1000);
const INGEST_CONCURRENCY = Number(process.env.BENCH_INGEST_CONCURRENCY ?? 48);
const SEARCH_CONCURRENCY = Number(process.env.BENCH_REPLICAS_SEARCH_CONCURRENCY ?? 16);
const DAY = 86_400_000;
const hartford = DEMO_AGENCIES.find((agency) => agency.key === "hartford")!;

/** A process saturates at this share of what it can use (one core for Node's event loop). */
const SATURATED = 0.85;

interface CpuShare {
  /** Cores used on average over the burst (CPU ms / wall ms). */
  cores: Record<string, number>;
  machineBusy: number;
  machineIowait: number;
  cpus: number;
}

interface Burst {
  what: "ingest" | "search";
  replicas: number;
  count: number;
  perSecond: number;
  ok: number;
  statuses: Record<string, number>;
  latency: ReturnType<typeof summarize>;
  cpu: CpuShare;
  limit: string;
  rowsAdded?: number;
}

/** iowait ms of the machine so far (summed over cores), from /proc/stat. */
function iowaitMs(): number {
  try {
    return Number(readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/)[5]) * 10;
  } catch {
    return 0;
  }
}

async function main({ db, writeResult }: BenchRun): Promise<void> {
  const filesDir = await mkdtemp(path.join(os.tmpdir(), "odin-bench-replicas-"));
  const secretsKey = randomBytes(32).toString("hex");
  const processes: ChildProcess[] = [];
  const session = createPrismaClient(db.url, { poolSize: 1 });
  let client: BenchChild<ToClient, FromClient> | undefined;
  let publicUrl: string | undefined;

  const start = async (name: string, extra: NodeJS.ProcessEnv = {}) => {
    const port = await findFreePort();
    publicUrl ??= `http://127.0.0.1:${port}`;
    const { url, child } = await startOdinProcess(
      name,
      {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATABASE_URL: db.url,
        ODIN_SECRETS_KEY: secretsKey,
        ODIN_DATA_DIR: filesDir,
        ODIN_PUBLIC_URL: publicUrl,
        ODIN_SEED_DEMO: "true",
        ODIN_DEMO_SIMULATORS: "false",
        AXON_POLL_INTERVAL_MS: "0",
        DETECTION_RETENTION_DAYS: "120",
        // The bench's one client address would meet the per-address limit (600 a minute) at once.
        RATE_LIMIT_PER_MINUTE: "100000000",
        LOG_LEVEL: "warn",
        ...extra,
      },
      { onSpawn: (spawned) => processes.push(spawned) },
    );
    return { name, url, pid: child.pid! };
  };

  try {
    const a = await start("A");
    // The store: ROWS reads over 90 days (bench/axis-store.ts's generator), written beside A.
    const now = Date.now();
    await fillStore(session, now, { rows: ROWS, vehicleScale: ROWS / 1_000_000 });
    const [backend] = await session.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    const postgresCpu = clusterCpu(backend!.pid);

    // Searches of Hartford's two cameras (hartford.admin's own): 3 exact plates for 1 partial.
    const cameras = hartford.axis.map((axis) => axis.identifier);
    const { rows: sampled } = await sqlOn(session).query<{ plate_normalized: string; timestamp: Date }>(
      `SELECT d.plate_normalized, d.timestamp FROM detections d JOIN axis_integrations i ON i.id = d.axis_integration_id
       WHERE i.identifier = ANY($1::text[]) ORDER BY md5(d.id::text) LIMIT $2`,
      [cameras, SEARCHES],
    );
    const random = prng(20261126);
    const bodies = sampled.map((row, i) => {
      const end = Math.min(now, row.timestamp.getTime() + random() * 30 * DAY);
      const partial = i % 4 === 3;
      return JSON.stringify({
        plate: partial ? row.plate_normalized.slice(1, 4) : row.plate_normalized,
        // Named: the default for a full plate is Similar, which reads the skeleton neighbourhood (not filled here).
        match: partial ? "partial" : "exact",
        justification: "Benchmark: two replicas vs one",
        start_time: new Date(end - 30 * DAY).toISOString(),
        end_time: new Date(end).toISOString(),
        agencies: cameras,
      });
    });
    const { tokens, status } = await signIn(publicUrl!, "hartford.admin", DEMO_PASSWORD);
    if (status !== 200 || !tokens) throw new Error(`sign-in answered ${status}`);
    const token = tokens.access_token;

    client = startChild<ToClient, FromClient>("ingest-client.ts");
    await client.request(
      {
        type: "prepare",
        baseUrl: a.url,
        now,
        eventsPerRun: EVENTS,
        runs: 2,
        concurrency: INGEST_CONCURRENCY,
        integrations: DEMO_AGENCIES.flatMap((agency) => agency.axis).map((axis) => ({
          identifier: axis.identifier,
          token: axis.ingestToken,
        })),
      },
      "ready",
    );

    const sample = (apis: { name: string; pid: number }[]) => {
      const machine = machineCpuMs();
      return {
        at: performance.now(),
        postgres: postgresCpu(),
        apis: apis.map((api) => processCpuMs(api.pid)),
        ingestClient: client?.pid ? processCpuMs(client.pid) : 0,
        bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
        busy: machine.busy,
        total: machine.total,
        iowait: iowaitMs(),
      };
    };
    const share = (
      apis: { name: string; pid: number }[],
      before: ReturnType<typeof sample>,
      after: ReturnType<typeof sample>,
    ): CpuShare => {
      const wall = after.at - before.at;
      const cores = (ms: number) => round(ms / wall, 2);
      const cpus = os.availableParallelism();
      const ours: Record<string, number> = {
        postgres: cores(after.postgres - before.postgres),
        ...Object.fromEntries(
          apis.map((api, i) => [`API ${api.name}`, cores(after.apis[i]! - before.apis[i]!)]),
        ),
        "ingest client": cores(after.ingestClient - before.ingestClient),
        "search client (bench)": cores(after.bench - before.bench),
      };
      const busyCores = (after.busy - before.busy) / wall;
      const sum = Object.values(ours).reduce((total, value) => total + value, 0);
      return {
        // Anything else on the machine (other work skews the figures: see the load average).
        cores: { ...ours, "other processes": round(Math.max(0, busyCores - sum), 2) },
        machineBusy: round((after.busy - before.busy) / (after.total - before.total), 2),
        machineIowait: round((after.iowait - before.iowait) / (after.total - before.total), 2),
        cpus,
      };
    };
    /** Which one is the limit, from the CPU shares. */
    const verdict = (cpu: CpuShare): string => {
      const node = Object.entries(cpu.cores).filter(([name]) => name.startsWith("API"));
      if (cpu.cores["other processes"]! >= 0.5)
        log(
          `other processes used ${cpu.cores["other processes"]} cores in this burst: the figures are skewed`,
        );
      const saturatedNode = node.filter(([, cores]) => cores >= SATURATED);
      if (cpu.machineBusy >= SATURATED) {
        const top = Object.entries(cpu.cores).sort((x, y) => y[1] - x[1]);
        return `the machine's ${cpu.cpus} cores (${Math.round(cpu.machineBusy * 100)}% busy): ${top
          .map(([name, cores]) => `${name} ${cores}`)
          .join(", ")}`;
      }
      if (saturatedNode.length)
        return `Node: ${saturatedNode.map(([name, cores]) => `${name} at ${cores} of a core`).join(", ")}`;
      if (cpu.cores.postgres! >= SATURATED * cpu.cpus) return `PostgreSQL at ${cpu.cores.postgres} cores`;
      if (cpu.machineIowait >= 0.2) return `the disk (${Math.round(cpu.machineIowait * 100)}% iowait)`;
      return `no CPU saturated (machine ${Math.round(cpu.machineBusy * 100)}% busy): waits, on the disk's fsync or on locks`;
    };

    const count = async () =>
      Number((await sqlOn(session).query<{ n: bigint }>("SELECT count(*) AS n FROM detections")).rows[0]!.n);
    const ingest = async (
      apis: { name: string; url: string; pid: number }[],
      run: number,
    ): Promise<Burst> => {
      const rowsBefore = await count();
      const before = sample(apis);
      const pushed: PushedMessage = await client!.request(
        { type: "push", run, baseUrls: apis.map((api) => api.url) },
        "pushed",
      );
      const after = sample(apis);
      const rowsAdded = (await count()) - rowsBefore;
      const cpu = share(apis, before, after);
      return {
        what: "ingest",
        replicas: apis.length,
        count: pushed.events,
        perSecond: Math.round(pushed.events / (pushed.elapsedMs / 1000)),
        ok: pushed.statuses["201"] ?? 0,
        statuses: pushed.statuses,
        latency: pushed.latency,
        cpu,
        limit: verdict(cpu),
        rowsAdded,
      };
    };
    const search = async (apis: { name: string; url: string; pid: number }[]): Promise<Burst> => {
      const latencies: number[] = [];
      const statuses: Record<string, number> = {};
      let next = 0;
      const worker = async () => {
        while (next < bodies.length) {
          const index = next++;
          const t0 = performance.now();
          const answer = await fetch(`${apis[index % apis.length]!.url}/search-data`, {
            method: "POST",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            body: bodies[index]!,
          });
          await answer.arrayBuffer();
          latencies.push(performance.now() - t0);
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        }
      };
      // A few searches first on each replica: connections, the planner's caches.
      for (const api of apis)
        for (const body of bodies.slice(0, 10))
          await fetch(`${api.url}/search-data`, {
            method: "POST",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            body,
          }).then((answer) => answer.arrayBuffer());
      const before = sample(apis);
      await Promise.all(Array.from({ length: SEARCH_CONCURRENCY }, worker));
      const after = sample(apis);
      const cpu = share(apis, before, after);
      return {
        what: "search",
        replicas: apis.length,
        count: bodies.length,
        perSecond: round(bodies.length / ((after.at - before.at) / 1000)),
        ok: statuses["200"] ?? 0,
        statuses,
        latency: summarize(latencies),
        cpu,
        limit: verdict(cpu),
      };
    };

    const bursts: Burst[] = [];
    const report = (burst: Burst) => {
      bursts.push(burst);
      log(
        `${burst.what}, ${burst.replicas} replica(s): ${burst.perSecond}/s, ${burst.ok}/${burst.count} ok; limit: ${burst.limit}`,
      );
    };
    report(await ingest([a], 0));
    report(await search([a]));
    const b = await start("B", { ODIN_MIGRATE_ON_START: "false" });
    report(await ingest([a, b], 1));
    report(await search([a, b]));

    printTable(
      `One replica, then two, on one PostgreSQL: ingest ${INGEST_CONCURRENCY} in flight, search ${SEARCH_CONCURRENCY} in flight`,
      bursts.map((burst) => ({
        burst: burst.what,
        replicas: burst.replicas,
        "per s": burst.perSecond,
        ok: `${burst.ok}/${burst.count}`,
        "p50 ms": burst.latency.p50,
        "p95 ms": burst.latency.p95,
        ...Object.fromEntries(
          Object.entries(burst.cpu.cores).map(([name, cores]) => [`${name} cores`, cores]),
        ),
        "machine busy": burst.cpu.machineBusy,
        iowait: burst.cpu.machineIowait,
      })),
    );
    printTable(
      "Where the limit is",
      bursts.map((burst) => ({ burst: `${burst.what}, ${burst.replicas}`, limit: burst.limit })),
    );

    const [ingest1, search1, ingest2, search2] = bursts as [Burst, Burst, Burst, Burst];
    const ratio = (x: number, y: number) => round(x / y, 2);
    await writeResult({
      targets: [
        {
          name: "Axis ingest, 2 replicas / 1 (same PostgreSQL)",
          target: "reported (issue 21: show where the limit is)",
          measured: `${ratio(ingest2.perSecond, ingest1.perSecond)} (${ingest2.perSecond} / ${ingest1.perSecond} events/s); limit with 2: ${ingest2.limit}`,
          met: true,
        },
        {
          name: "search, 2 replicas / 1 (same PostgreSQL)",
          target: "reported (issue 21: show where the limit is)",
          measured: `${ratio(search2.perSecond, search1.perSecond)} (${search2.perSecond} / ${search1.perSecond} searches/s); limit with 2: ${search2.limit}`,
          met: true,
        },
        {
          name: "every event stored, every search answered",
          target: `${EVENTS} rows per ingest burst, 200 for each of ${bodies.length} searches`,
          measured: bursts
            .map((burst) => (burst.what === "ingest" ? `${burst.rowsAdded} rows` : `${burst.ok} × 200`))
            .join(", "),
          met: bursts.every((burst) =>
            burst.what === "ingest"
              ? burst.ok === burst.count && burst.rowsAdded === burst.count
              : burst.ok === burst.count,
          ),
        },
      ],
      database: db.kind,
      method: {
        processes: "node --import tsx src/server.ts, NODE_ENV=production, one shared ODIN_DATA_DIR",
        storeRows: ROWS,
        eventsPerBurst: EVENTS,
        ingestConcurrency: INGEST_CONCURRENCY,
        ingestClient: "bench/ingest-client.ts in a process of its own, request i to replica i mod n",
        searches: bodies.length,
        searchConcurrency: SEARCH_CONCURRENCY,
        searchClient:
          "this bench's process (fetch), hartford.admin signed in, Hartford's two cameras, 3 exact : 1 partial",
        cpu: "utime + stime from /proc/<pid>/stat before and after each burst; PostgreSQL = postmaster and all children",
        saturatedAt: `${SATURATED} of a core (Node) or of all cores (machine, PostgreSQL)`,
      },
      bursts,
    });
  } finally {
    await client?.stop();
    for (const child of processes) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    await session.$disconnect();
    await rm(filesDir, { recursive: true, force: true });
  }
}

runBench("replicas", main);
