import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Port of the production install under test (E2E_PRODUCTION_PORT), apart from the demo journeys'. */
export const PRODUCTION_PORT = Number(process.env.E2E_PRODUCTION_PORT ?? 3218);

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** Everything the install writes: the built app, Odin's data folder, the server's log. */
export const workDir = path.join(os.tmpdir(), `odin-production-${PRODUCTION_PORT}`);
export const appDir = path.join(workDir, "app");
export const serverLog = path.join(workDir, "server.log");

/** What the journey needs to act as the agency's IT person: the same environment as the server's. */
export interface InstallState {
  env: Record<string, string>;
  baseUrl: string;
}

export function installState(): InstallState {
  const raw = process.env.ODIN_PRODUCTION_STATE;
  if (!raw) throw new Error("the production global setup did not run");
  return JSON.parse(raw) as InstallState;
}

/** Runs a command to the end; rejects with its output when it fails. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string },
) {
  return new Promise<{ stdout: string; stderr: string; code: number }>((resolve) => {
    const child = execFile(
      command,
      args,
      { cwd: options.cwd, env: options.env ?? process.env, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ stdout, stderr, code: error ? Number(error.code ?? 1) : 0 }),
    );
    child.stdin?.end(options.input ?? "");
  });
}

/** `node apps/api/dist/cli.js …` in the built app, as `docker compose exec odin …` would run it. */
export function odinCli(state: InstallState, args: string[], input = "") {
  return run(process.execPath, ["apps/api/dist/cli.js", ...args], {
    cwd: appDir,
    env: { PATH: process.env.PATH ?? "", ...state.env },
    input,
  });
}

/** Starts `node apps/api/dist/server.js` in the built app; resolves once /healthz answers. */
export async function startServer(env: Record<string, string>, baseUrl: string): Promise<ChildProcess> {
  await mkdir(workDir, { recursive: true });
  const log = createWriteStream(serverLog);
  const server = spawn(process.execPath, ["apps/api/dist/server.js"], {
    cwd: appDir,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) {
      throw new Error(`Odin exited with ${server.exitCode}:\n${await readFile(serverLog, "utf8")}`);
    }
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return server;
    if (Date.now() > deadline)
      throw new Error(`Odin did not answer /healthz:\n${await readFile(serverLog, "utf8")}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export const newSecret = (bytes = 32) => randomBytes(bytes).toString("hex");

export async function cleanWorkDir(): Promise<void> {
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true, mode: 0o755 });
}
