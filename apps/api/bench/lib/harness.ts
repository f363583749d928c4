/**
 * What every bench shares: its own embedded PostgreSQL (as the tests start one), statistics, a plain
 * console table, the machine it ran on, and the JSON result in bench/results/<name>.json.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { embeddedSharedBuffers } from "@odin/db/embedded";
import { createTestDatabase, prepareTemplateDatabase, startTestPostgres } from "@odin/db/testing";
import pg from "pg";

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const resultsDir = path.join(benchDir, "results");

export interface BenchDatabase {
  /** URL of a fresh migrated database of the bench's own. */
  url: string;
  adminUrl: string;
  kind: string;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL of the bench's own (embedded here) with one fresh migrated database; stop() removes both.
 * The embedded server gets the cache Odin's embedded database gets (`embeddedSharedBuffers`), unless
 * BENCH_PG_SHARED_BUFFERS says otherwise (e.g. 128MB, PostgreSQL's default, to compare).
 */
/**
 * The bench stores hold up to a year of reads: their months get partitions, as a store that ran that
 * long has them from the detection-partitions job (issue 21), instead of leaving the older reads to
 * the default partition. partition-drop.ts replaces them with days.
 */
export async function monthsOfPartitions(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`
      SELECT odin_partition_create('detections', 'month', m AT TIME ZONE 'UTC')
      FROM generate_series(date_trunc('month', now() AT TIME ZONE 'UTC') - interval '13 months',
                           date_trunc('month', now() AT TIME ZONE 'UTC'), interval '1 month') m`);
  } finally {
    await client.end();
  }
}

export async function startBenchDatabase(
  /** More server settings for the embedded server (search-load.ts: pg_stat_statements preloaded). */
  settings?: Record<string, string>,
): Promise<BenchDatabase> {
  const started = performance.now();
  const sharedBuffers = process.env.BENCH_PG_SHARED_BUFFERS ?? embeddedSharedBuffers();
  const server = await startTestPostgres(process.env, { sharedBuffers, settings });
  try {
    await prepareTemplateDatabase(server.adminUrl);
    const database = await createTestDatabase(server.adminUrl);
    await monthsOfPartitions(database.url);
    const cache = server.kind === "embedded" ? `, shared_buffers ${sharedBuffers}` : "";
    log(`PostgreSQL (${server.kind}${cache}) ready in ${seconds(performance.now() - started)}`);
    return {
      url: database.url,
      adminUrl: server.adminUrl,
      kind: server.kind,
      async stop() {
        await database.drop().catch(() => undefined);
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

// ───────────────────────────── statistics ─────────────────────────────

/** The q-quantile (0..1) of the values, linearly interpolated between the closest ranks. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (sorted.length - 1) * q;
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

export const median = (values: readonly number[]) => quantile(values, 0.5);
export const mean = (values: readonly number[]) =>
  values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : Number.NaN;

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export function summarize(values: readonly number[]): LatencySummary {
  return {
    count: values.length,
    p50: round(quantile(values, 0.5)),
    p95: round(quantile(values, 0.95)),
    p99: round(quantile(values, 0.99)),
    max: round(Math.max(...values)),
    mean: round(mean(values)),
  };
}

export const round = (value: number, digits = 1) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** A small deterministic PRNG (mulberry32), so every run of a bench picks the same queries. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ───────────────────────────── output ─────────────────────────────

export function log(message: string): void {
  console.log(`  ${message}`);
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Prints rows as an aligned table (numbers right-aligned). */
export function printTable(title: string, rows: Record<string, string | number | boolean | null>[]): void {
  console.log(`\n  ${title}`);
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const cell = (value: string | number | boolean | null | undefined) =>
    value === null || value === undefined ? "" : String(value);
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => cell(row[column]).length)),
  );
  const line = (values: (string | number | boolean | null | undefined)[], numeric: boolean[]) =>
    "  | " +
    values
      .map((value, index) =>
        numeric[index] ? cell(value).padStart(widths[index]!) : cell(value).padEnd(widths[index]!),
      )
      .join(" | ") +
    " |";
  console.log(
    line(
      columns,
      columns.map(() => false),
    ),
  );
  console.log("  |" + widths.map((width) => "-".repeat(width + 2)).join("|") + "|");
  for (const row of rows) {
    const values = columns.map((column) => row[column]);
    console.log(
      line(
        values,
        values.map((value) => typeof value === "number"),
      ),
    );
  }
}

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  /** 1-minute load average when the bench started and ended: other work on the machine skews figures. */
  loadAverage: { start: number; end?: number };
}

