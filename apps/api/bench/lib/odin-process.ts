/**
 * An Odin API process for a bench (`node --import tsx src/server.ts`, its output but errors ignored),
 * started and waited for until /healthz answers 200, as the benches that measure real processes need
 * (replicas, failover, search-load).
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { benchDir, log, seconds } from "./harness";

const apiDir = path.resolve(benchDir, "..");

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
