import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

export interface PrismaOptions {
  /** Maximum connections in the pool; PostgreSQL's default of 100 is shared by every replica. */
  poolSize?: number;
}

/** Prisma on node-postgres through the Rust-free driver-adapter path of Prisma 7. */
export function createPrismaClient(databaseUrl: string, options: PrismaOptions = {}): PrismaClient {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.poolSize ?? 10 });
  return new PrismaClient({ adapter });
}