export function machineInfo(): MachineInfo {
  let cpu = os.cpus()[0]?.model ?? "unknown";
  try {
    const info = readFileSync("/proc/cpuinfo", "utf8");
    cpu = /^model name\s*:\s*(.+)$/m.exec(info)?.[1]?.trim() ?? cpu;
  } catch {
    // not Linux: os.cpus() is enough
  }
  return {
    cpu,
    cores: os.availableParallelism(),
    memoryGb: round(os.totalmem() / 1024 ** 3),
    node: process.version,
    loadAverage: { start: round(os.loadavg()[0]!, 2) },
  };
}

export function gitCommit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: benchDir, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

export interface BenchResult {
  bench: string;
  /** ISO time the bench finished. */
  date: string;
  commit: string;
  machine: MachineInfo;
  durationSeconds: number;
  /** Each target with its measured figure and whether it is met. */
  targets: { name: string; target: string; measured: string; met: boolean }[];
  [detail: string]: unknown;
}

/** What a bench measured: its targets and whatever details it records beside them. */
export interface BenchDetails {
  targets: BenchResult["targets"];
  [detail: string]: unknown;
}

/** Writes bench/results/<name>.json and prints the targets. */
async function writeResult(result: BenchResult): Promise<string> {
  result.machine.loadAverage.end = round(os.loadavg()[0]!, 2);
  await mkdir(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${result.bench}.json`);
  const json = JSON.stringify(result, (_key, value: unknown) =>
    typeof value === "bigint" ? value.toString() : value,
  );
  await writeFile(file, await formatJson(json, file));
  printTable(
    `${result.bench}: targets`,
    result.targets.map((target) => ({
      what: target.name,
      target: target.target,
      measured: target.measured,
      met: target.met ? "yes" : "NO",
    })),
  );
  console.log(
    `\n  ${result.bench} took ${result.durationSeconds} s on ${result.machine.cores} × ${result.machine.cpu}` +
      ` (load ${result.machine.loadAverage.start} → ${result.machine.loadAverage.end}); ` +
      `result in ${path.relative(process.cwd(), file)}`,
  );
  return file;
}

/** As the workspace's Prettier would write it, so `prettier --check .` stays clean after a bench. */
async function formatJson(json: string, file: string): Promise<string> {
  try {
    const prettier = await import("prettier");
    const options = (await prettier.resolveConfig(file)) ?? {};
    return await prettier.format(json, { ...options, parser: "json" });
  } catch {
    return JSON.stringify(JSON.parse(json), null, 2) + "\n";
  }
}

/** What runBench hands a bench's main. */
export interface BenchRun {
  /** A database of the bench's own, stopped once main has finished (or failed). */
  db: BenchDatabase;
  /** Writes the result: the bench's name, date, commit, machine and duration, then the details. */
  writeResult: (details: BenchDetails) => Promise<string>;
}

/**
 * Runs a bench's main with a database of its own, timing the whole of it (database start included),
 * and reports a failure with a non-zero exit code.
 */
export function runBench(
  name: string,
  main: (run: BenchRun) => Promise<void>,
  { pgSettings }: { pgSettings?: Record<string, string> } = {},
): void {
  console.log(`\n▶ bench ${name}`);
  const started = performance.now();
  const machine = machineInfo();
  const run = async () => {
    const db = await startBenchDatabase(pgSettings);
    try {
      await main({
        db,
        writeResult: (details) =>
          writeResult({
            bench: name,
            date: new Date().toISOString(),
            commit: gitCommit(),
            machine,
            durationSeconds: round((performance.now() - started) / 1000),
            ...details,
          }),
      });
    } finally {
      await db.stop();
    }
  };
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`bench ${name} failed:`, error);
      process.exit(1);
    },
  );
}
