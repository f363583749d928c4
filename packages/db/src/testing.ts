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

export async function startTestPostgres(env: NodeJS.ProcessEnv = process.env): Promise<TestPostgres> {
  const url = env.TEST_DATABASE_URL;
  if (url) return { adminUrl: url, kind: "TEST_DATABASE_URL", stop: async () => undefined };
  const container = await tryTestcontainers();
  if (container) return container;
  const dir = await mkdtemp(path.join(os.tmpdir(), "odin-test-pg-"));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter this folder.
  await chmod(dir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, "data") });
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
}

/**
 * Creates the non-superuser role and database Odin runs as in production, by running the very file
 * docker-compose's PostgreSQL runs (deploy/postgres/odin-role.sql), statement by statement.
 * Answers the URL Odin connects with.
 */
export async function createAppRole(
  adminUrl: string,
  { role, database, password }: AppRole,
): Promise<string> {
  const { readFile } = await import("node:fs/promises");
  const { locatePrismaDir } = await import("./paths");
  const file = path.join(path.dirname(locatePrismaDir()), "deploy", "postgres", "odin-role.sql");
  const sql = substitutePsqlVariables(await readFile(file, "utf8"), {
    app_role: role,
    app_database: database,
    app_password: password,
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
  const url = new URL(withDatabase(adminUrl, database));
  url.username = role;
  url.password = password;
  return url.toString();
}
