import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createPrismaClient, createSecretBox, type PrismaClient } from "@odin/db";
import { createTestDatabase, type TestDatabase } from "@odin/db/testing";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { setOutboundPolicy } from "../src/lib/outbound-http";
import { createImageHandles } from "../src/sources/image-handle";
import { createRekorSource, type RekorTarget } from "../src/sources/rekor/rekor.source";

/**
 * Issue 21: a search asks every Rekor key the caller may search, but never more than `concurrency`
 * at once. A stand-in Rekor answers each request after a while and counts those open at once: a cap
 * can only be met, never passed (without it the eleven requests overlap).
 */
describe("Rekor fan-out with a bounded concurrency", () => {
  const KEYS = 11;
  const CAP = 3;
  let database: TestDatabase;
  let prisma: PrismaClient;
  let server: Server;
  let baseUrl: string;
  let inFlight = 0;
  let received = 0;
  let maxInFlight = 0;
  const keysAsked = new Set<string>();

  beforeAll(async () => {
    database = await createTestDatabase(inject("postgresAdminUrl"));
    prisma = createPrismaClient(database.url, { poolSize: 2 });
    setOutboundPolicy({ allowedPrivateHosts: ["127.0.0.1"] });
    server = createServer((request, response) => {
      received += 1;
      keysAsked.add(new URL(request.url!, "http://x").searchParams.get("api_key")!);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      // A slow vendor: each answer takes a while, so uncapped requests would overlap here.
      setTimeout(() => {
        inFlight -= 1;
        response.writeHead(200, { "content-type": "application/json" }).end("[]");
      }, 150);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await prisma?.$disconnect();
    await database?.drop();
  });

  it(`asks all ${KEYS} keys, at most ${CAP} at a time`, async () => {
    const secrets = createSecretBox(randomBytes(32));
    const source = createRekorSource(
      {
        prisma,
        secrets,
        handles: createImageHandles(secrets.derive("image-handles")),
        defaultRetentionDays: 30,
      },
      { concurrency: CAP },
    );
    const targets: RekorTarget[] = Array.from({ length: KEYS }, (_, i) => ({
      id: i + 1,
      agencyName: `Agency ${i + 1}`,
      baseUrl,
      apiKeyCiphertext: secrets.encrypt(`key-${i + 1}`),
    }));
    const results = await source.search(
      {
        plate: undefined,
        plateState: undefined,
        color: undefined,
        make: undefined,
        bodyType: undefined,
        start: new Date(Date.now() - 3_600_000),
        end: new Date(),
        limit: 100,
      },
      targets,
      AbortSignal.timeout(60_000),
    );
    expect(results).toEqual([]);
    expect(received).toBe(KEYS);
    expect(keysAsked.size).toBe(KEYS);
    expect(maxInFlight).toBeLessThanOrEqual(CAP);
    expect(maxInFlight).toBeGreaterThan(1);
  });
});
