import { createHash } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

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

/** Prisma on node-postgres through the Rust-free driver-adapter path of Prisma 7. */
export function createPrismaClient(databaseUrl: string, options: PrismaOptions = {}): PrismaClient {
  const adapter = new PrismaPg(
    { connectionString: databaseUrl, max: options.poolSize ?? 10 },
    // pg sends an unnamed statement when the name is undefined.
    { statementNameGenerator: (query) => statementName(query.sql) as string },
  );
  // Prisma's defaults (2 s to get a connection for an interactive transaction, 5 s for the whole of it)
  // failed short, correct transactions whenever the machine was busy (seen in the tests on a loaded
  // 2-core machine). The limit stays a guard against a transaction left open, not a speed target.
  return new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 15_000 } });
}
