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
 * statement), so PostgreSQL can keep a generic plan instead of planning it at every call; every other
 * statement stays unnamed, planned for its values. For hot statements whose text does not vary with
 * the values (Similar search: planning cost as much as running it, docs/benchmarks.md).
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

/** Prisma on node-postgres through the Rust-free driver-adapter path of Prisma 7. */
export function createPrismaClient(databaseUrl: string, options: PrismaOptions = {}): PrismaClient {
  // The pool is made here and handed to the adapter (which ends it on $disconnect), so queryPrepared
  // can borrow the same connections.
  // A URL naming several hosts (or target_session_attrs=read-write) follows the primary (./hosts.ts).
  const url = parseDatabaseUrl(databaseUrl);
  const pool = needsPrimaryLocator(url)
    ? new pg.Pool({
        connectionString: url.urlFor(url.hosts[0]!),
        Client: followingClient(createPrimaryLocator(url)),
        max: options.poolSize ?? 10,
      })
    : new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 10 });
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
  const pool = driverPools.get(target);
  if (!pool || pool.ending || pool.ended) return target.$queryRaw<T[]>(sql);
  const result = await pool.query({
    name: statementName(sql.text),
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
