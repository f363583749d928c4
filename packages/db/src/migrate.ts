/**
 * Prisma migrations without the schema-engine binary (which the Prisma 7 CLI downloads from a host
 * these machines cannot reach). Drives Prisma's official wasm build of the same engine through the
 * pg driver adapter. It writes standard `prisma/migrations/<timestamp>_<name>/migration.sql` folders
 * and the standard `_prisma_migrations` table, so `prisma migrate deploy` can take over wherever the
 * binary is reachable.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaEngine } from "@prisma/schema-engine-wasm";
import pg from "pg";
import { locatePrismaDir } from "./paths";

import type * as SchemaEngineBindings from "@prisma/schema-engine-wasm/schema_engine_bg";

type WasmBindings = typeof SchemaEngineBindings;

export interface MigrateOptions {
  databaseUrl: string;
  /** The project's prisma/ folder (schema.prisma and migrations/). */
  prismaDir?: string;
}

const EMPTY_MIGRATION = /^-- This is an empty migration/;
const FILTERS = { externalTables: [], externalEnums: [] };

let bindings: Promise<WasmBindings> | undefined;

// Node's global WebAssembly, typed narrowly (the DOM lib that declares it is not loaded here).
interface WasmRuntime {
  instantiate(
    bytes: Uint8Array,
    imports: Record<string, unknown>,
  ): Promise<{ instance: { exports: object } }>;
}
const wasmRuntime = () => (globalThis as unknown as { WebAssembly: WasmRuntime }).WebAssembly;

/** Instantiates the wasm engine once per process (the package's own entry expects a bundler). */
function loadBindings(): Promise<WasmBindings> {
  bindings ??= (async () => {
    const require = createRequire(import.meta.url);
    const bgPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bg = (await import(pathToFileURL(bgPath).href)) as WasmBindings;
    const wasmPath = path.join(path.dirname(bgPath), "schema_engine_bg.wasm");
    const { instance } = await wasmRuntime().instantiate(readFileSync(wasmPath), {
      "./schema_engine_bg.js": bg,
    });
    bg.__wbg_set_wasm(instance.exports as Parameters<WasmBindings["__wbg_set_wasm"]>[0]);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    (globalThis as Record<string, unknown>).PRISMA_WASM_PANIC_REGISTRY = {
      set_message: (message: string) => console.error(`schema engine panic: ${message}`),
    };
    return bg;
  })();
  return bindings;
}

function poolConfig(databaseUrl: string): pg.PoolConfig {
  const url = new URL(databaseUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 5432),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.slice(1)),
    ssl: url.searchParams.get("sslmode") === "require" ? { rejectUnauthorized: false } : undefined,
  };
}

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;

/**
 * Each migration runs as one script, as `prisma migrate deploy` runs it. The engine hands a
 * migration's whole file to the adapter's executeScript; adapter-pg's splits it on every `;` (inside
 * strings, `$$` bodies and comments too) and runs the pieces one by one, on whichever pooled
 * connection is free. The native engine sends the file as one simple query instead, which PostgreSQL
 * parses itself and runs in one implicit transaction (a migration that fails leaves nothing behind,
 * unless the file has its own BEGIN and COMMIT), and so does this. The file, its checksum and the
 * `_prisma_migrations` row are the engine's, unchanged.
 */
function runScriptsWhole(adapter: Adapter): Adapter {
  const pool = adapter.underlyingDriver();
  const failed = adapter as unknown as { onError(error: unknown): never };
  adapter.executeScript = async (script: string) => {
    const connection = await pool.connect();
    try {
      // No parameters: node-postgres sends the simple query protocol, which allows many statements.
      await connection.query(script);
    } catch (error) {
      // A script with its own BEGIN stops in an aborted transaction: end it before the connection
      // goes back to the pool (outside a transaction, ROLLBACK only warns).
      await connection.query("ROLLBACK").catch(() => undefined);
      // As adapter-pg reports a failed statement: a DriverAdapterError the engine logs and records.
      failed.onError(error);
    } finally {
      connection.release();
    }
  };
  return adapter;
}

/**
 * The adapter factory the engine connects through. adapter-pg's own shadow-database helper ignores
 * the database override, so the shadow database is created and dropped here.
 */
