/**
 * Where a Similar search's time goes (issue 19): each misread is searched right after the peer's query
 * (as bench/similar.ts interleaves them), by one of several ways in turn, so every way sees the same
 * evicted buffers. Not one of `pnpm bench`'s benches: run it when the Similar path is in question.
 *
 *   pnpm --filter @odin/api exec tsx bench/similar-profile.ts
 *   BENCH_SIMILAR_ROWS=200000 BENCH_SHARED_BUFFERS=24MB BENCH_SIMILAR_MISREADS=150 …   (the defaults)
 *
 * BENCH_SHARED_BUFFERS scales PostgreSQL's cache with the data (128 MB, the default, against 1,000,000
 * reads), so the peer's scan evicts Odin's pages as it does at full size. BENCH_PROFILE_DIR=<folder>
 * keeps the loaded database there for the next run; BENCH_NO_PEER=1 searches warm (no peer query
 * between); BENCH_PROFILE_ONLY_NODE=1 times only Node's own work on the rows; BENCH_PROFILE_SYNC_READS=0
 * runs the candidate function without the setting of migration 20261129200000. Each way's wall time and
 * Node's CPU time are printed: on a busy machine the CPU time is the steadier figure.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createPrismaClient, createSecretBox, Prisma } from "@odin/db";
import { startEmbeddedPostgres } from "@odin/db/embedded";
import { seedDemoData } from "@odin/db/seed";
import { createTestDatabase, prepareTemplateDatabase } from "@odin/db/testing";
import pg from "pg";
import { searchAxisReads } from "../src/sources/axis/axis-detections.repository";
import { createAxisSource, mapAxisDetection } from "../src/sources/axis/axis.source";
import { plateMatches, toPlatePattern } from "../src/sources/plate-pattern";
import { similarPlatesSql } from "../src/sources/similar-plates.repository";
import { CLASSES, DAY, loadReads, misread, type MisreadClass } from "./lib/similar-data";
import { log, prng, round, summarize } from "./lib/harness";

const ROWS = Number(process.env.BENCH_SIMILAR_ROWS ?? 200_000);
const MISREADS = Number(process.env.BENCH_SIMILAR_MISREADS ?? 150);
const ONLY_NODE = process.env.BENCH_PROFILE_ONLY_NODE === "1";
const SHARED_BUFFERS = process.env.BENCH_SHARED_BUFFERS ?? "24MB";

async function main(): Promise<void> {
  // BENCH_PROFILE_DIR keeps the loaded database between runs (removed otherwise).
  const kept = process.env.BENCH_PROFILE_DIR;
  const dir = kept ?? (await mkdtemp(path.join(os.tmpdir(), "odin-similar-profile-")));
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o755);
  const dataDir = path.join(dir, "data");
  const urlFile = path.join(dir, "url");
  const reuse = existsSync(urlFile);
  let server = await startEmbeddedPostgres({ dataDir });
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query(`ALTER SYSTEM SET shared_buffers = '${SHARED_BUFFERS}'`);
  await admin.end();
  await server.stop();
  server = await startEmbeddedPostgres({ dataDir, port: server.port });
  let url: string;
  if (reuse) {
    const old = new URL(await readFile(urlFile, "utf8"));
    old.port = String(server.port);
    url = old.toString();
  } else {
    await prepareTemplateDatabase(server.adminUrl);
    url = (await createTestDatabase(server.adminUrl)).url;
    await writeFile(urlFile, url);
  }
  const database = { url };
  const prisma = createPrismaClient(database.url);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    const rand = prng(19);
    const now = reuse
      ? Number((await prisma.$queryRawUnsafe<{ now: bigint }[]>("SELECT now FROM profile_now"))[0]!.now)
      : Date.now();
    if (!reuse) {
      await seedDemoData(prisma, { encryptSecret: createSecretBox(randomBytes(32)).encrypt });
      await prisma.$executeRawUnsafe(`CREATE TABLE profile_now AS SELECT ${now}::bigint AS now`);
    }
    const integrations = await prisma.axisIntegration.findMany({ include: { axisAgency: true } });
    if (!reuse) {
      const loaded = await loadReads(prisma, integrations, ROWS, rand, now);
      log(`${ROWS} reads, ${loaded.distinct} plates, ${loaded.variants} variants`);
    }
    // BENCH_PROFILE_SYNC_READS=0: the candidate function without its effective_io_concurrency = 0
    // (migration 20261129200000_similar_sync_reads), as before it.
    const signature = "odin_similar_plates(text, text, int, text[], text[], text[], text[], text[], text)";
    await prisma.$executeRawUnsafe(
      process.env.BENCH_PROFILE_SYNC_READS === "0"
        ? `ALTER FUNCTION ${signature} RESET effective_io_concurrency`
        : `ALTER FUNCTION ${signature} SET effective_io_concurrency = 0`,
    );
    log(`shared_buffers ${SHARED_BUFFERS}, sync reads ${process.env.BENCH_PROFILE_SYNC_READS ?? "1"}`);
    const start = new Date(now - 30 * DAY);
    const end = new Date(now);
    const recent = await prisma.$queryRaw<{ plate: string }[]>(Prisma.sql`
      SELECT DISTINCT plate_normalized AS plate FROM detections WHERE timestamp >= ${start}
      ORDER BY 1 LIMIT 20000`);
    const cases: { kind: MisreadClass; truth: string; typed: string }[] = [];
    for (let i = 0; cases.length < MISREADS && i < MISREADS * 50; i++) {
      const kind = CLASSES[cases.length % CLASSES.length]!;
      const truth = recent[Math.floor(rand() * recent.length)]!.plate;
      const typed = misread(truth, kind, rand);
      if (typed && typed !== truth) cases.push({ kind, truth, typed });
    }
    const source = createAxisSource(prisma);
    const targets = [...(await source.searchable({ agency: "all" })).values()];
    const query = (q: string) => ({
      plate: toPlatePattern(q, "similar"),
      plateState: undefined,
      color: undefined,
      make: undefined,
      bodyType: undefined,
      start,
      end,
      limit: 5_000,
    });
    const peer = (q: string) =>
      prisma.$queryRaw<{ plate: string }[]>(Prisma.sql`
        SELECT DISTINCT plate_normalized AS plate FROM detections
        WHERE timestamp >= ${start} AND timestamp <= ${end}
          AND (plate_normalized ILIKE ${`%${q}%`}
            OR levenshtein(plate_normalized, ${q}) <= GREATEST(2, CEIL(length(${q}) * 0.25)))`);
    const candidatesSql = (q: string) => similarPlatesSql(q, { contains: true });

    // The same source on a wrapped client: queryPrepared does not know it, so the Similar statement goes
    // through Prisma's $queryRaw as it did before (the figures' "before").
    const wrapped = new Proxy(prisma, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const throughPrisma = createAxisSource(wrapped);
    const ways: Record<string, (q: string) => Promise<unknown>> = {
      "source.search (node-postgres)": (q) => source.search(query(q), targets, new AbortController().signal),
      "searchAxisReads only (node-postgres)": (q) => searchAxisReads(prisma, query(q), targets),
      "source.search ($queryRaw)": (q) =>
        throughPrisma.search(query(q), targets, new AbortController().signal),
      "candidates only (Prisma)": (q) => prisma.$queryRaw(candidatesSql(q)),
      "candidates only (pg)": (q) => {
        const sql = candidatesSql(q);
        return pool.query(sql.text, sql.values);
      },
      "SELECT 1 (Prisma)": () => prisma.$queryRaw`SELECT 1`,
      "SELECT 1 (pg)": () => pool.query("SELECT 1"),
    };
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
    const names = Object.keys(ways);
    // Warm every way once (plans, connections).
    for (const name of names) await ways[name]!(cases[0]!.typed);
    const cpu: Record<string, number[]> = Object.fromEntries(names.map((k) => [k, []]));
    for (const [index, c] of (ONLY_NODE ? [] : cases).entries()) {
      for (const name of names) {
        if (process.env.BENCH_NO_PEER !== "1") await peer(c.typed);
        const t = performance.now();
        const used = process.cpuUsage();
        await ways[name]!(c.typed);
        times[name]!.push(performance.now() - t);
        const spent = process.cpuUsage(used);
        cpu[name]!.push((spent.user + spent.system) / 1000);
      }
      if ((index + 1) % 50 === 0) log(`${index + 1}/${cases.length}`);
    }
    for (const name of ONLY_NODE ? [] : names) {
      const s = summarize(times[name]!);
      const c = summarize(cpu[name]!);
      console.log(
        `${name.padEnd(38)} p50 ${s.p50} p95 ${s.p95} mean ${s.mean} | Node CPU p50 ${c.p50} p95 ${c.p95}`,
      );
    }
    // Node's own work, no database: the rule and the mapping on the rows found, and the statement's arguments.
    // The Axis source's own work on the rows (the plate rule once per plate, the mapping), no database.
    const fetched = await Promise.all(
      cases.map(async (c) => ({ c, rows: await searchAxisReads(prisma, query(c.typed), targets) })),
    );
    const rowCount = fetched.reduce((sum, f) => sum + f.rows.length, 0);
    const mapStarted = performance.now();
    for (let round = 0; round < 5; round++) {
      for (const { c, rows } of fetched) {
        const pattern = toPlatePattern(c.typed, "similar");
        const seen = new Map<string, boolean>();
        rows
          .filter((row) => {
            let known = seen.get(row.plate);
            if (known === undefined) seen.set(row.plate, (known = plateMatches(pattern, row.plate)));
            return known;
          })
          .map(mapAxisDetection);
      }
    }
    console.log(
      `rule + mapping: ${round((performance.now() - mapStarted) / 5 / cases.length, 3)} ms a search (${round(rowCount / cases.length, 1)} rows)`,
    );
    const t = performance.now();
    for (const c of cases) candidatesSql(c.typed);
    console.log(`building the candidate SQL: ${round((performance.now() - t) / cases.length, 3)} ms each`);
    console.log(
      `load average ${os
        .loadavg()
        .map((v) => round(v, 1))
        .join(" / ")}`,
    );
  } finally {
    await pool.end();
    await prisma.$disconnect();
    await server.stop();
    if (!kept) await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
