/**
 * `pnpm bench` (turbo → this package's `bench` script): every bench in turn, each in a process of
 * its own with its own embedded PostgreSQL, then one table of all targets. Missed targets are
 * reported, not failed (figures depend on the machine); a bench that crashes fails the run.
 *
 *   pnpm --filter @odin/api bench                      all of them
 *   pnpm --filter @odin/api bench axis-ingest          only the named ones
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { benchDir, printTable, resultsDir, round, type BenchResult } from "./lib/harness";

const BENCHES = [
  "axis-store",
  "federated",
  "axis-ingest",
  "exports",
  "matcher",
  "similar",
  "investigations",
  "alert-delivery",
  "legal-holds",
  "partition-drop",
  "audit-partitions",
  "growth",
  "replicas",
  "failover",
  "hardening",
  "verify-export",
  "search-load",
  "similar-load",
  "ingest-nginx",
] as const;

const asked = process.argv.slice(2).filter((arg) => arg !== "--");
const unknown = asked.filter((name) => !(BENCHES as readonly string[]).includes(name));
if (unknown.length) {
  console.error(`Unknown bench ${unknown.join(", ")}; there are ${BENCHES.join(", ")}.`);
  process.exit(2);
}
const selected = asked.length ? BENCHES.filter((name) => asked.includes(name)) : BENCHES;

const started = performance.now();
const failed: string[] = [];
const rows: Record<string, string>[] = [];
for (const name of selected) {
  const run = spawnSync(process.execPath, ["--import", "tsx", path.join(benchDir, `${name}.ts`)], {
    cwd: path.resolve(benchDir, ".."),
    stdio: "inherit",
  });
  if (run.status !== 0) {
    failed.push(name);
    continue;
  }
  const result = JSON.parse(readFileSync(path.join(resultsDir, `${name}.json`), "utf8")) as BenchResult;
  for (const target of result.targets) {
    rows.push({
      bench: name,
      what: target.name,
      target: target.target,
      measured: target.measured,
      met: target.met ? "yes" : "NO",
    });
  }
}

printTable(`All targets (${round((performance.now() - started) / 1000)} s in all)`, rows);
if (failed.length) {
  console.error(`\n  Failed: ${failed.join(", ")}`);
  process.exit(1);
}
