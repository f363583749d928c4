import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createPrismaClient, type PrismaClient } from "@odin/db";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { createTestDatabase, type TestDatabase } from "@odin/db/testing";
import { buildAxisEvent, createDataset, ImageRenderer } from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { findFreePort } from "@odin/db/embedded";

const apiDir = path.resolve(import.meta.dirname, "..");
const camera = DEMO_AGENCIES.find((agency) => agency.key === "hartford")!.axis[0]!;

/**
 * Issue 21.4: two real API processes (node, NODE_ENV=production) on one PostgreSQL and one shared
 * file folder. Pictures pushed to A are served by B, a job runs once across both, and killing A in
 * the middle of a burst loses no event it acknowledged.
 */
describe("two API processes on one database", () => {
  let database: TestDatabase;
  let prisma: PrismaClient;
  let filesDir: string;
  const secretsKey = randomBytes(32).toString("hex");
  const processes: ChildProcess[] = [];

  const start = async (extra: NodeJS.ProcessEnv = {}) => {
    const port = await findFreePort();
    const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
      cwd: apiDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: database.url,
        ODIN_SECRETS_KEY: secretsKey,
        ODIN_DATA_DIR: filesDir,
        ODIN_PUBLIC_URL: `http://127.0.0.1:${port}`,
        ODIN_SEED_DEMO: "true",
        ODIN_DEMO_SIMULATORS: "false",
        AXON_POLL_INTERVAL_MS: "0",
        LOG_LEVEL: "warn",
        ...extra,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    processes.push(child);
    const url = `http://127.0.0.1:${port}`;
    await vi.waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
        expect((await fetch(`${url}/healthz`)).status).toBe(200);
      },
      { timeout: 120_000, interval: 250 },
    );
    return { url, child };
  };

  let a: { url: string; child: ChildProcess };
  let b: { url: string; child: ChildProcess };

  beforeAll(async () => {
    database = await createTestDatabase(inject("postgresAdminUrl"));
    prisma = createPrismaClient(database.url, { poolSize: 2 });
    filesDir = await mkdtemp(path.join(os.tmpdir(), "odin-two-processes-"));
    a = await start();
    b = await start({ ODIN_MIGRATE_ON_START: "false" });
  }, 300_000);
  afterAll(async () => {
    for (const child of processes) if (child.exitCode === null) child.kill("SIGKILL");
    await prisma?.$disconnect();
    await database?.drop();
    await rm(filesDir, { recursive: true, force: true });
  });

  const reads = [...createDataset({ now: Date.now(), axisReads: 400 }).axis()].filter(
    (read) => read.camera.integration.identifier === camera.identifier,
  );
  const renderer = new ImageRenderer();
  const push = async (url: string, index: number) =>
    fetch(`${url}/ingest/axis/${camera.identifier}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${camera.ingestToken}` },
      body: JSON.stringify(await buildAxisEvent(reads[index]!, { renderer })),
    });

  it("runs each background job once across both processes", async () => {
    await vi.waitFor(
      async () => {
        const rows = await prisma.$queryRaw<{ name: string; runs: number }[]>`
          SELECT name, runs FROM job_schedules WHERE name = 'detection-retention'`;
        expect(rows).toHaveLength(1);
      },
      { timeout: 30_000, interval: 250 },
    );
    const [row] = await prisma.$queryRaw<{ runs: bigint | number }[]>`
      SELECT runs FROM job_schedules WHERE name = 'detection-retention'`;
    expect(Number(row!.runs)).toBe(1);
  });

  it("stores on A, and B has the row and the picture file in the shared folder", async () => {
    const pushed = await push(a.url, 0);
    expect(pushed.status).toBe(201);
    const { id } = (await pushed.json()) as { id: string };
    const row = await prisma.detection.findUniqueOrThrow({ where: { id: BigInt(id) } });
    const { createImageStore } = await import("../src/storage/image-store");
    const picture = await createImageStore(path.join(filesDir, "images")).get(row.imagePath!);
    expect(picture?.contentType).toBe("image/jpeg");
  });

  it("killing A in the middle of a burst loses no event it acknowledged", async () => {
    const acknowledged: string[] = [];
    const events = await Promise.all(
      Array.from({ length: 24 }, (_, i) => buildAxisEvent(reads[i + 1]!, { renderer })),
    );
    const burst = events.map((event) =>
      fetch(`${a.url}/ingest/axis/${camera.identifier}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${camera.ingestToken}` },
        body: JSON.stringify(event),
      })
        .then(async (answer) => {
          if (answer.status === 201) acknowledged.push(((await answer.json()) as { id: string }).id);
          if (acknowledged.length === 8) a.child.kill("SIGKILL");
        })
        .catch(() => undefined),
    );
    await Promise.all(burst);
    expect(acknowledged.length).toBeGreaterThanOrEqual(8);
    const stored = await prisma.detection.count({ where: { id: { in: acknowledged.map(BigInt) } } });
    expect(stored).toBe(acknowledged.length);
    // B goes on taking pushes.
    expect((await push(b.url, 30)).status).toBe(201);
  }, 120_000);
});
