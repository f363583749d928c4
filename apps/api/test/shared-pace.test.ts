import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createPrismaClient, type PrismaClient } from "@odin/db";
import { createTestDatabase, type TestDatabase } from "@odin/db/testing";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { setOutboundPolicy } from "../src/lib/outbound-http";
import { createReverseGeocoder } from "../src/modules/geocode/reverse-geocoder";
import { createSharedPace } from "../src/modules/geocode/shared-pace";

const MINUTE = 60_000;

/**
 * Issue 21: the geocoder's pace (the public Nominatim allows 1 request/s per site) is kept in
 * PostgreSQL, so two replicas together keep it. Slots are computed by the database, so the test reads
 * them rather than timing calls; a one-minute interval makes "the next slot is too far" certain.
 */
describe("a pace shared by replicas through PostgreSQL", () => {
  let database: TestDatabase;
  let replicaA: PrismaClient;
  let replicaB: PrismaClient;

  beforeAll(async () => {
    database = await createTestDatabase(inject("postgresAdminUrl"));
    replicaA = createPrismaClient(database.url, { poolSize: 4 });
    replicaB = createPrismaClient(database.url, { poolSize: 4 });
  });
  afterAll(async () => {
    await replicaA?.$disconnect();
    await replicaB?.$disconnect();
    await database?.drop();
  });

  it("hands concurrent callers on two replicas one slot each, an interval apart", async () => {
    const paces = [createSharedPace(replicaA, "slots", MINUTE), createSharedPace(replicaB, "slots", MINUTE)];
    const waits = await Promise.all(Array.from({ length: 6 }, (_, i) => paces[i % 2]!.reserve(60 * MINUTE)));
    const sorted = waits.map((wait) => wait!).sort((a, b) => a - b);
    expect(sorted[0]).toBe(0);
    sorted.forEach((wait, i) => {
      // Each slot is one interval after the previous; the few ms between statements are all it loses.
      expect(wait).toBeLessThanOrEqual(i * MINUTE);
      expect(wait).toBeGreaterThan(i * MINUTE - 10_000);
    });
  });

  it("counts a caller's wait from when it got the row, not from when its statement began", async () => {
    // A reservation in flight on replica A holds the row; replica B's call queues behind it. B's slot
    // starts when A's ends, one interval from A's reservation, so B waits at most one interval: measured
    // from B's statement start (now()) it came out longer (seen in CI: 60,011 ms).
    await createSharedPace(replicaA, "queued", MINUTE).reserve(0);
    let waited: Promise<number | null> | undefined;
    await replicaA.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1 FROM rate_limit_counters WHERE key = 'pace:queued' FOR UPDATE`;
        waited = createSharedPace(replicaB, "queued", MINUTE).reserve(60 * MINUTE);
        // B is queued on the row lock (asked of PostgreSQL, not timed), then A takes a little longer.
        for (;;) {
          const [blocked] = await replicaA.$queryRaw<{ n: number }[]>`
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND query LIKE '%rate_limit_counters%'`;
          if (blocked!.n > 0) break;
        }
        await tx.$executeRaw`SELECT pg_sleep(0.05)`;
        await tx.$executeRaw`UPDATE rate_limit_counters
          SET window_ends_at = clock_timestamp() + interval '1 minute' WHERE key = 'pace:queued'`;
      },
      { timeout: 20_000 },
    );
    const wait = await waited!;
    expect(wait).toBeLessThanOrEqual(MINUTE);
    expect(wait).toBeGreaterThan(MINUTE - 10_000);
  });

  it("gives no slot further away than the caller can wait, and takes none", async () => {
    const pace = createSharedPace(replicaA, "busy", MINUTE);
    expect(await pace.reserve(0)).toBe(0);
    expect(await pace.reserve(30_000)).toBeNull();
    const [row] = await replicaA.$queryRaw<{ count: number }[]>`
      SELECT count FROM rate_limit_counters WHERE key = 'pace:busy'`;
    expect(row!.count).toBe(1);
    const later = await createSharedPace(replicaB, "busy", MINUTE).reserve(2 * MINUTE);
    expect(later).toBeGreaterThan(MINUTE - 10_000);
  });

  describe("the reverse geocoder on two replicas", () => {
    let server: Server;
    let calls = 0;
    beforeAll(async () => {
      setOutboundPolicy({ allowedPrivateHosts: ["127.0.0.1"] });
      server = createServer((_request, response) => {
        calls += 1;
        response.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            address: { house_number: "1", road: "Main Street", city: "Hartford", state: "CT" },
          }),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
    });

    it("lets the first lookup through and refuses the second replica's while the slot is taken", async () => {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const geocoder = (prisma: PrismaClient) =>
        createReverseGeocoder({
          url,
          userAgent: "Odin test",
          cacheSize: 10,
          timeoutMs: 3000,
          sharedPace: createSharedPace(prisma, "geocode-test", MINUTE),
        });
      expect(await geocoder(replicaA).lookup(41.76, -72.67)).toBe("1 Main Street, Hartford, CT");
      expect(await geocoder(replicaB).lookup(41.3, -72.9)).toBeNull();
      expect(calls).toBe(1);
    });
  });
});
