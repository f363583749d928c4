/**
 * An Odin API process for a bench (`node --import tsx src/server.ts`, its output but errors ignored),
 * started and waited for until /healthz answers 200, as the benches that measure real processes need
 * (replicas, failover, search-load).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { benchDir, log, seconds } from "./harness";

const apiDir = path.resolve(benchDir, "..");
const repoRoot = path.resolve(apiDir, "../..");

/**
 * That commit's apps/api (and what tsx needs beside it) in a folder of its own under `into`, with this
 * checkout's node_modules: nothing in the working tree is touched (git archive). For a baseline
 * (search-load's BENCH_SEARCH_LOAD_BASELINE), or to run a committed API while the working tree is
 * mid-change (similar-load's BENCH_SIMILAR_LOAD_API_COMMIT). Answers the API folder, for `cwd`.
 */
export function extractApiAt(commit: string, into: string): string {
  const archive = execFileSync(
    "git",
    ["-C", repoRoot, "archive", "--format=tar", commit, "apps/api", "tsconfig.base.json"],
    { maxBuffer: 512 * 1024 * 1024 },
  );
  execFileSync("tar", ["-x", "-C", into], { input: archive });
  const dir = path.join(into, "apps/api");
  symlinkSync(path.join(apiDir, "node_modules"), path.join(dir, "node_modules"));
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(into, "node_modules"));
  copyFileSync(path.join(repoRoot, "package.json"), path.join(into, "package.json"));
  return dir;
}

export interface OdinProcessOptions {
  /** The API folder to run (search-load's baseline is another commit's); this checkout's by default. */
  cwd?: string;
  /** Node's own flags before the script (search-load's --cpu-prof). */
  nodeArgs?: string[];
  /** Told of the child as soon as it exists, so the caller's clean-up kills it even if it never answers. */
  onSpawn?: (child: ChildProcess) => void;
}

/** Starts Odin with `env` (HOST 127.0.0.1 and PORT set in it) and waits until it answers /healthz. */
export async function startOdinProcess(
  name: string,
  env: NodeJS.ProcessEnv,
  { cwd = apiDir, nodeArgs = [], onSpawn }: OdinProcessOptions = {},
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "src/server.ts"], {
    cwd,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  onSpawn?.(child);
  const url = `http://127.0.0.1:${env.PORT}`;
  const t0 = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API ${name} exited with ${child.exitCode}`);
    const healthy = await fetch(`${url}/healthz`).then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (healthy) break;
    if (performance.now() - t0 > 180_000) throw new Error(`API ${name} not healthy within 180 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  log(`API ${name} (pid ${child.pid}) ready in ${seconds(performance.now() - t0)}`);
  return { url, child };
}
