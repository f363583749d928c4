/**
 * Issue 36, measured: what the two denial-of-service findings cost now.
 *   - F17: /healthz while six maximal investigations run at once (three users, two each, as
 *     INVESTIGATIONS_PER_USER allows): area searches of a 50 km circle over 31 days (the limits) on the
 *     Axis store the other benches build. Target: /healthz p95 under 100 ms.
 *   - F15: POST /verify-export of a 10 MB crafted ZIP that carries a genuine export's seal around a
 *     deflate bomb whose directory lies about its size (1.6 GB of zeros declared as 100 bytes): the
 *     server process's peak RSS above its level before, the time to its answer, and /healthz meanwhile.
 *     Target: under 100 MB more and /healthz p95 under 100 ms.
 *
 *   pnpm --filter @odin/api bench hardening
 *   BENCH_HARDENING_ROWS=100000 pnpm --filter @odin/api exec tsx bench/hardening.ts
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createPrismaClient } from "@odin/db";
import type { TestApp } from "../test/helpers";
import { craftZip, sealOf, zeroBomb } from "../test/zip-bombs";
import { mintToken, seedPersonas, type Persona } from "../test/tokens";
import { startBenchApp } from "./lib/app";
import { fillStore } from "./lib/axis-store-fill";
import { log, printTable, round, runBench, summarize, type BenchRun } from "./lib/harness";

const ROWS = Number(process.env.BENCH_HARDENING_ROWS ?? 1_000_000);
const DAY = 86_400_000;
const HEALTH_TARGET_MS = 100;
const RSS_TARGET_MB = 100;

/** /healthz asked one after another until `until` settles: each answer's time. */
async function healthWhile(app: TestApp, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    const res = await fetch(`${app.baseUrl}/healthz`);
    await res.text();
    times.push(performance.now() - started);
  }
  return times;
}

