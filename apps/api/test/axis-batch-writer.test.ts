import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DetectionInsert } from "../src/modules/ingest/axis-ingest.repository";
import {
  MAX_BATCH,
  MAX_BATCHES_IN_FLIGHT,
  createDetectionWriter,
} from "../src/modules/ingest/axis-batch-insert";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

/**
 * The Axis writer (modules/ingest/axis-batch-insert.ts) under load: reads arriving while batches are written wait
 * and go together in the next statement, never more than MAX_BATCHES_IN_FLIGHT statements at once and
 * never more than MAX_BATCH reads in one; every read is stored once and answered with its own id.
 */
describe("Axis ingest writer: batches under load", () => {
  let t: TestApp;
  let integration: { id: number; agencyId: number };
  /** The ingest statements seen: how many reads each carried, and how many ran at once at most. */
  let statements: number[];
  let running = 0;
  let mostRunning = 0;
  let spied: TestApp["prisma"];

  const now = Date.now();
  const row = (key: string, index: number): DetectionInsert => ({
    vendorEventId: `${key}-${index}`,
    // Every read a plate of its own: the cooldown rule never holds one back for a later batch.
    plate: `${key.toUpperCase()}${index}`,
    plateNormalized: `${key.toUpperCase()}${index}`,
    plateState: "CT",
    make: null,
    color: "Blue",
    bodyType: null,
    cameraName: "writer test camera",
    timestamp: new Date(now - index * 1000),
    latitude: 41.76,
    longitude: -72.67,
    confidence: 0.9,
    direction: "in",
    plateX1: 1,
    plateX2: 2,
    plateX3: 3,
    plateX4: 4,
    plateY1: 5,
    plateY2: 6,
    plateY3: 7,
    plateY4: 8,
    agencyId: integration.agencyId,
    axisIntegrationId: integration.id,
    imagePath: null,
    plateImagePath: null,
    raw: { key, index, note: 'quotes " and \\ backslashes' },
  });
  const storedOf = (key: string) =>
    t.prisma.detection.findMany({
      where: { vendorEventId: { startsWith: `${key}-` } },
      select: { id: true, vendorEventId: true },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    // The demo agencies and their Axis integrations.
    await seedPersonas(t);
    const found = await t.prisma.axisIntegration.findFirstOrThrow({
      where: { identifier: "hfd-lpv-01" },
      include: { axisAgency: true },
    });
    integration = { id: found.id, agencyId: found.axisAgency.agencyId };
    // The real client, with its ingest statements counted as they start and finish.
    spied = new Proxy(t.prisma, {
      get(target, property, receiver) {
        if (property !== "$queryRaw") return Reflect.get(target, property, receiver) as unknown;
        return async (strings: TemplateStringsArray, ...values: unknown[]) => {
          const ingest = strings.join("").includes("INSERT INTO detections");
          if (ingest) {
            const reads = values.find((value) => typeof value === "string" && value.startsWith("[{"));
            statements.push((JSON.parse(reads as string) as unknown[]).length);
            running += 1;
            mostRunning = Math.max(mostRunning, running);
          }
          try {
            return await target.$queryRaw(strings, ...values);
          } finally {
            if (ingest) running -= 1;
          }
        };
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("puts the reads that arrive while batches are written into the next ones, never more at once than allowed", async () => {
    statements = [];
    mostRunning = 0;
    const writer = createDetectionWriter(spied);
    // 30 waves of 5 reads, each wave in a turn of the event loop of its own (as requests are read from
    // their sockets), none waiting for the others.
    const pending: Promise<{ id: bigint; created: boolean }>[] = [];
    for (let wave = 0; wave < 30; wave++) {
      for (let index = wave * 5; index < wave * 5 + 5; index++)
        pending.push(writer.insert(row("wave", index)));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const outcomes = await Promise.all(pending);

    expect(mostRunning).toBeLessThanOrEqual(MAX_BATCHES_IN_FLIGHT);
    // Fewer statements than waves: the waves that came while others were written were grouped.
    expect(statements.length).toBeLessThan(30);
    expect(statements.reduce((sum, size) => sum + size, 0)).toBe(150);
    // Each read stored once, answered with its own row.
    expect(outcomes.every((outcome) => outcome.created)).toBe(true);
    const stored = await storedOf("wave");
    expect(stored).toHaveLength(150);
    const idOf = new Map(stored.map((read) => [read.vendorEventId, read.id]));
    outcomes.forEach((outcome, index) => expect(outcome.id).toBe(idOf.get(`wave-${index}`)));
  });

  it(`writes more than ${MAX_BATCH} reads queued at once in batches of at most ${MAX_BATCH}, losing none`, async () => {
    statements = [];
    const writer = createDetectionWriter(spied);
    const count = MAX_BATCH * 2 + 50;
    const outcomes = await Promise.all(
      Array.from({ length: count }, (_, index) => writer.insert(row("many", index))),
    );
    expect(statements).toEqual([MAX_BATCH, MAX_BATCH, 50]);
    expect(outcomes.filter((outcome) => outcome.created)).toHaveLength(count);
    expect(new Set(outcomes.map((outcome) => outcome.id)).size).toBe(count);
    expect(await storedOf("many")).toHaveLength(count);
  });

  it("stores a read pushed again while its first push is being written once, both answered with its id", async () => {
    const writer = createDetectionWriter(spied);
    const first = writer.insert(row("again", 1));
    // The second push in a later turn: a batch of its own, written while the first may still run.
    await new Promise((resolve) => setImmediate(resolve));
    const [one, two] = await Promise.all([first, writer.insert(row("again", 1))]);
    expect([one.created, two.created].sort()).toEqual([false, true]);
    expect(one.id).toBe(two.id);
    // The stored read is the one pushed: the JSON carried every column unchanged.
    const stored = await t.prisma.detection.findFirstOrThrow({ where: { id: one.id } });
    expect(stored).toMatchObject({
      plate: "AGAIN1",
      plateNormalized: "AGAIN1",
      plateState: "CT",
      color: "Blue",
      cameraName: "writer test camera",
      latitude: 41.76,
      longitude: -72.67,
      confidence: 0.9,
      direction: "in",
      plateX1: 1,
      plateY4: 8,
      absurdDate: false,
      raw: { key: "again", index: 1, note: 'quotes " and \\ backslashes' },
    });
    expect(stored.timestamp.getTime()).toBe(now - 1000);
  });
});
