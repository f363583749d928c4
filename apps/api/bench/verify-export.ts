/**
 * Verify Export under hostile uploads (issue 36, F15), the server in this process (as the hardening
 * bench) with the vendor and maps simulators, the demo seed and one search as hartford.investigator:
 *  (a) a genuine ZIP export (as many of the search's records as fit the upload limit): the time
 *      POST /verify-export takes to say it is valid (median of 5);
 *  (b) a 10 MB crafted ZIP carrying that export's seal around a deflate bomb whose directory says
 *      100 bytes (1.6 GB of zeros): the time to its refusal, the process's peak RSS growth (the worker
 *      thread's memory is the process's), and /healthz asked one after another meanwhile;
 *  (c) the most work the bounds let through: four deflated entries of 32 MB each (128 MB, the total
 *      limit) at the largest ratio allowed (100), so the worker inflates and hashes all of it;
 *  (d) a 15 MB manifest.json listing 400,000 files (an export lists at most 15,010).
 * Targets: (b) refused in under 1 s, under 100 MB more, /healthz answered throughout (p95 < 100 ms).
 *
 *   pnpm --filter @odin/api bench verify-export
 */
import { deflateRawSync } from "node:zlib";
import type { TSearchResult } from "@odin/contract";
import { mapsTileUrls, startSimulators } from "@odin/simulators";
import type { TestApp } from "../test/helpers";
import { mintToken, seedPersonas } from "../test/tokens";
import { craftZip, sealOf, zeroBomb } from "../test/zip-bombs";
import { startBenchApp } from "./lib/app";
import { log, median, printTable, round, runBench, summarize, type BenchRun } from "./lib/harness";

