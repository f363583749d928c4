/**
 * A real PostgreSQL for tests, with nothing installed but Node: TEST_DATABASE_URL when set, a
 * testcontainers PostgreSQL when a Docker engine answers, the embedded PostgreSQL otherwise.
 * Each test file gets its own database cloned from a migrated template, so files run in isolation.
 */
import { randomBytes } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "./embedded";
import { migrateDeploy } from "./migrate";

export interface TestPostgres {
  /** URL of a database on the server from which other databases can be created (CREATEDB needed). */
  adminUrl: string;
  kind: "TEST_DATABASE_URL" | "testcontainers" | "embedded";
  stop(): Promise<void>;
}

const TEMPLATE = "odin_test_template";

async function tryTestcontainers(): Promise<TestPostgres | null> {
  try {
    const { PostgreSqlContainer } = await import("@testcontainers/postgresql");
    const container = await new PostgreSqlContainer("postgres:18-alpine").start();
    return {
      adminUrl: container.getConnectionUri(),
      kind: "testcontainers",
      stop: async () => void (await container.stop()),
    };
  } catch {
    // No container runtime here (it rejects within milliseconds): fall back to the embedded server.
    return null;
  }
}

export async function startTestPostgres(
  env: NodeJS.ProcessEnv = process.env,
  /** For the embedded server: see EmbeddedPostgresOptions (the benches pass the product's setting). */
  options: {
    sharedBuffers?: string;
    superuser?: string;
    database?: string;
    settings?: Record<string, string>;
  } = {},
): Promise<TestPostgres> {
  const url = env.TEST_DATABASE_URL;
  if (url) return { adminUrl: url, kind: "TEST_DATABASE_URL", stop: async () => undefined };
  const container = await tryTestcontainers();
  if (container) return container;
  const dir = await mkdtemp(path.join(os.tmpdir(), "odin-test-pg-"));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter this folder.
  await chmod(dir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, "data"), ...options });
  return {
    adminUrl: server.adminUrl,
    kind: "embedded",
    async stop() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

async function admin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** (Re)creates the migrated template database that test databases are cloned from. */
export async function prepareTemplateDatabase(adminUrl: string): Promise<void> {
  await admin(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${TEMPLATE}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${TEMPLATE}"`);
  });
  await migrateDeploy({ databaseUrl: withDatabase(adminUrl, TEMPLATE) });
  // Cloning needs a template nobody is connected to.
  await admin(adminUrl, (client) =>
    client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [TEMPLATE]),
  );
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own: migrated and empty (cloned from the template), or with no migrations
 * applied at all (`migrated: false`, for the migrator's own tests).
 */
export async function createTestDatabase(adminUrl: string, { migrated = true } = {}): Promise<TestDatabase> {
  const name = `odin_test_${randomBytes(6).toString("hex")}`;
  const template = migrated ? ` TEMPLATE "${TEMPLATE}"` : "";
  await admin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"${template}`));
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      await admin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** psql's :'var' (a quoted literal) and :"var" (a quoted identifier), as psql -v substitutes them. */
function substitutePsqlVariables(sql: string, variables: Record<string, string>): string {
  return sql.replace(/:(['"])(\w+)\1/g, (_match, quote: string, name: string) => {
    const value = variables[name];
    if (value === undefined) throw new Error(`no value for psql variable ${name}`);
    return quote === "'" ? `'${value.replaceAll("'", "''")}'` : `"${value.replaceAll('"', '""')}"`;
  });
}

export interface AppRole {
  role: string;
  database: string;
  password: string;
  /** The DML-only role Odin connects as; `${role}_app` with a random password by default. */
  dmlRole?: string;
  dmlPassword?: string;
}

/**
 * Creates the roles and database Odin runs with in production, by running the very file
 * docker-compose's PostgreSQL runs (deploy/postgres/odin-role.sql), statement by statement.
 * Answers the owner's URL (migrations) and the DML-only role's (what Odin connects as, once
 * grantAppRole has run after the migrations).
 */
export async function createAppRoles(
  adminUrl: string,
  {
    role,
    database,
    password,
    dmlRole = `${role}_app`,
    dmlPassword = randomBytes(12).toString("hex"),
  }: AppRole,
): Promise<{ ownerUrl: string; appUrl: string }> {
  const { readFile } = await import("node:fs/promises");
  const { locatePrismaDir } = await import("./paths");
  const file = path.join(path.dirname(locatePrismaDir()), "deploy", "postgres", "odin-role.sql");
  const sql = substitutePsqlVariables(await readFile(file, "utf8"), {
    app_role: role,
    app_database: database,
    app_password: password,
    dml_role: dmlRole,
    dml_password: dmlPassword,
  });
  const statements = sql
    .split("\n")
    .filter((line) => !line.startsWith("--"))
    .join("\n")
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter(Boolean);
  await admin(adminUrl, async (client) => {
    for (const statement of statements) await client.query(statement);
  });
  const urlAs = (user: string, secret: string) => {
    const url = new URL(withDatabase(adminUrl, database));
    url.username = user;
    url.password = secret;
    return url.toString();
  };
  return { ownerUrl: urlAs(role, password), appUrl: urlAs(dmlRole, dmlPassword) };
}

/** createAppRoles, answering the owner's URL only (what connected before the role split). */
export async function createAppRole(adminUrl: string, options: AppRole): Promise<string> {
  return (await createAppRoles(adminUrl, options)).ownerUrl;
}

/** The Debian PostgreSQL whose pg_dump and pg_restore the backup test uses (`apt-get install postgresql-15`). */
export const SYSTEM_POSTGRES_BIN = "/usr/lib/postgresql/15/bin";

export interface SystemPostgres {
  /** Superuser URL (trust authentication on 127.0.0.1 only). */
  adminUrl: string;
  binDir: string;
  stop(): Promise<void>;
}

/** Runs the system PostgreSQL's tools as `postgres` when root (PostgreSQL refuses to run as root). */
async function systemTools(binDir: string) {
  const { execFile } = await import("node:child_process");
  const { existsSync } = await import("node:fs");
  if (!existsSync(path.join(binDir, "pg_ctl"))) {
    throw new Error(
      `No PostgreSQL server in ${binDir}: install Debian's postgresql-15 (apt-get install postgresql-15).`,
    );
  }
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const ids = isRoot
    ? await new Promise<{ uid: number; gid: number }>((resolve, reject) =>
        execFile("id", ["postgres"], (error, stdout) => {
          const uid = /uid=(\d+)/.exec(stdout)?.[1];
          const gid = /gid=(\d+)/.exec(stdout)?.[1];
          if (error || !uid || !gid) reject(new Error("no 'postgres' system user to run PostgreSQL as"));
          else resolve({ uid: Number(uid), gid: Number(gid) });
        }),
      )
    : undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), "odin-system-pg-"));
  await chmod(dir, 0o777);
  const run = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) =>
      execFile(path.join(binDir, tool), args, { ...ids, cwd: dir }, (error, stdout, stderr) =>
        error ? reject(new Error(`${tool} failed: ${stderr || stdout || error.message}`)) : resolve(),
      ),
    );
  return { dir, run };
}

