/**
 * Issue 42 (Measure): Axis ingest through nginx to one API process, then to two, same store, same run.
 * Two real Odin processes (`node --import tsx src/server.ts`, NODE_ENV=production, as
 * test/behind-nginx.test.ts starts them) on the bench's PostgreSQL, and Debian's nginx with TLS
 * (a throwaway certificate) configured with deploy/nginx/odin.conf, the file docs/self-hosting.md shows,
 * inside a server block as that page writes it: one nginx whose `upstream odin` names process A alone,
 * one whose upstream names A and B (both running throughout, so "one" and "two" alternate without
 * restarts; B idles during the "one" phases and its CPU is counted anyway). The cameras are the
 * axis-ingest bench's client process (ingest-client.ts): LPV events without pictures over keep-alive
 * HTTPS, a fixed number in flight (closed loop: the highest rate the path sustains). First a phase
 * straight to process A over plain HTTP (no nginx: what the proxy costs), then ROUNDS × (one, two).
 * Per phase: reads/s, client p50/p95, every push stored (201 and the row count), and CPU ms per read of
 * each API process, nginx (master and workers), PostgreSQL (postmaster and every child), the client and
 * the rest of the machine (/proc), and the database's commits per read (pg_stat_database: the ingest
 * statements' batches, each process batching only the reads it receives).
 *
 * The upstream has no `keepalive` directive, as docs/self-hosting.md writes it (nginx then opens a new
 * connection to Odin for every request); BENCH_INGEST_NGINX_KEEPALIVE=<n> adds `keepalive n;` to see
 * what that costs.
 *
 *   pnpm --filter @odin/api bench ingest-nginx
 *   BENCH_INGEST_NGINX_EVENTS=20000 BENCH_INGEST_NGINX_CONCURRENCY=64 BENCH_INGEST_NGINX_ROUNDS=2 …
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createPrismaClient } from "@odin/db";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { findFreePort } from "@odin/db/embedded";
import { startChild, type BenchChild } from "./lib/child";
import { clusterCpu, machineCpuMs, processCpuMs, treeCpu } from "./lib/cpu";
import {
  benchDir,
  log,
  printTable,
  round,
  runBench,
  seconds,
  type BenchRun,
  type LatencySummary,
} from "./lib/harness";
import type { FromClient, PushedMessage, ToClient } from "./lib/ingest-protocol";
import { startOdinProcess } from "./lib/odin-process";

const EVENTS = Number(process.env.BENCH_INGEST_NGINX_EVENTS ?? 20_000);
const CONCURRENCY = Number(process.env.BENCH_INGEST_NGINX_CONCURRENCY ?? 64);
const ROUNDS = Number(process.env.BENCH_INGEST_NGINX_ROUNDS ?? 2);
const KEEPALIVE = Number(process.env.BENCH_INGEST_NGINX_KEEPALIVE ?? 0);
const odinConf = path.resolve(benchDir, "../../../deploy/nginx/odin.conf");

interface Phase {
  phase: string;
  events: number;
  readsPerSecond: number;
  statuses: Record<string, number>;
  rowsAfter: number;
  rowsExpected: number;
  latency: LatencySummary;
  /** CPU ms per read. */
  cpu: { apiA: number; apiB: number; nginx: number; postgres: number; client: number; other: number };
  machineBusy: number;
  /** Transactions committed in the database per read (pg_stat_database): the ingest batches' size, inverted. */
  commitsPerRead: number;
  firstError?: string;
}

