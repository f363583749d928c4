import { createHash } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { type Prisma, PrismaClient } from "./generated/client";
import { createPrimaryLocator, followingClient, needsPrimaryLocator, parseDatabaseUrl } from "./hosts";

export interface PrismaOptions {
  /** Maximum connections in the pool; PostgreSQL's default of 100 is shared by every replica. */
  poolSize?: number;
}

/**
 * A raw statement whose text starts with this comment is prepared once per connection (a named
 * statement) on connections that keep its generic plan instead of planning it at every call
 * (namedPools); every other statement stays unnamed, planned for its values. For hot statements whose text does not vary with the values and
 * whose plan does not depend on them (Similar search: planning cost as much as running it; the hotlist
 * badges, docs/benchmarks.md).
 */
export const PREPARED_STATEMENT = "/* odin:prepared */";

const statementName = (sql: string): string | undefined =>
  sql.startsWith(PREPARED_STATEMENT)
    ? `odin_${createHash("sha1").update(sql).digest("hex").slice(0, 24)}`
    : undefined;

/** The node-postgres pool under each client createPrismaClient made (see queryPrepared). */
const driverPools = new WeakMap<object, pg.Pool>();

/**
 * A handle that stands for another client at each call (apps/api's read replicas: the replica chosen for
 * the request, else the primary) answers this property with that client, so queryPrepared uses its pool.
 */
export const ROUTED_CLIENT = Symbol.for("odin.routedClient");

/**
 * Each client's pool for the statements Odin names (PREPARED_STATEMENT, queryPrepared), when it has one.
 * Its connections set plan_cache_mode = force_generic_plan, so each named statement is planned once per
 * connection and that plan kept. Under PostgreSQL's default (auto) a named statement is still planned
 * for its values whenever its generic plan's estimate looks dearer than the custom ones, which the
 * hotlist badges' statement always did (unnest of an array parameter is estimated at 100 rows, of the
 * actual array at its length): 0.82 ms of planning at every search for 0.05 ms of work (issue 42 item 4).
 * The setting cannot live on the pool Prisma uses: it applies to unnamed statements too (they are cached
 * plans as well), and a generic plan of the search's scan or of Prisma's reads of partitioned tables
 * plans every partition (the scan's planning doubled when tried).
 */
const namedPools = new WeakMap<object, () => pg.Pool>();

/** Below this pool size named statements share the one pool (the CLI's clients of one or two). */
const NAMED_POOL_FROM = 4;

/** Prisma on node-postgres through the Rust-free driver-adapter path of Prisma 7. */
export function createPrismaClient(databaseUrl: string, options: PrismaOptions = {}): PrismaClient {
  // The pool is made here and handed to the adapter (which ends it on $disconnect), so queryPrepared
  // can borrow the same connections.
  // A URL naming several hosts (or target_session_attrs=read-write) follows the primary (./hosts.ts).
  const url = parseDatabaseUrl(databaseUrl);
  const size = options.poolSize ?? 10;
  // The connections are split, so a process holds at most `size` (DATABASE_POOL_SIZE): half for the
  // named statements (made at their first use), the rest for Prisma and unnamed statements.
  const namedSize = size >= NAMED_POOL_FROM ? Math.floor(size / 2) : 0;
  const makePool = (max: number, ready?: (connection: pg.ClientBase) => Promise<void>) => {
    // pg-pool awaits what onConnect returns before it hands the connection out (its types say void).
    const onConnect = ready as ((connection: pg.ClientBase) => void) | undefined;
    return needsPrimaryLocator(url)
      ? new pg.Pool({
          connectionString: url.urlFor(url.hosts[0]!),
          Client: followingClient(createPrimaryLocator(url)),
          max,
          onConnect,
        })
      : new pg.Pool({ connectionString: databaseUrl, max, onConnect });
  };
  const pool = makePool(size - namedSize);
  const adapter = new PrismaPg(pool, {
    // pg sends an unnamed statement when the name is undefined.
    statementNameGenerator: (query) => statementName(query.sql) as string,
    disposeExternalPool: true,
  });
  // Prisma's defaults (2 s to get a connection for an interactive transaction, 5 s for the whole of it)
  // failed short, correct transactions whenever the machine was busy (seen in the tests on a loaded
  // 2-core machine). The limit stays a guard against a transaction left open, not a speed target.
  const client = new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 15_000 } });
  // An idle connection that fails (the server restarted) is dropped by the pool; the adapter logs it
  // once connected, and this keeps it from being an unhandled 'error' event before that.
  pool.on("error", () => undefined);
  driverPools.set(client, pool);
  if (namedSize > 0) {
    let named: pg.Pool | undefined;
    namedPools.set(client, () => {
      if (named) return named;
      // Set on each new connection before the pool hands it out. A server that refuses it keeps its
      // default (the statements still run, planned as PostgreSQL chooses).
      named = makePool(namedSize, (connection) =>
        connection.query("SET plan_cache_mode = force_generic_plan").then(
          () => undefined,
          () => undefined,
        ),
      );
      named.on("error", () => undefined);
      return named;
    });
    // $disconnect ends the named pool too (the adapter ends the other).
    const disconnect = client.$disconnect.bind(client);
    client.$disconnect = async () => {
      try {
        await disconnect();
      } finally {
        if (named && !named.ending) await named.end();
      }
    };
  }
  return client;
}