async function main({ db, writeResult }: BenchRun): Promise<void> {
  let t: TestApp | undefined;
  const session = createPrismaClient(db.url, { poolSize: 1 });
  try {
    t = await startBenchApp(db.url, {
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "silent",
      RATE_LIMIT_PER_MINUTE: "100000",
    });
    const app = t;
    const subjects = await seedPersonas(app);
    const now = Date.now();
    await fillStore(session, now, { rows: ROWS });
    log(`${ROWS.toLocaleString("en-US")} reads in the store`);

    // ── F17: six maximal investigations at once ──
    const hartford = (
      await session.$queryRaw<{ latitude: number; longitude: number }[]>`
        SELECT latitude, longitude FROM axis_integrations WHERE identifier = 'hfd-lpv-01'`
    )[0]!;
    const users: Persona[] = ["investigator", "admin", "hotlistAdmin"];
    const tokens = await Promise.all(
      users.map((user) => mintToken(app, subjects[user], { expiresIn: 3600 })),
    );
    const maximal = (token: string, i: number) =>
      fetch(`${app.baseUrl}/search/area`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          justification: `Bench: maximal investigation ${i}`,
          area: { type: "Point", coordinates: [hartford.longitude, hartford.latitude], radius_m: 50_000 },
          start_time: new Date(now - (31 - (i % 3)) * DAY - (i % 3) * DAY).toISOString(),
          end_time: new Date(now - (i % 3) * DAY).toISOString(),
        }),
      }).then(async (res) => ({ status: res.status, body: await res.text() }));
    const idle = await healthWhile(app, new Promise((resolve) => setTimeout(resolve, 2_000)));
    // How long the event loop stalls meanwhile: the server runs in this process.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const rounds: number[] = [];
    const statuses: number[] = [];
    let investigationsMs = 0;
    for (let round_ = 0; round_ < 5; round_++) {
      const started = performance.now();
      const six = Promise.all(
        Array.from({ length: 6 }, (_, i) => maximal(tokens[i % 3]!, i)).map((p) =>
          p.then((answer) => {
            if (answer.status !== 200 && !statuses.includes(answer.status))
              log(`an investigation answered ${answer.status}: ${answer.body.slice(0, 300)}`);
            statuses.push(answer.status);
          }),
        ),
      );
      rounds.push(...(await healthWhile(app, six)));
      investigationsMs += performance.now() - started;
    }
    loop.disable();
    const loopP99 = round(loop.percentile(99) / 1e6);
    const loopMax = round(loop.max / 1e6);
    const busy = summarize(rounds);
    const quiet = summarize(idle);
    log(
      `/healthz p95 ${busy.p95} ms during 5 rounds of six investigations (${round(investigationsMs / 5000, 2)} s a round; idle p95 ${quiet.p95} ms); answers ${[...new Set(statuses)].join(", ")}; event loop delay p99 ${loopP99} ms, max ${loopMax} ms`,
    );

    // ── F15: a 10 MB crafted ZIP with a genuine export's seal ──
    const investigator = await mintToken(app, subjects.investigator, { expiresIn: 3600 });
    const search = await fetch(`${app.baseUrl}/search/area`, {
      method: "POST",
      headers: { authorization: `Bearer ${investigator}`, "content-type": "application/json" },
      body: JSON.stringify({
        justification: "Bench: a record to export",
        area: { type: "Point", coordinates: [hartford.longitude, hartford.latitude], radius_m: 1000 },
        start_time: new Date(now - DAY).toISOString(),
        end_time: new Date(now).toISOString(),
      }),
    }).then((res) => res.json() as Promise<object[]>);
    if (search.length === 0) throw new Error("no read near the camera to export");
    const exported = await fetch(`${app.baseUrl}/export-zip`, {
      method: "POST",
      headers: { authorization: `Bearer ${investigator}`, "content-type": "application/json" },
      body: JSON.stringify({ justification: "Bench: an export whose seal is reused", records: [search[0]] }),
    });
    const genuine = Buffer.from(await exported.arrayBuffer());
    if (exported.status !== 200) throw new Error(`export answered ${exported.status}: ${genuine.toString()}`);
    const seal = sealOf(genuine);
    // Just under the upload limit (UPLOAD_MAX_BYTES, 10 MB), which refuses a larger file before any check.
    const pairs = Math.floor((9.9 * 1024 * 1024 * 8 - 30) / 13);
    const bomb = craftZip(
      [{ name: "records.csv", data: zeroBomb(pairs), method: 8, declaredSize: 100 }],
      seal,
    );
    log(
      `crafted ZIP: ${round(bomb.length / 1024 / 1024, 2)} MB, inflating to ${round((pairs * 258) / 1024 ** 3, 2)} GB`,
    );

    const boundary = "----odin-bench-bomb";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bomb.zip"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      bomb,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const verifying = fetch(`${app.baseUrl}/verify-export`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${investigator}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      body,
    }).then(async (res) => ({ status: res.status, body: await res.text(), ms: performance.now() - started }));
    const duringVerify = summarize(await healthWhile(app, verifying));
    const verified = await verifying;
    clearInterval(sampler);
    const rssMb = round((rssPeak - rssBefore) / 1024 / 1024);
    log(
      `verify: ${verified.status} in ${round(verified.ms / 1000, 2)} s; peak RSS +${rssMb} MB; /healthz p95 ${duringVerify.p95} ms meanwhile; ${verified.body.slice(0, 160)}`,
    );

    printTable("Hardening (issue 36)", [
      { what: "/healthz, idle", p50: quiet.p50, p95: quiet.p95, max: quiet.max },
      { what: "/healthz, six maximal investigations", p50: busy.p50, p95: busy.p95, max: busy.max },
      {
        what: "/healthz, a 10 MB ZIP bomb being verified",
        p50: duringVerify.p50,
        p95: duringVerify.p95,
        max: duringVerify.max,
      },
    ]);
    await writeResult({
      targets: [
        {
          name: "/healthz p95 while six maximal investigations run",
          target: `< ${HEALTH_TARGET_MS} ms`,
          measured: `${busy.p95} ms (idle ${quiet.p95} ms; ${round(investigationsMs / 5000, 2)} s a round of six)`,
          met: busy.p95 < HEALTH_TARGET_MS,
        },
        {
          name: "verify a 10 MB crafted ZIP (1.6 GB bomb): server memory",
          target: `< ${RSS_TARGET_MB} MB more`,
          measured: `+${rssMb} MB, answered ${verified.status} in ${round(verified.ms / 1000, 2)} s, /healthz p95 ${duringVerify.p95} ms`,
          met: rssMb < RSS_TARGET_MB && duringVerify.p95 < HEALTH_TARGET_MS,
        },
      ],
      store: { rows: ROWS },
      figures: {
        healthIdle: quiet,
        healthDuringInvestigations: busy,
        healthDuringVerify: duringVerify,
        verified: { status: verified.status, ms: round(verified.ms), rssMb },
      },
    });
  } finally {
    await t?.close();
    await session.$disconnect();
  }
}

runBench("hardening", main);