async function main({ db, writeResult }: BenchRun): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "odin-bench-ingest-nginx-"));
  // nginx's workers (nobody, when the bench runs as root) create their temporary files under it.
  await chmod(dir, 0o755);
  const children: ChildProcess[] = [];
  let client: BenchChild<ToClient, FromClient> | undefined;
  const session = createPrismaClient(db.url, { poolSize: 1 });
  try {
    await promisify(execFile)("openssl", [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"],
      ...["-addext", "subjectAltName=IP:127.0.0.1"],
      ...["-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")],
    ]);
    const ca = await readFile(path.join(dir, "cert.pem"), "utf8");
    const nginxPorts = { one: await findFreePort(), two: await findFreePort() };
    const publicUrl = `https://127.0.0.1:${nginxPorts.two}`;
    const secretsKey = randomBytes(32).toString("hex");

    const startOdin = async (name: string, first: boolean) => {
      const port = await findFreePort();
      const { url, child } = await startOdinProcess(
        name,
        {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(port),
          DATABASE_URL: db.url,
          ODIN_SECRETS_KEY: secretsKey,
          ODIN_DATA_DIR: path.join(dir, "files"),
          ODIN_PUBLIC_URL: publicUrl,
          ODIN_SEED_DEMO: first ? "true" : "false",
          ...(first ? {} : { ODIN_MIGRATE_ON_START: "false" }),
          ODIN_DEMO_SIMULATORS: "false",
          AXON_POLL_INTERVAL_MS: "0",
          // The cameras' reads lie in the last 90 days: a longer retention keeps the purge off them.
          DETECTION_RETENTION_DAYS: "120",
          RATE_LIMIT_PER_MINUTE: "100000000",
          // nginx connects from 127.0.0.1: its forwarded headers are believed from there only.
          TRUST_PROXY: "127.0.0.1",
          LOG_LEVEL: "warn",
        },
        { onSpawn: (spawned) => children.push(spawned) },
      );
      return { url, port, child };
    };
    const a = await startOdin("A", true);
    const b = await startOdin("B", false);

    const startNginx = async (name: "one" | "two", upstreams: number[]) => {
      const at = path.join(dir, `nginx-${name}`);
      await rm(at, { recursive: true, force: true });
      await mkdir(at, { recursive: true, mode: 0o755 });
      const temp = (kind: string) => `${kind}_temp_path ${path.join(at, kind)};`;
      await writeFile(
        path.join(at, "nginx.conf"),
        [
          "worker_processes auto;",
          `pid ${path.join(at, "nginx.pid")};`,
          `error_log ${path.join(at, "error.log")} warn;`,
          "events { worker_connections 1024; }",
          "http {",
          "  access_log off;",
          ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${temp(kind)}`),
          // As docs/self-hosting.md's site file: the upstream names Odin's processes.
          `  upstream odin { ${upstreams.map((port) => `server 127.0.0.1:${port};`).join(" ")}${
            KEEPALIVE > 0 ? ` keepalive ${KEEPALIVE};` : ""
          } }`,
          "  server {",
          `    listen 127.0.0.1:${nginxPorts[name]} ssl http2;`,
          `    ssl_certificate ${path.join(dir, "cert.pem")};`,
          `    ssl_certificate_key ${path.join(dir, "key.pem")};`,
          `    include ${odinConf};`,
          "  }",
          "}",
          "",
        ].join("\n"),
      );
      let stderr = "";
      const nginx = spawn(
        existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx",
        ["-e", path.join(at, "error.log"), "-p", at, "-c", path.join(at, "nginx.conf"), "-g", "daemon off;"],
        { stdio: ["ignore", "ignore", "pipe"] },
      );
      children.push(nginx);
      nginx.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const url = `https://127.0.0.1:${nginxPorts[name]}`;
      const t0 = performance.now();
      for (;;) {
        if (nginx.exitCode !== null) throw new Error(`nginx ${name} exited: ${stderr}`);
        const up = await new Promise<boolean>((resolve) =>
          execFile("curl", ["-sk", "-o", "/dev/null", "-w", "%{http_code}", `${url}/healthz`], (_e, out) =>
            resolve(out === "200"),
          ),
        );
        if (up) break;
        if (performance.now() - t0 > 30_000) throw new Error(`nginx ${name} not answering: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      log(`nginx ${name} (pid ${nginx.pid}) in front of ${upstreams.length} process(es) at ${url}`);
      return { url, cpu: treeCpu(nginx.pid!) };
    };
    const nginxOne = await startNginx("one", [a.port]);
    const nginxTwo = await startNginx("two", [a.port, b.port]);

    const [backend] = await session.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    const postgresCpu = clusterCpu(backend!.pid);

    const phases: { phase: string; url: string }[] = [{ phase: "A direct (HTTP, no nginx)", url: a.url }];
    for (let r = 1; r <= ROUNDS; r++) {
      phases.push({ phase: `nginx → A (round ${r})`, url: nginxOne.url });
      phases.push({ phase: `nginx → A + B (round ${r})`, url: nginxTwo.url });
    }
    const started = startChild<ToClient, FromClient>("ingest-client.ts");
    client = started;
    const ready = await started.request(
      {
        type: "prepare",
        baseUrl: nginxTwo.url,
        now: Date.now(),
        eventsPerRun: EVENTS,
        runs: phases.length,
        concurrency: CONCURRENCY,
        integrations: DEMO_AGENCIES.flatMap((agency) => agency.axis).map((axis) => ({
          identifier: axis.identifier,
          token: axis.ingestToken,
        })),
        ca,
      },
      "ready",
    );
    log(`client ready: ${ready.events.toLocaleString("en-US")} events in ${seconds(ready.generateMs)}`);

    const commits = async () =>
      (
        await session.$queryRaw<{ n: number }[]>`
          SELECT xact_commit::float8 AS n FROM pg_stat_database WHERE datname = current_database()`
      )[0]!.n;
    const countRows = async () =>
      (await session.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM detections`)[0]!.n;
    const rowsAtStart = await countRows();
    const results: Phase[] = [];
    for (const [run, { phase, url }] of phases.entries()) {
      const machine0 = machineCpuMs();
      const a0 = processCpuMs(a.child.pid!);
      const b0 = processCpuMs(b.child.pid!);
      const nginx0 = nginxOne.cpu() + nginxTwo.cpu();
      const pg0 = postgresCpu();
      const commits0 = await commits();
      const pushed: PushedMessage = await started.request({ type: "push", run, baseUrl: url }, "pushed");
      const machine1 = machineCpuMs();
      const per = (ms: number) => round(ms / pushed.events, 3);
      const apiA = processCpuMs(a.child.pid!) - a0;
      const apiB = processCpuMs(b.child.pid!) - b0;
      const nginx = nginxOne.cpu() + nginxTwo.cpu() - nginx0;
      const postgres = postgresCpu() - pg0;
      // pg_stat_database is updated when a backend reports (at the latest every second or so).
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const committed = (await commits()) - commits0;
      const busy = machine1.busy - machine0.busy;
      const figure: Phase = {
        phase,
        events: pushed.events,
        readsPerSecond: round(pushed.events / (pushed.elapsedMs / 1000), 0),
        statuses: pushed.statuses,
        rowsAfter: (await countRows()) - rowsAtStart,
        rowsExpected: EVENTS * (run + 1),
        latency: pushed.latency,
        cpu: {
          apiA: per(apiA),
          apiB: per(apiB),
          nginx: per(nginx),
          postgres: per(postgres),
          client: per(pushed.clientCpuMs),
          other: per(Math.max(0, busy - apiA - apiB - nginx - postgres - pushed.clientCpuMs)),
        },
        machineBusy: round(busy / Math.max(1, machine1.total - machine0.total), 2),
        commitsPerRead: round(committed / pushed.events, 3),
        ...(pushed.firstError ? { firstError: pushed.firstError } : {}),
      };
      results.push(figure);
      log(
        `${phase}: ${figure.readsPerSecond} reads/s, p95 ${figure.latency.p95} ms, ` +
          `${JSON.stringify(figure.statuses)}, rows ${figure.rowsAfter}/${figure.rowsExpected}`,
      );
      if (figure.firstError) log(`first refusal: ${figure.firstError}`);
    }

    printTable(
      `Axis ingest through nginx (TLS), ${CONCURRENCY} requests in flight, ${EVENTS.toLocaleString("en-US")} reads a phase` +
        (KEEPALIVE ? `, upstream keepalive ${KEEPALIVE}` : ", upstream without keepalive (as documented)"),
      results.map((figure) => ({
        phase: figure.phase,
        "reads/s": figure.readsPerSecond,
        "p50 ms": figure.latency.p50,
        "p95 ms": figure.latency.p95,
        "API A": figure.cpu.apiA,
        "API B": figure.cpu.apiB,
        nginx: figure.cpu.nginx,
        PostgreSQL: figure.cpu.postgres,
        client: figure.cpu.client,
        other: figure.cpu.other,
        busy: figure.machineBusy,
        "commits/read": figure.commitsPerRead,
        stored: `${figure.rowsAfter}/${figure.rowsExpected}`,
      })),
    );

    const ones = results.filter((figure) => figure.phase.startsWith("nginx → A ("));
    const twos = results.filter((figure) => figure.phase.startsWith("nginx → A + B"));
    const avg = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const rateOne = avg(ones.map((figure) => figure.readsPerSecond));
    const rateTwo = avg(twos.map((figure) => figure.readsPerSecond));
    const cpuPerRead = (figures: Phase[]) =>
      round(
        avg(
          figures.map(
            (figure) =>
              figure.cpu.apiA + figure.cpu.apiB + figure.cpu.nginx + figure.cpu.postgres + figure.cpu.client,
          ),
        ),
        3,
      );
    const allStored = results.every(
      (figure) => figure.statuses["201"] === figure.events && figure.rowsAfter === figure.rowsExpected,
    );
    await writeResult({
      targets: [
        {
          name: "Axis ingest through nginx (TLS): two API processes vs one, same run",
          target: "reported (issue 42: two processes behind nginx vs one)",
          measured:
            `${round(rateOne, 0)} → ${round(rateTwo, 0)} reads/s (${round(rateTwo / rateOne, 2)}×); ` +
            `p95 ${ones.map((f) => f.latency.p95).join(" / ")} → ${twos.map((f) => f.latency.p95).join(" / ")} ms; ` +
            `CPU ms per read (APIs + nginx + PostgreSQL + client) ${cpuPerRead(ones)} → ${cpuPerRead(twos)}`,
          met: true,
        },
        {
          name: "every read pushed through nginx acknowledged and stored",
          target: "201 for each, rows = reads pushed",
          measured: allStored
            ? `${results.reduce((sum, figure) => sum + figure.events, 0)} of ${results.reduce((sum, figure) => sum + figure.events, 0)}`
            : results.map((figure) => `${figure.phase}: ${JSON.stringify(figure.statuses)}`).join("; "),
          met: allStored,
        },
      ],
      database: db.kind,
      method: {
        events: EVENTS,
        concurrency: CONCURRENCY,
        rounds: ROUNDS,
        upstreamKeepalive: KEEPALIVE,
        nginx: "worker_processes auto, TLS (http/1.1 from the client), deploy/nginx/odin.conf",
      },
      phases: results,
    });
  } finally {
    await client?.stop();
    for (const child of children.reverse())
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await session.$disconnect();
    await rm(dir, { recursive: true, force: true });
  }
}

runBench("ingest-nginx", main);
