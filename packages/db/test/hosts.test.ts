import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient, NoPrimaryError, parseDatabaseUrl, primaryConnectionString } from "../src/index";
import { startStreamingPair, type StreamingPair } from "../src/testing";

describe("DATABASE_URL with several hosts, as libpq reads it", () => {
  it("reads the hosts, ports and target_session_attrs, and names one host per URL", () => {
    const url = parseDatabaseUrl(
      "postgresql://odin:s%3Acret@db1:5433,db2,[fd00::2]:5434/odin?sslmode=require&target_session_attrs=read-write",
    );
    expect(url.hosts).toEqual([
      { host: "db1", port: 5433 },
      { host: "db2", port: 5432 },
      { host: "fd00::2", port: 5434 },
    ]);
    expect(url.targetSessionAttrs).toBe("read-write");
    expect(url.urlFor(url.hosts[2]!)).toBe("postgresql://odin:s%3Acret@[fd00::2]:5434/odin?sslmode=require");
    expect(url.urlFor(url.hosts[1]!)).toBe("postgresql://odin:s%3Acret@db2:5432/odin?sslmode=require");
  });

  it("refuses what it cannot follow, in words", () => {
    expect(() => parseDatabaseUrl("postgresql://a@db1,,db2/odin")).toThrow("names an empty host");
    expect(() => parseDatabaseUrl("postgresql://a@db1:99999/odin")).toThrow("names a port that is not one");
    expect(() => parseDatabaseUrl("postgresql://a@db1/odin?target_session_attrs=read-only")).toThrow(
      "read-only servers go in DATABASE_READ_URLS",
    );
    expect(() => parseDatabaseUrl("mysql://a@db1/odin")).toThrow("must be a postgresql://");
  });
});

// Debian's PostgreSQL 15 (what .ci/run installs): a primary and a streaming standby.
describe("a pool on both servers of a streaming pair follows the primary", () => {
  let pair: StreamingPair;
  beforeAll(async () => {
    pair = await startStreamingPair({ synchronous: true });
  });
  afterAll(async () => {
    await pair?.stop();
  });

  it("writes to the primary whichever host is named first, and to the standby once it is promoted", async () => {
    // The standby first: it is skipped because it does not accept writes.
    const url = `postgresql://postgres@127.0.0.1:${pair.standbyPort},127.0.0.1:${pair.primaryPort}/postgres?target_session_attrs=read-write`;
    expect(await primaryConnectionString(url)).toBe(
      `postgresql://postgres@127.0.0.1:${pair.primaryPort}/postgres`,
    );
    const db = createPrismaClient(url, { poolSize: 2 });
    try {
      await db.$executeRawUnsafe("CREATE TABLE kept (id int)");
      await db.$executeRawUnsafe("INSERT INTO kept VALUES (1)");
      await pair.stopPrimary();
      // While nothing accepts writes: an error that says so (SQLSTATE 57P03, answered 503 by the API).
      const during = await db
        .$executeRawUnsafe("INSERT INTO kept VALUES (2)")
        .catch((error: unknown) => error);
      const again = await db
        .$executeRawUnsafe("INSERT INTO kept VALUES (2)")
        .catch((error: unknown) => error);
      expect(String(during) + String(again)).toMatch(
        /Can't reach database server|No database server accepts writes/,
      );
      await expect(primaryConnectionString(url)).rejects.toBeInstanceOf(NoPrimaryError);
      await pair.promoteStandby();
      await db.$executeRawUnsafe("INSERT INTO kept VALUES (3)");
      const rows = await db.$queryRawUnsafe<{ ids: number[]; port: number }[]>(
        "SELECT array_agg(id ORDER BY id) AS ids, inet_server_port() AS port FROM kept",
      );
      expect(rows[0]).toEqual({ ids: [1, 3], port: pair.standbyPort });
    } finally {
      await db.$disconnect();
    }
  });
});