const UPLOAD_ROOM = 9.9 * 1024 * 1024; // under UPLOAD_MAX_BYTES (10 MB), which refuses a larger file first
const DAY = 86_400_000;
const TARGET_REFUSAL_MS = 1_000;
const TARGET_RSS_MB = 100;
const TARGET_HEALTH_MS = 100;

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
  const sim = await startSimulators({ rekorPort: 0, axonPort: 0, mapsPort: 0 });
  let t: TestApp | undefined;
  try {
    t = await startBenchApp(db.url, {
      MAP_TILE_URL_LIGHT: mapsTileUrls(sim.mapsUrl).light,
      REVERSE_GEOCODE_URL: sim.mapsUrl,
      ODIN_ALLOWED_PRIVATE_HOSTS: "127.0.0.1,localhost",
      AXON_POLL_INTERVAL_MS: "0",
      RATE_LIMIT_PER_MINUTE: "100000",
    });
    const app = t;
    const subjects = await seedPersonas(app, { simulatorUrls: { rekor: sim.rekorUrl, axon: sim.axonUrl } });
    const token = await mintToken(app, subjects.investigator, { expiresIn: 3600 });
    const call = (url: string, body: unknown) =>
      fetch(`${app.baseUrl}${url}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const search = await call("/search-data", {
      justification: "Bench: records to export",
      start_time: new Date(Date.now() - DAY).toISOString(),
      end_time: new Date().toISOString(),
    });
    if (!search.ok) throw new Error(`search answered ${search.status}: ${await search.text()}`);
    const results = (await search.json()) as TSearchResult[];

    // (a) a genuine export, as large as the upload limit lets it be.
    let records = Math.min(results.length, 100);
    let genuine: Buffer;
    for (;;) {
      const res = await call("/export-zip", {
        justification: "Bench: an export to verify",
        records: results.slice(0, records),
      });
      genuine = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`export answered ${res.status}: ${genuine.toString()}`);
      if (genuine.length <= UPLOAD_ROOM) break;
      records = Math.floor((records * UPLOAD_ROOM) / genuine.length);
    }
    const verify = async (file: Buffer) => {
      const boundary = "----odin-bench-verify";
      const started = performance.now();
      const res = await fetch(`${app.baseUrl}/verify-export`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
        body: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="export.zip"\r\n` +
              "Content-Type: application/zip\r\n\r\n",
          ),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      return { status: res.status, body: await res.text(), ms: performance.now() - started };
    };
    const genuineRuns: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await verify(genuine);
      if (answer.status !== 200 || !answer.body.includes('"valid":true'))
        throw new Error(`the genuine export did not verify: ${answer.status} ${answer.body.slice(0, 300)}`);
      genuineRuns.push(answer.ms);
    }
    const genuineMs = round(median(genuineRuns));
    log(
      `(a) genuine export: ${records} records, ${round(genuine.length / 1024 / 1024, 2)} MB, valid in ${genuineMs} ms (median of 5)`,
    );

    /** Verifies `file` while sampling the process's RSS every 20 ms and asking /healthz. */
    const hostile = async (file: Buffer) => {
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
      const verifying = verify(file);
      const health = await healthWhile(app, verifying);
      const answer = await verifying;
      clearInterval(sampler);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      return { ...answer, rssMb: round((rssPeak - rssBefore) / 1024 / 1024), health };
    };

    // (b) 10 MB: a genuine seal around a bomb whose directory says 100 bytes.
    const pairs = Math.floor((UPLOAD_ROOM * 8 - 30 * 8) / 13);
    const bomb = craftZip(
      [{ name: "records.csv", data: zeroBomb(pairs), method: 8, declaredSize: 100 }],
      sealOf(genuine),
    );
    const refused = await hostile(bomb);
    const refusedHealth = summarize(refused.health);
    log(
      `(b) ${round(bomb.length / 1024 / 1024, 2)} MB bomb (${round((pairs * 258) / 1024 ** 3, 2)} GB of zeros): ${refused.status} in ${round(refused.ms)} ms, peak RSS +${refused.rssMb} MB, /healthz ${refused.health.length} answers meanwhile (max ${refusedHealth.max} ms); ${refused.body}`,
    );

    // (c) the largest archive the bounds let through: 4 × 32 MB at a ratio of 100 (padded streams).
    const entryBytes = 32 * 1024 * 1024;
    const stream = deflateRawSync(Buffer.alloc(entryBytes));
    const padded = Buffer.concat([stream, Buffer.alloc(Math.ceil(entryBytes / 100) - stream.length)]);
    const largest = craftZip(
      Array.from({ length: 4 }, (_, i) => ({
        name: `part${i}.csv`,
        data: padded,
        method: 8 as const,
        declaredSize: entryBytes,
      })),
      sealOf(genuine),
    );
    const bounded = await hostile(largest);
    const boundedHealth = summarize(bounded.health);
    log(
      `(c) ${round(largest.length / 1024 / 1024, 2)} MB inflating to 128 MB within the bounds: ${bounded.status} in ${round(bounded.ms)} ms, peak RSS +${bounded.rssMb} MB, /healthz ${bounded.health.length} answers meanwhile (max ${boundedHealth.max} ms)`,
    );

    // (d) a manifest.json of 15 MB listing 400,000 files (each was a problem named on the event loop).
    const listing = Buffer.from(
      JSON.stringify({
        export_id: "x",
        files: Array.from({ length: 400_000 }, (_, i) => ({ path: `f${i}`, size: 1, sha256: "0" })),
        signature: "a.b.c",
      }),
    );
    const listed = await hostile(
      craftZip(
        [{ name: "manifest.json", data: deflateRawSync(listing), method: 8, declaredSize: listing.length }],
        sealOf(genuine),
      ),
    );
    const listedHealth = summarize(listed.health);
    log(
      `(d) a ${round(listing.length / 1024 / 1024, 1)} MB manifest listing 400,000 files: ${listed.status} in ${round(listed.ms)} ms, peak RSS +${listed.rssMb} MB, /healthz ${listed.health.length} answers meanwhile (max ${listedHealth.max} ms)`,
    );

    printTable("Verify Export (issue 36, F15)", [
      { what: `genuine ZIP, ${records} records`, ms: genuineMs, status: 200, "RSS +MB": null, healthz: null },
      {
        what: "10 MB bomb, genuine seal",
        ms: round(refused.ms),
        status: refused.status,
        "RSS +MB": refused.rssMb,
        healthz: `${refused.health.length} answers, p95 ${refusedHealth.p95} ms`,
      },
      {
        what: "128 MB within the bounds",
        ms: round(bounded.ms),
        status: bounded.status,
        "RSS +MB": bounded.rssMb,
        healthz: `${bounded.health.length} answers, p95 ${boundedHealth.p95} ms`,
      },
      {
        what: "manifest listing 400,000 files",
        ms: round(listed.ms),
        status: listed.status,
        "RSS +MB": listed.rssMb,
        healthz: `${listed.health.length} answers, p95 ${listedHealth.p95} ms`,
      },
    ]);
    await writeResult({
      targets: [
        {
          name: "a 10 MB crafted ZIP (genuine seal, 1.6 GB bomb) refused",
          target: `4xx in < ${TARGET_REFUSAL_MS} ms, < ${TARGET_RSS_MB} MB more, /healthz p95 < ${TARGET_HEALTH_MS} ms`,
          measured: `${refused.status} in ${round(refused.ms)} ms, +${refused.rssMb} MB, /healthz p95 ${refusedHealth.p95} ms (${refused.health.length} answers)`,
          met:
            refused.status === 413 &&
            refused.ms < TARGET_REFUSAL_MS &&
            refused.rssMb < TARGET_RSS_MB &&
            refused.health.length > 0 &&
            refusedHealth.p95 < TARGET_HEALTH_MS,
        },
      ],
      figures: {
        genuine: { records, bytes: genuine.length, ms: genuineMs, runs: genuineRuns.map((ms) => round(ms)) },
        bomb: {
          bytes: bomb.length,
          status: refused.status,
          ms: round(refused.ms),
          rssMb: refused.rssMb,
          health: refusedHealth,
          answer: refused.body,
        },
        manifestListing: {
          status: listed.status,
          ms: round(listed.ms),
          rssMb: listed.rssMb,
          health: listedHealth,
        },
        withinBounds: {
          bytes: largest.length,
          status: bounded.status,
          ms: round(bounded.ms),
          rssMb: bounded.rssMb,
          health: boundedHealth,
        },
      },
    });
  } finally {
    await t?.close();
    await sim.close();
  }
}

runBench("verify-export", main);
