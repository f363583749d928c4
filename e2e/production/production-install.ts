import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, openSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
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

/** The plate on the agency's first hotlist, read by its first camera (day one), searched on day two. */
export const PLATE = "SPD4821";
/** The agency's first admin, with the password they chose at their first sign-in. */
export const AGENCY_ADMIN = { username: "spd.admin", password: "Springfield-Own-Choice-2026!" };

/** The guide's /etc/odin and /var/lib/odin (docs/self-hosting.md, "Install without Docker"). */
export const etcDir = path.join(workDir, "etc");
export const dataDir = path.join(workDir, "data");
/** The running server's process id, so whichever spec restarted it last, the teardown stops it. */
export const serverPidFile = path.join(workDir, "server.pid");

/** What the journey needs to act as the agency's IT person: the service's configuration. */
export interface InstallState {
  /** The service's environment, as systemd's EnvironmentFile= gives it. */
  env: Record<string, string>;
  /** The guide's /etc/odin/odin.env. */
  envFile: string;
  /** The unit's WorkingDirectory and ExecStart. */
  workingDirectory: string;
  execStart: string[];
  baseUrl: string;
  /** The test's PostgreSQL superuser (the guide's `sudo -u postgres`). */
  adminUrl: string;
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

/**
 * `/opt/odin/bin/odin --env-file /etc/odin/odin.env …` as the guide writes it: the installed command
 * with the service's configuration file, and nothing of the service's environment besides.
 */
export function odinCli(state: InstallState, args: string[], input = "") {
  return run(path.join(appDir, "bin", "odin"), ["--env-file", state.envFile, ...args], {
    cwd: appDir,
    env: { PATH: process.env.PATH ?? "" },
    input,
  });
}

/**
 * Starts Odin as the guide's unit does (its directory, command and environment); resolves once
 * /healthz answers. Its output goes straight to the log file (as the journal would take it), so the
 * server outlives the test process that started it; its pid is kept for stopServer and the teardown.
 */
export async function startServer(state: Omit<InstallState, "envFile" | "adminUrl">): Promise<ChildProcess> {
  const { env, baseUrl, workingDirectory, execStart } = state;
  await mkdir(workDir, { recursive: true });
  const log = openSync(serverLog, "a");
  const server = spawn(execStart[0]!, execStart.slice(1), {
    cwd: workingDirectory,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  await writeFile(serverPidFile, String(server.pid));
  exitCodes.set(server.pid!, new Promise((resolve) => server.once("exit", (code) => resolve(code))));
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

/** Exit codes of the servers this process started, by pid. */
const exitCodes = new Map<number, Promise<number | null>>();

/**
 * Stops the running server as systemd would (SIGTERM) and waits until it is gone. Answers its exit
 * code when this process started it (0: a clean stop), null otherwise.
 */
export async function stopServer(): Promise<number | null> {
  const pid = Number(await readFile(serverPidFile, "utf8").catch(() => "0"));
  if (!pid) return null;
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return null;
  process.kill(pid, "SIGTERM");
  const exited = exitCodes.get(pid);
  if (exited) return exited;
  while (alive()) await new Promise((resolve) => setTimeout(resolve, 100));
  return null;
}

export const newSecret = (bytes = 32) => randomBytes(bytes).toString("hex");

export async function cleanWorkDir(): Promise<void> {
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true, mode: 0o755 });
}