/** PostgreSQL's int8 as the bigint Prisma's $queryRaw gives; every other type as node-postgres parses it. */
const INT8 = 20;
const parseInt8 = (value: string) => BigInt(value);
const rowTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary"): unknown =>
    oid === INT8 && format !== "binary"
      ? parseInt8
      : (pg.types.getTypeParser(oid, format) as unknown)) as typeof pg.types.getTypeParser,
};

/**
 * A hot read-only statement (its text starting with PREPARED_STATEMENT) sent by node-postgres itself on
 * the client's own pool, as a named statement prepared once per connection: the same rows as
 * `$queryRaw` (int8 as bigint, timestamptz as Date, float8 as number) without Prisma's own work per call
 * and per row, which cost as much as the statement (docs/benchmarks.md, Similar). A statement without
 * the prefix goes the same way but unnamed, planned for its values at every call (the search's scan and
 * its hotlist badges, issue 42 item 0). Any other handle (a
 * transaction, a wrapped client) and a client whose pool has ended go through `$queryRaw` as before.
 */
export async function queryPrepared<T>(
  client: Pick<PrismaClient, "$queryRaw">,
  sql: Prisma.Sql,
): Promise<T[]> {
  const target = (client as { [ROUTED_CLIENT]?: Pick<PrismaClient, "$queryRaw"> })[ROUTED_CLIENT] ?? client;
  const main = driverPools.get(target);
  if (!main || main.ending || main.ended) return target.$queryRaw<T[]>(sql);
  const name = statementName(sql.text);
  const pool = (name && namedPools.get(target)?.()) || main;
  if (pool.ending || pool.ended) return target.$queryRaw<T[]>(sql);
  const result = await pool.query({
    name,
    text: sql.text,
    values: sql.values,
    types: rowTypes,
  });
  return result.rows as T[];
}

/** A model field's column: Odin's schema maps every field to its snake_case name (@map). */
const columnOf = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Every column of a model, each named as its Prisma field (`alias.hotlist_admin AS "hotlistAdmin"`),
 * for a statement sent by queryPrepared whose rows must be what Prisma's own read answers: pass the
 * model's field list (`Object.values(Prisma.UserScalarFieldEnum)`). `prefix` names the fields of a
 * joined model apart (`"session."`). The tests that use it compare the rows with Prisma's, field by field.
 */
export function modelColumns(fields: readonly string[], alias: string, prefix = ""): string {
  return fields.map((field) => `${alias}.${columnOf(field)} AS "${prefix}${field}"`).join(", ");
}