function adapterFactory(databaseUrl: string) {
  const config = poolConfig(databaseUrl);
  const main = new PrismaPg(config);
  const opened: Adapter[] = [];
  return {
    provider: "postgres" as const,
    adapterName: main.adapterName,
    async connect() {
      const adapter = runScriptsWhole(await main.connect());
      opened.push(adapter);
      return adapter;
    },
    /**
     * Ends the pools the engine opened (freeing the engine does not): the engine's session-level
     * advisory lock is on one of their connections, and a later run in this process would otherwise
     * wait for it until the pool's idle timeout (10 s) closed that connection.
     */
    async close() {
      // (Tolerant of an engine that disposes them itself: pg refuses a second end().)
      await Promise.all(opened.splice(0).map((adapter) => adapter.dispose().catch(() => undefined)));
    },
    async connectToShadowDb() {
      const name = `prisma_shadow_${process.pid}_${Date.now()}`;
      const admin = new pg.Client(config);
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      const adapter = runScriptsWhole(await new PrismaPg({ ...config, database: name }).connect());
      const dispose = adapter.dispose.bind(adapter);
      adapter.dispose = async () => {
        await dispose();
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      };
      return adapter;
    },
  };
}

interface Engine {
  engine: SchemaEngine;
  close(): Promise<void>;
  schemaFiles: [string, string][];
  migrationsDir: string;
}

async function openEngine(options: MigrateOptions): Promise<Engine> {
  const bg = await loadBindings();
  const prismaDir = options.prismaDir ?? locatePrismaDir();
  const schemaPath = path.join(prismaDir, "schema.prisma");
  const schemaFiles: [string, string][] = [[schemaPath, readFileSync(schemaPath, "utf8")]];
  const adapters = adapterFactory(options.databaseUrl);
  const factory = bindMigrationAwareSqlAdapterFactory(adapters);
  const engine = await bg.SchemaEngine.new({ datamodels: schemaFiles }, () => undefined, factory);
  return {
    engine,
    close: () => adapters.close(),
    schemaFiles,
    migrationsDir: path.join(prismaDir, "migrations"),
  };
}

function readMigrations(migrationsDir: string): MigrationList {
  mkdirSync(migrationsDir, { recursive: true });
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  const folders = readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return {
    baseDir: migrationsDir,
    shadowDbInitScript: "",
    lockfile: {
      path: "migration_lock.toml",
      content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null,
    },
    migrationDirectories: folders.map((folder) => ({
      path: folder,
      migrationFile: {
        path: "migration.sql",
        content: {
          tag: "ok",
          value: readFileSync(path.join(migrationsDir, folder, "migration.sql"), "utf8"),
        },
      },
    })),
  };
}

async function withEngine<T>(options: MigrateOptions, run: (engine: Engine) => Promise<T>): Promise<T> {
  const opened = await openEngine(options);
  try {
    return await run(opened);
  } finally {
    opened.engine.free();
    await opened.close();
  }
}

/** Applies every migration not yet in `_prisma_migrations` (what `prisma migrate deploy` does). */
export async function migrateDeploy(options: MigrateOptions): Promise<string[]> {
  return withEngine(options, async ({ engine, migrationsDir }) => {
    const result = await engine.applyMigrations({
      migrationsList: readMigrations(migrationsDir),
      filters: FILTERS,
    });
    return result.appliedMigrationNames;
  });
}

/**
 * The SQL that would take the migrations' end state to schema.prisma, replayed on a shadow
 * database; an empty string when the two agree.
 */
export async function diffMigrationsToSchema(options: MigrateOptions): Promise<string> {
  return withEngine(options, async ({ engine, schemaFiles, migrationsDir }) => {
    const list = readMigrations(migrationsDir);
    const from = list.migrationDirectories.length
      ? { tag: "migrations" as const, ...list }
      : { tag: "empty" as const };
    const files = schemaFiles.map(([filePath, content]) => ({ path: filePath, content }));
    const result = await engine.diff({
      from,
      to: { tag: "schemaDatamodel", files },
      script: true,
      exitCode: null,
      filters: FILTERS,
    });
    const sql = (result as { stdout?: string }).stdout?.trim() ?? "";
    return EMPTY_MIGRATION.test(sql) ? "" : sql;
  });
}

/** Writes a new migration for the difference, if any, then applies everything (`prisma migrate dev`). */
export async function migrateDev(options: MigrateOptions & { name: string }): Promise<{
  created: string | null;
  applied: string[];
}> {
  const prismaDir = options.prismaDir ?? locatePrismaDir();
  const migrationsDir = path.join(prismaDir, "migrations");
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  if (!existsSync(lockPath)) {
    mkdirSync(migrationsDir, { recursive: true });
    writeFileSync(
      lockPath,
      '# Written by Odin\'s migrator; keep it in version control.\nprovider = "postgresql"\n',
    );
  }
  const sql = await diffMigrationsToSchema({ ...options, prismaDir });
  let created: string | null = null;
  if (sql) {
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const slug =
      options.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "_")
        .replace(/^_|_$/g, "") || "migration";
    created = `${stamp}_${slug}`;
    mkdirSync(path.join(migrationsDir, created), { recursive: true });
    writeFileSync(path.join(migrationsDir, created, "migration.sql"), `${sql}\n`);
  }
  const applied = await migrateDeploy({ ...options, prismaDir });
  return { created, applied };
}
