/**
 * Exports: the real API in a process of its own (so its memory is only the API's), the vendor and
 * maps simulators in this process, the demo seed, the simulated RAVEN cameras' recent reads pushed
 * with their pictures, and one search as hartford.investigator whose results are exported.
 *
 *  (a) POST /export-pdf of 100 records (Rekor, Axon, RAVEN) with pictures, plate crops, map snapshots
 *      and addresses, the first export of a fresh API process (tile and address caches cold): wall
 *      time to the last byte (target ≤ 10 s) and the API's peak RSS (target ≤ 400 MB).
 *  (b) POST /export-zip of 200 and of 2,000 records (the search's results repeated), read and thrown
 *      away as it streams: the API's peak RSS growth during the export; 2,000 records may grow by less
 *      than 50 MB more than 200. Each size runs twice, each time in a fresh API process: cold (the
 *      process's first export), and warm (after one ZIP of 500 records, the default cap). The target
 *      is judged warm: a cold process also pays once for what any long export reaches and then keeps
 *      level (V8 lets some 50-60 MB of finished pictures wait for a full collection), which a 200-record
 *      export is too short to reach; the cold figures are recorded beside it.
 *
 * The simulators have drawn every picture and tile once beforehand, as a vendor serves from its own
 * storage: their drawing is not the API's time. RSS is sampled in the API process itself
 * (process.memoryUsage().rss every 50 ms) and read here over IPC before and after each export. The
 * API runs under tsx, as in development, which adds some tens of MB to every figure.
 *
 *   pnpm --filter @odin/api exec tsx bench/exports.ts
 *   BENCH_PDF_RECORDS=100 BENCH_ZIP_SMALL=200 BENCH_ZIP_LARGE=2000 … (other sizes)
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TExportRecord, TSearchResult } from "@odin/contract";
import { createPrismaClient, createSecretBox } from "@odin/db";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { findFreePort } from "@odin/db/embedded";
import { buildAxisEvent, mapsTileUrls, pushAxisEvents, startSimulators } from "@odin/simulators";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config/env";
import type { TestApp } from "../test/helpers";
import { mintToken, PERSONAS, seedPersonas } from "../test/tokens";
import { projectRoot } from "./lib/app";
import { startChild, type BenchChild } from "./lib/child";
import { log, printTable, round, runBench, seconds, type BenchRun } from "./lib/harness";

const PDF_RECORDS = Number(process.env.BENCH_PDF_RECORDS ?? 100);
const ZIP_SMALL = Number(process.env.BENCH_ZIP_SMALL ?? 200);
const ZIP_LARGE = Number(process.env.BENCH_ZIP_LARGE ?? 2000);
const ZIP_WARM_UP = 500;
const AXIS_READS = 150;
const DAY = 86_400_000;
const MB = 1024 * 1024;

const TARGET_PDF_SECONDS = 10;
const TARGET_PDF_RSS_MB = 400;
const TARGET_ZIP_GROWTH_DIFFERENCE_MB = 50;

// ───────────────────────────── the API process ─────────────────────────────

type ApiRequest =
  | { type: "start"; env: Record<string, string>; seed?: { rekor: string; axon: string } }
  | { type: "mark" }
  | { type: "peak" }
  | { type: "exit" };

type ApiMessage =
  | { type: "ready"; token: string; rss: number }
  | { type: "marked"; rss: number }
  | { type: "peak"; peakRss: number; rss: number; atPeak: NodeJS.MemoryUsage }
  | { type: "error"; message: string };

/** Runs in the forked process: the API as server.ts would build it, plus an RSS sampler. */
function apiProcess(): void {
  let app: TestApp | undefined;
  let atPeak = process.memoryUsage();
  let peak = atPeak.rss;
  setInterval(() => {
    const usage = process.memoryUsage();
    if (usage.rss > peak) [peak, atPeak] = [usage.rss, usage];
  }, 50).unref();
  const send = (message: ApiMessage) => void process.send?.(message);

  async function handle(message: ApiRequest): Promise<void> {
    switch (message.type) {
      case "start": {
        const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", ...message.env }, projectRoot);
        const prisma = createPrismaClient(config.databaseUrl!, { poolSize: config.databasePoolSize });
        const secrets = createSecretBox(config.secretsKey!);
        const server = await buildApp({ config, prisma, secrets, mailer: { send: async () => undefined } });
        await server.listen({ host: "127.0.0.1", port: config.port });
        app = {
          app: server,
          prisma,
          config,
          secrets,
          databaseUrl: config.databaseUrl!,
          baseUrl: config.publicUrl,
          outbox: [],
          close: async () => {
            await server.close();
            await prisma.$disconnect();
          },
        };
        if (message.seed) await seedPersonas(app, { simulatorUrls: message.seed });
        const user = await prisma.user.findUniqueOrThrow({ where: { username: PERSONAS.investigator } });
        const token = await mintToken(app, user.idpSubject!, { expiresIn: 3600 });
        return send({ type: "ready", token, rss: process.memoryUsage().rss });
      }
      case "mark":
        atPeak = process.memoryUsage();
        peak = atPeak.rss;
        return send({ type: "marked", rss: peak });
      case "peak": {
        const rss = process.memoryUsage().rss;
        peak = Math.max(peak, rss);
        return send({ type: "peak", peakRss: peak, rss, atPeak });
      }
      case "exit":
        await app?.close();
        process.exit(0);
    }
  }

  process.on("message", (message: ApiRequest) => {
    handle(message).catch((error: unknown) => send({ type: "error", message: String(error) }));
  });
}

