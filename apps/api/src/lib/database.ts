import type { Prisma, PrismaClient } from "@odin/db";

/**
 * The database handle. Services hold it and pass it (or a Transaction) to repository functions;
 * only repositories and the data-access files that eslint.config.js lists query through it (lint
 * enforces it: docs/architecture.md, "The data layer").
 */
export type Database = PrismaClient;

/** The handle inside inTransaction: what repository functions take to join a transaction. */
export type Transaction = Prisma.TransactionClient;

export interface TransactionOptions {
  isolationLevel?: Prisma.TransactionIsolationLevel;
  maxWait?: number;
  timeout?: number;
}

/**
 * Runs `work` in one interactive transaction (Prisma's `$transaction`): every repository call given
 * `tx` commits together or not at all, so an audit row written first never outlives failed work.
 */
export function inTransaction<T>(
  db: Database,
  work: (tx: Transaction) => Promise<T>,
  options?: TransactionOptions,
): Promise<T> {
  return db.$transaction(work, options);
}
