import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomInt } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createPrismaClient, type PrismaClient } from "@odin/db";
import { DEMO_PASSWORD } from "@odin/db/demo-data";
import { findFreePort } from "@odin/db/embedded";
import { createTestDatabase, type TestDatabase } from "@odin/db/testing";
import { buildAxisEvent, createDataset, ImageRenderer } from "@odin/simulators";
import { decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { openAlertStream, type StreamClient } from "./alert-helpers";
import {
  addToHotlist,
  apiDir,
  apiEnvironment,
  camera,
  hartford,
  killAll,
  pushRavenEvent,
  ravenReadOf,
  startApiProcess,
  type ApiProcess,
} from "./api-processes";
import { signIn } from "./oidc-client";

/**
 * Issue 21.4: two real API processes (node, NODE_ENV=production) on one PostgreSQL and one shared
 * file folder, behind one public address (A's: the load balancer a person's browser talks to, so both
 * take the same issuer). A job runs once across both; a hotlist hit pushed to A reaches a live alert
 * stream opened on B; B serves the picture A stored; after `odin rotate-signing-key` and a restart
 * of A, B accepts A's tokens signed with the new key without a restart of its own; and killing A in
 * the middle of a burst loses no event it acknowledged.
 */
describe("two API processes on one database", () => {
  let database: TestDatabase;
  let prisma: PrismaClient;
  let filesDir: string;
  const secretsKey = randomBytes(32).toString("hex");
  const processes: ChildProcess[] = [];

  /** The address both replicas are reached by (A's port: A is restarted on it). */
  let publicUrl: string;
  const environment = (extra: NodeJS.ProcessEnv = {}) =>
    apiEnvironment({ databaseUrl: database.url, secretsKey, dataDir: filesDir, publicUrl }, extra);

  const start = async (extra: NodeJS.ProcessEnv = {}, port?: number) => {
    port ??= await findFreePort();
    publicUrl ??= `http://127.0.0.1:${port}`;
    return startApiProcess(environment(extra), processes, port);
  };

  let a: ApiProcess;
  let b: ApiProcess;

  beforeAll(async () => {
    database = await createTestDatabase(inject("postgresAdminUrl"));
    prisma = createPrismaClient(database.url, { poolSize: 2 });
    filesDir = await mkdtemp(path.join(os.tmpdir(), "odin-two-processes-"));
    a = await start();
    b = await start({ ODIN_MIGRATE_ON_START: "false" });
  }, 300_000);
  const streams: StreamClient[] = [];
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    killAll(processes);
    await prisma?.$disconnect();
    await database?.drop();
    await rm(filesDir, { recursive: true, force: true });
  });

  const reads = [...createDataset({ now: Date.now(), axisReads: 400 }).axis()].filter(
    (read) => read.camera.integration.identifier === camera.identifier,
  );
  const renderer = new ImageRenderer();
  const push = async (url: string, index: number) =>
    pushRavenEvent(url, await buildAxisEvent(reads[index]!, { renderer }));

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
    const row = await prisma.detection.findFirstOrThrow({ where: { id: BigInt(id) } });
    const { createImageStore } = await import("../src/storage/image-store");
    const picture = await createImageStore(path.join(filesDir, "images")).get(row.imagePath!);
    expect(picture?.contentType).toBe("image/jpeg");
  });

  /** A real sign-in (authorization code + PKCE, the demo password) through the public address. */
  const signInAs = async (username: string) => {
    const { tokens, status } = await signIn(publicUrl, username, DEMO_PASSWORD);
    expect(status).toBe(200);
    return tokens!.access_token;
  };
  const getWith = (url: string, token: string) =>
    fetch(url, { headers: { authorization: `Bearer ${token}` } });

  it("a hotlist hit pushed to A reaches a live alert stream opened on B", async () => {
    const token = await signInAs("hartford.admin");
    const stream = await openAlertStream(b.url, token);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.ready;
    // A plate of this test's own, put on Hartford's demo hotlist through A: no read of it can have
    // raised an alert before, so the group's cooldown can never swallow this one.
    const plate = `ZQ${randomInt(10_000, 100_000)}`;
    await addToHotlist(a.url, token, plate, "Two-process check");
    const pushed = await pushRavenEvent(a.url, await ravenReadOf(plate, renderer));
    expect(pushed.status).toBe(201);
    const { id } = (await pushed.json()) as { id: string };
    const received = await stream.waitFor((event) => event.alert.axis_detection_id === id, 30_000);
    expect(received.data.alert).toMatchObject({
      plate,
      agency: hartford.name,
      camera: camera.label,
    });
  });

  it("B serves over HTTP the picture that A stored", async () => {
    const pushed = await push(a.url, 26);
    expect(pushed.status).toBe(201);
    const { id } = (await pushed.json()) as { id: string };
    const token = await signInAs("hartford.admin");
    const answer = await getWith(`${b.url}/axis/proxy-detection-image?id=${id}`, token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/jpeg");
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it("after odin rotate-signing-key and a restart of A, B accepts A's new tokens without a restart", async () => {
    const before = await signInAs("hartford.admin");
    // B has loaded the key set (this token is verified by it).
    expect((await getWith(`${b.url}/get-current-user`, before)).status).toBe(200);

    const cli = spawn(process.execPath, ["--import", "tsx", "src/cli.ts", "rotate-signing-key"], {
      cwd: apiDir,
      env: environment(),
      stdio: ["ignore", "ignore", "inherit"],
    });
    expect(await new Promise((resolve) => cli.on("exit", resolve))).toBe(0);
    const [newest] = await prisma.$queryRaw<{ kid: string }[]>`
      SELECT kid FROM oidc_signing_keys WHERE rotated_at IS NULL AND retired_at IS NULL`;

    // A rolling restart of A (the provider signs with the active key from its start), same address.
    const stopped = new Promise((resolve) => a.child.on("exit", resolve));
    a.child.kill("SIGTERM");
    await stopped;
    a = await start({ ODIN_MIGRATE_ON_START: "false" }, Number(new URL(publicUrl).port));

    const after = await signInAs("hartford.admin");
    expect(decodeProtectedHeader(after).kid).toBe(newest!.kid);
    expect(decodeProtectedHeader(after).kid).not.toBe(decodeProtectedHeader(before).kid);
    // B, never restarted, meets a key id it has not loaded: it reloads the key set and accepts.
    expect((await getWith(`${b.url}/get-current-user`, after)).status).toBe(200);
    // The rotated key stays published: tokens it signed still verify on B.
    expect((await getWith(`${b.url}/get-current-user`, before)).status).toBe(200);
  }, 180_000);

  it("killing A in the middle of a burst loses no event it acknowledged", async () => {
    const acknowledged: string[] = [];
    const events = await Promise.all(
      Array.from({ length: 24 }, (_, i) => buildAxisEvent(reads[i + 1]!, { renderer })),
    );
    const burst = events.map((event) =>
      pushRavenEvent(a.url, event)
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