// ───────────────────────────── the bench ─────────────────────────────

interface Run {
  scenario: string;
  records: number;
  seconds: number;
  firstByteSeconds: number;
  bytes: number;
  rssBeforeMb: number;
  peakRssMb: number;
  growthMb: number;
  heapAtPeakMb: number;
  externalAtPeakMb: number;
}

/** Reads the answer to its end, keeping only its first and last bytes. */
async function drain(
  response: Response,
  started: number,
): Promise<{ bytes: number; head: Buffer; tail: Buffer; firstByteMs: number }> {
  let firstByteMs = 0;
  let bytes = 0;
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  for await (const chunk of response.body!) {
    const buffer = Buffer.from(chunk as Uint8Array);
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += buffer.length;
    if (head.length < 16) head = Buffer.concat([head, buffer.subarray(0, 16)]);
    tail = Buffer.concat([tail, buffer]).subarray(-64);
  }
  return { bytes, head, tail, firstByteMs };
}

/**
 * Fetches every result's pictures and one map of every place once through the API, so the simulators
 * have drawn them (they keep what they drew) before anything is measured.
 */
async function warmVendors(baseUrl: string, token: string, results: TSearchResult[]) {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const pictures = results.flatMap((result) =>
    [result.vehicle_image_src, result.plate_image_src].filter((src): src is string => Boolean(src)),
  );
  for (let i = 0; i < pictures.length; i += 8) {
    await Promise.all(
      pictures.slice(i, i + 8).map(async (src) => {
        const response = await fetch(`${baseUrl}${src}`, { headers });
        await response.arrayBuffer();
      }),
    );
  }
  const places = new Map(results.map((result) => [`${result.latitude},${result.longitude}`, result]));
  for (const result of places.values()) {
    if (typeof result.latitude !== "number" || typeof result.longitude !== "number") continue;
    const response = await fetch(`${baseUrl}/generate-map-snapshot`, {
      method: "POST",
      headers,
      body: JSON.stringify({ latitude: result.latitude, longitude: result.longitude }),
    });
    await response.arrayBuffer();
  }
  return { pictures: pictures.length, places: places.size };
}

