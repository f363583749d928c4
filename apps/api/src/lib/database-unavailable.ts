/** Seconds a caller is asked to wait (Retry-After) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again shortly.";

// Prisma: can't reach the server, timed out, server closed the connection, and the like.
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017"]);
// node-postgres and the socket: refused, reset, timed out; PostgreSQL: shutting down (57P01 admin,
// 57P02 crash, 57P03 cannot connect now) and the connection-exception class 08.
const DRIVER_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "57P01",
  "57P02",
  "57P03",
]);
// node-postgres's own errors when a connection ends or cannot be had (no SQLSTATE code: the server said
// nothing), as pg's client and pool word them. Reached by the statements Odin sends through node-postgres
// directly (queryPrepared: the auth hook's caller, the search scan): before, a database that went away
// under them answered 500 instead of 503.
const NODE_POSTGRES_CONNECTION_MESSAGE =
  /^(Connection terminated|timeout expired$|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;
// Prisma's driver-adapter error kinds for the same.
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout"]);

/**
 * Whether an error says the database is out of reach (not that a query was wrong), looking through
 * Prisma's wrapping (`meta.driverAdapterError`, `cause`) down to the driver's own error.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== "object" || error === null) return false;
  const { name, code, originalCode, kind, cause, meta } = error as Record<string, unknown>;
  if (name === "PrismaClientInitializationError") return true;
  for (const value of [code, originalCode]) {
    if (typeof value !== "string") continue;
    if (PRISMA_CODES.has(value) || DRIVER_CODES.has(value) || /^08[0-9A-Z]{3}$/.test(value)) return true;
  }
  if (typeof kind === "string" && ADAPTER_KINDS.has(kind)) return true;
  const { message } = error as { message?: unknown };
  if (code === undefined && typeof message === "string" && NODE_POSTGRES_CONNECTION_MESSAGE.test(message))
    return true;
  const adapterError = (meta as Record<string, unknown> | undefined)?.driverAdapterError;
  return isDatabaseUnavailable(cause, depth + 1) || isDatabaseUnavailable(adapterError, depth + 1);
}