/**
 * A throwaway cluster of the system's PostgreSQL (its own data folder and port), for what the embedded
 * binaries lack: pg_dump and pg_restore of the same major version. As root it runs as `postgres`.
 */
export async function startSystemPostgres(binDir = SYSTEM_POSTGRES_BIN): Promise<SystemPostgres> {
  const { findFreePort } = await import("./embedded");
  const { dir, run: pgRun } = await systemTools(binDir);
  const dataDir = path.join(dir, "data");
  const port = await findFreePort();
  await pgRun("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C"]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=`;
  await pgRun("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  return {
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    binDir,
    async stop() {
      await pgRun("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface StreamingPair {
  /** Superuser URLs (trust on 127.0.0.1) of the primary and the hot standby. */
  primaryUrl: string;
  standbyUrl: string;
  primaryPort: number;
  standbyPort: number;
  /** Stops the primary at once (`pg_ctl stop -m immediate`: what a lost host looks like to clients). */
  stopPrimary(): Promise<void>;
  /** Promotes the standby (`pg_ctl promote`), waiting until it accepts writes. */
  promoteStandby(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A primary and a hot standby of the system's PostgreSQL, by PostgreSQL's own streaming replication
 * (pg_basebackup -R), for the read-replica and failover tests (issue 42). `synchronous`: the primary
 * waits for the standby to flush each commit (synchronous_standby_names = '*'), so nothing it
 * acknowledged is missing from the standby.
 */
export async function startStreamingPair({
  synchronous = false,
  binDir = SYSTEM_POSTGRES_BIN,
  settings = {},
}: {
  synchronous?: boolean;
  binDir?: string;
  /** More server settings for both (the search-load bench: pg_stat_statements preloaded). */
  settings?: Record<string, string>;
} = {}): Promise<StreamingPair> {
  const { findFreePort } = await import("./embedded");
  const { dir, run } = await systemTools(binDir);
  const primaryDir = path.join(dir, "primary");
  const standbyDir = path.join(dir, "standby");
  const primaryPort = await findFreePort();
  const standbyPort = await findFreePort();
  const extra = Object.entries(settings)
    .map(([name, value]) => ` -c ${name}=${value}`)
    .join("");
  const common = `-c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off${extra}`;
  await run("initdb", ["-D", primaryDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C"]);
  const sync = synchronous ? " -c synchronous_standby_names=*" : "";
  await run("pg_ctl", [
    "-D",
    primaryDir,
    "-o",
    `-p ${primaryPort} ${common} -c wal_level=replica -c max_wal_senders=5${sync}`,
    "-l",
    path.join(dir, "primary.log"),
    "-w",
    "start",
  ]);
  await run("pg_basebackup", [
    "-h",
    "127.0.0.1",
    "-p",
    String(primaryPort),
    "-U",
    "postgres",
    "-D",
    standbyDir,
    "-R",
    "-X",
    "stream",
  ]);
  await run("pg_ctl", [
    "-D",
    standbyDir,
    "-o",
    `-p ${standbyPort} ${common} -c hot_standby=on`,
    "-l",
    path.join(dir, "standby.log"),
    "-w",
    "start",
  ]);
  const urlOf = (port: number) => `postgresql://postgres@127.0.0.1:${port}/postgres`;
  let primaryStopped = false;
  return {
    primaryUrl: urlOf(primaryPort),
    standbyUrl: urlOf(standbyPort),
    primaryPort,
    standbyPort,
    async stopPrimary() {
      primaryStopped = true;
      await run("pg_ctl", ["-D", primaryDir, "-m", "immediate", "-w", "stop"]);
    },
    async promoteStandby() {
      await run("pg_ctl", ["-D", standbyDir, "-w", "promote"]);
    },
    async stop() {
      if (!primaryStopped)
        await run("pg_ctl", ["-D", primaryDir, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
      await run("pg_ctl", ["-D", standbyDir, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