async function main({ db, writeResult }: BenchRun): Promise<void> {
  const sim = await startSimulators({ rekorPort: 0, axonPort: 0, mapsPort: 0 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "odin-bench-exports-"));
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    DATABASE_URL: db.url,
    PORT: String(port),
    ODIN_PUBLIC_URL: baseUrl,
    ODIN_DATA_DIR: dataDir,
    ODIN_SECRETS_KEY: randomBytes(32).toString("hex"),
    MAP_TILE_URL_LIGHT: mapsTileUrls(sim.mapsUrl).light,
    REVERSE_GEOCODE_URL: sim.mapsUrl,
    EXPORT_MAX_RECORDS: String(Math.max(PDF_RECORDS, ZIP_LARGE)),
    RATE_LIMIT_PER_MINUTE: "100000",
  };
  let api: BenchChild<ApiRequest, ApiMessage> | undefined;
  const startApi = async (seed?: { rekor: string; axon: string }) => {
    api = startChild<ApiRequest, ApiMessage>("exports.ts");
    return api.request({ type: "start", env, ...(seed ? { seed } : {}) }, "ready");
  };
  const stopApi = async () => {
    await api?.stop();
    api = undefined;
  };

  try {
    // Seed, push the RAVEN reads with their pictures, search: the records every export uses.
    const { token } = await startApi({ rekor: sim.rekorUrl, axon: sim.axonUrl });
    const since = Date.now() - DAY;
    let pushed = 0;
    for (const integration of DEMO_AGENCIES.flatMap((agency) => agency.axis)) {
      const reads = sim.dataset
        .axis()
        .filter(
          (read) => read.camera.integration.identifier === integration.identifier && read.capturedAt >= since,
        )
        .slice(0, AXIS_READS / 5);
      const events = await Promise.all(reads.map((read) => buildAxisEvent(read, { renderer: sim.images })));
      const result = await pushAxisEvents(
        `${baseUrl}/ingest/axis/${integration.identifier}`,
        integration.ingestToken,
        events,
        {
          concurrency: 4,
        },
      );
      if (result.failed) throw new Error(`${result.failed} Axis reads were refused`);
      pushed += result.sent;
    }
    log(`Axis store: ${pushed} reads with their pictures pushed through the ingest endpoint`);
    const search = await fetch(`${baseUrl}/search-data`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        justification: "Benchmark: exports",
        start_time: new Date(since).toISOString(),
        end_time: new Date().toISOString(),
      }),
    });
    if (!search.ok) throw new Error(`search answered ${search.status}: ${await search.text()}`);
    const results = (await search.json()) as TSearchResult[];
    const warmed = await warmVendors(baseUrl, token, results);
    log(`vendors warmed: ${warmed.pictures} pictures and ${warmed.places} map places fetched once`);
    await stopApi();
    const bySource = (source: TSearchResult["source_program"]) =>
      results.filter((result) => result.source_program === source);
    const counts = {
      Rekor: bySource("Rekor").length,
      Axon: bySource("Axon").length,
      Axis: bySource("Axis").length,
    };
    log(
      `search: ${results.length} results (Rekor ${counts.Rekor}, Axon ${counts.Axon}, RAVEN ${counts.Axis})`,
    );
    if (Object.values(counts).some((count) => count === 0)) throw new Error("a source found nothing");

    // 100 records, a third of each source; the ZIPs repeat the whole result list.
    const third = Math.ceil(PDF_RECORDS / 3);
    const pdfRecords = [
      ...bySource("Rekor").slice(0, third),
      ...bySource("Axon").slice(0, third),
      ...bySource("Axis").slice(0, third),
    ].slice(0, PDF_RECORDS);
    if (pdfRecords.length < PDF_RECORDS) throw new Error(`only ${pdfRecords.length} records for the PDF`);
    const repeated = (n: number): TExportRecord[] =>
      Array.from({ length: n }, (_, i) => results[i % results.length]!);

    const exportOnce = async (
      token: string,
      scenario: string,
      kind: "pdf" | "zip",
      records: TExportRecord[],
    ) => {
      const t0 = performance.now();
      const response = await fetch(`${baseUrl}/export-${kind}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ records, justification: `Benchmark: ${scenario}` }),
      });
      if (!response.ok) throw new Error(`${scenario}: ${response.status} ${await response.text()}`);
      const body = await drain(response, t0);
      return { body, ms: performance.now() - t0 };
    };

    const runs: Run[] = [];
    const measure = async (scenario: string, kind: "pdf" | "zip", records: TExportRecord[], warmUp = 0) => {
      const { token: fresh } = await startApi();
      if (warmUp > 0) await exportOnce(fresh, "warm-up", "zip", repeated(warmUp));
      const before = await api!.request({ type: "mark" }, "marked");
      const { body, ms } = await exportOnce(fresh, scenario, kind, records);
      const after = await api!.request({ type: "peak" }, "peak");
      await stopApi();
      const valid =
        kind === "pdf"
          ? body.head.toString("latin1").startsWith("%PDF-") && body.tail.toString("latin1").includes("%%EOF")
          : body.tail.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
      if (!valid) throw new Error(`${scenario}: the answer is not a whole ${kind.toUpperCase()}`);
      const run: Run = {
        scenario,
        records: records.length,
        seconds: round(ms / 1000, 2),
        firstByteSeconds: round(body.firstByteMs / 1000, 2),
        bytes: body.bytes,
        rssBeforeMb: round(before.rss / MB),
        peakRssMb: round(after.peakRss / MB),
        growthMb: round((after.peakRss - before.rss) / MB),
        heapAtPeakMb: round(after.atPeak.heapUsed / MB),
        externalAtPeakMb: round(after.atPeak.external / MB),
      };
      log(
        `${scenario}: ${seconds(ms)}, ${round(body.bytes / MB)} MB, API RSS ${run.rssBeforeMb} → peak ` +
          `${run.peakRssMb} MB (heap ${run.heapAtPeakMb} MB, external ${run.externalAtPeakMb} MB at the peak)`,
      );
      runs.push(run);
      return run;
    };

    const pdf = await measure(`PDF, ${PDF_RECORDS} records (cold)`, "pdf", pdfRecords);
    const zip = {
      coldSmall: await measure(`ZIP, ${ZIP_SMALL} records (cold)`, "zip", repeated(ZIP_SMALL)),
      coldLarge: await measure(`ZIP, ${ZIP_LARGE} records (cold)`, "zip", repeated(ZIP_LARGE)),
      small: await measure(`ZIP, ${ZIP_SMALL} records (warm)`, "zip", repeated(ZIP_SMALL), ZIP_WARM_UP),
      large: await measure(`ZIP, ${ZIP_LARGE} records (warm)`, "zip", repeated(ZIP_LARGE), ZIP_WARM_UP),
    };

    printTable(
      "exports (API in its own process; RSS sampled there every 50 ms)",
      runs.map((run) => ({
        scenario: run.scenario,
        "time s": run.seconds,
        "first byte s": run.firstByteSeconds,
        "size MB": round(run.bytes / MB),
        "RSS before MB": run.rssBeforeMb,
        "peak RSS MB": run.peakRssMb,
        "growth MB": run.growthMb,
      })),
    );

    const difference = round(zip.large.growthMb - zip.small.growthMb);
    const coldDifference = round(zip.coldLarge.growthMb - zip.coldSmall.growthMb);
    await writeResult({
      method:
        "API in a forked process under tsx (buildApp, real config, PostgreSQL); simulators (pictures and tiles " +
        "drawn once beforehand) and the HTTP client in the bench process; RSS sampled in the API process " +
        `every 50 ms; each export in a fresh API process, cold or after a ${ZIP_WARM_UP}-record ZIP (warm); ` +
        "growth = peak RSS during the export - RSS before it",
      search: { results: results.length, ...counts, axisPushed: pushed },
      runs,
      targets: [
        {
          name: `PDF of ${PDF_RECORDS} records with pictures and map snapshots`,
          target: `≤ ${TARGET_PDF_SECONDS} s`,
          measured: `${pdf.seconds} s`,
          met: pdf.seconds <= TARGET_PDF_SECONDS,
        },
        {
          name: `API peak RSS during that PDF`,
          target: `≤ ${TARGET_PDF_RSS_MB} MB`,
          measured: `${pdf.peakRssMb} MB`,
          met: pdf.peakRssMb <= TARGET_PDF_RSS_MB,
        },
        {
          name: `ZIP ${ZIP_LARGE} vs ${ZIP_SMALL} records: extra peak RSS growth (warm)`,
          target: `< ${TARGET_ZIP_GROWTH_DIFFERENCE_MB} MB`,
          measured: `${difference} MB (${zip.large.growthMb} vs ${zip.small.growthMb} MB; cold ${coldDifference} MB)`,
          met: difference < TARGET_ZIP_GROWTH_DIFFERENCE_MB,
        },
      ],
    });
  } finally {
    await stopApi().catch(() => undefined);
    await sim.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export { main };

if (process.send) apiProcess();
else runBench("exports", main);
