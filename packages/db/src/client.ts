import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

export interface PrismaOptions {
  /** Maximum connections in the pool; PostgreSQL's default of 100 is shared by every replica. */
  poolSize?: number;
}

/** Prisma on node-postgres through the Rust-free driver-adapter path of Prisma 7. */
export function createPrismaClient(databaseUrl: string, options: PrismaOptions = {}): PrismaClient {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.poolSize ?? 10 });
  // Prisma's defaults (2 s to get a connection for an interactive transaction, 5 s for the whole of it)
  // failed short, correct transactions whenever the machine was busy (seen in the tests on a loaded
  // 2-core machine). The limit stays a guard against a transaction left open, not a speed target.
  return new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 15_000 } });
}
