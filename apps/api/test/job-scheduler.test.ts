import { createPrismaClient, type PrismaClient } from "@odin/db";
import { createTestDatabase, type TestDatabase } from "@odin/db/testing";
import Fastify from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { purgeExpiredRows } from "../src/jobs/expired-rows-purge";
import { claimJob, scheduleJob, type JobDefinition } from "../src/jobs/scheduler";

// Two "replicas": two connection pools on one database, as two API processes would have.
let database: TestDatabase;
let replicaA: PrismaClient;
let replicaB: PrismaClient;
const log = Fastify({ logger: false }).log;

beforeAll(async () => {
  database = await createTestDatabase(inject("postgresAdminUrl"));
  replicaA = createPrismaClient(database.url, { poolSize: 4 });
  replicaB = createPrismaClient(database.url, { poolSize: 4 });
});

afterAll(async () => {
  await replicaA.$disconnect();
  await replicaB.$disconnect();
  await database.drop();
});

let counter = 0;
let name = "";
beforeEach(() => {
  name = `test-job-${++counter}`;
});

function countingJob(overrides: Partial<JobDefinition> = {}) {
  const calls: string[] = [];
  const job = (runner: string): JobDefinition => ({
    name,
    intervalMs: 3_600_000,
    async run() {
      calls.push(runner);
    },
    ...overrides,
  });
  return { calls, job };
}

describe("background jobs run once across replicas", () => {
  it("ten simultaneous claims of a due job from two replicas: exactly one wins", async () => {
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        claimJob(i % 2 ? replicaA : replicaB, { name, intervalMs: 60_000 }, `runner-${i}`),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const [row] = await replicaA.$queryRaw<{ runs: bigint }[]>`
      SELECT runs FROM job_schedules WHERE name = ${name}`;
    expect(row!.runs).toBe(1n);
  });

  it("two replicas ticking together run the job once per interval, and not again before it", async () => {
    const { calls, job } = countingJob();
    const a = scheduleJob(replicaA, job("A"), log, { runner: "A", autoStart: false });
    const b = scheduleJob(replicaB, job("B"), log, { runner: "B", autoStart: false });
    for (let round = 0; round < 3; round++) await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(calls).toHaveLength(1);
    const [row] = await replicaA.$queryRaw<{ lease_until: Date | null; last_finished_at: Date | null }[]>`
      SELECT lease_until, last_finished_at FROM job_schedules WHERE name = ${name}`;
    expect(row!.lease_until).toBeNull();
    expect(row!.last_finished_at).not.toBeNull();
    // Due again (the interval passed): one of them runs it once more.
    await replicaA.$executeRaw`UPDATE job_schedules SET next_run_at = now() - interval '1 second' WHERE name = ${name}`;
    await Promise.all([a.tick(), b.tick()]);
    expect(calls).toHaveLength(2);
    await Promise.all([a.stop(), b.stop()]);
  });

  it("a job whose runner died is taken over once its lease lapses, not before", async () => {
    const { calls, job } = countingJob();
    // Replica A claimed the job and died before it finished: the lease is live, the run is due again.
    expect(await claimJob(replicaA, job("A"), "A")).toBe(true);
    await replicaA.$executeRaw`UPDATE job_schedules SET next_run_at = now() - interval '1 second' WHERE name = ${name}`;
    const b = scheduleJob(replicaB, job("B"), log, { runner: "B", autoStart: false });
    expect(await b.tick()).toBe(false);
    await replicaA.$executeRaw`UPDATE job_schedules SET lease_until = now() - interval '1 second' WHERE name = ${name}`;
    expect(await b.tick()).toBe(true);
    expect(calls).toEqual(["B"]);
    await b.stop();
  });

  it("a failing run is recorded, releases its lease and runs again at its next time", async () => {
    const a = scheduleJob(
      replicaA,
      {
        name,
        intervalMs: 3_600_000,
        async run() {
          throw new Error("the vendor is down");
        },
      },
      log,
      { runner: "A", autoStart: false },
    );
    expect(await a.tick()).toBe(true);
    const [row] = await replicaA.$queryRaw<
      { last_error: string | null; lease_until: Date | null; next_run_at: Date }[]
    >`SELECT last_error, lease_until, next_run_at FROM job_schedules WHERE name = ${name}`;
    expect(row!.last_error).toBe("the vendor is down");
    expect(row!.lease_until).toBeNull();
    expect(row!.next_run_at.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    await a.stop();
  });

  it("stop() aborts a run under way and waits for it to end", async () => {
    let sawAbort = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const a = scheduleJob(
      replicaA,
      {
        name,
        intervalMs: 3_600_000,
        run: (signal) =>
          new Promise<void>((resolve) => {
            started();
            signal.addEventListener("abort", () => {
              sawAbort = true;
              resolve();
            });
          }),
      },
      log,
      { runner: "A", autoStart: false },
    );
    const ran = a.tick();
    await running;
    await a.stop();
    expect(sawAbort).toBe(true);
    expect(await ran).toBe(true);
  });
});

describe("the expired-rows purge", () => {
  it("removes expired provider artifacts, sessions, reset links and setup tokens, and keeps live ones", async () => {
    const user = await replicaA.user.create({
      data: { username: "purge.me", name: "Purge Me", email: "purge.me@example.test" },
    });
    const dayAgo2 = new Date(Date.now() - 2 * 86_400_000);
    const inAnHour = new Date(Date.now() + 3_600_000);
    await replicaA.oidcArtifact.createMany({
      data: [
        { kind: "Session", id: "old", payload: {}, expiresAt: dayAgo2 },
        { kind: "Session", id: "live", payload: {}, expiresAt: inAnHour },
      ],
    });
    await replicaA.session.createMany({
      data: [
        { userId: user.id, expiresAt: dayAgo2, revokedAt: dayAgo2 },
        { userId: user.id, expiresAt: inAnHour },
      ],
    });
    const removed = await purgeExpiredRows(replicaA);
    expect(removed).toMatchObject({ artifacts: 1, sessions: 1 });
    expect(await replicaA.oidcArtifact.findMany({ select: { id: true } })).toEqual([{ id: "live" }]);
    expect(await replicaA.session.count()).toBe(1);
  });
});
