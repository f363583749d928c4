import { READ_REPLICA_LAG_HEADER, SEARCH_SOURCES_HEADER, type TSourceStatus } from "@odin/contract";
import { createPrismaClient, type PrismaClient } from "@odin/db";
import {
  createTestDatabase,
  prepareTemplateDatabase,
  startStreamingPair,
  type StreamingPair,
} from "@odin/db/testing";
import { execFile } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { recordRemotePlates } from "../src/sources/distinct-plates.repository";
import { buildTestApp, projectRoot, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const HOUR = 3_600_000;

/**
 * Issue 42 item 1: Odin on a primary and a hot standby of Debian's PostgreSQL (streaming replication,
 * pg_basebackup -R). The standby's replay is paused to tell the two apart: a read stored on the primary
 * after the pause is on the primary only, so whether a search finds it says which server answered.
 */
describe("read replicas: searches read from a streaming standby, writes go to the primary", () => {
  let pair: StreamingPair;
  let t: TestApp;
  let subjects: Record<Persona, string>;
  /** The standby's copy of the test database, as its superuser (to pause and resume replay). */
  let standby: PrismaClient;
  let hartford: { agencyId: number; integrationId: number };
  let reads = 0;
  let standbyDatabaseUrl: string;

  beforeAll(async () => {
    pair = await startStreamingPair();
    await prepareTemplateDatabase(pair.primaryUrl);
    const database = await createTestDatabase(pair.primaryUrl);
    const standbyUrl = new URL(database.url);
    standbyUrl.port = String(pair.standbyPort);
    standbyDatabaseUrl = standbyUrl.toString();
    t = await buildTestApp(
      { DATABASE_READ_URLS: standbyUrl.toString(), DATABASE_READ_MAX_LAG_MS: "5000" },
      { database },
    );
    subjects = await seedPersonas(t);
    standby = createPrismaClient(standbyUrl.toString(), { poolSize: 1 });
    const integration = await t.prisma.axisIntegration.findFirstOrThrow({
      where: { identifier: "hfd-lpv-01" },
      include: { axisAgency: true },
    });
    hartford = { agencyId: integration.axisAgency.agencyId, integrationId: integration.id };
  }, 180_000);
  afterAll(async () => {
    await standby?.$disconnect();
    await t?.close();
    await pair?.stop();
  });

  /** A RAVEN read stored on the primary, with its distinct plate (as ingest stores them). */
  const storeRead = async (plate: string) => {
    const read = {
      plate,
      plateNormalized: plate,
      plateState: "CT",
      cameraName: "hfd-lpv-01 camera",
      agencyId: hartford.agencyId,
      axisIntegrationId: hartford.integrationId,
      timestamp: new Date(Date.now() - HOUR),
      latitude: 41.76,
      longitude: -72.68,
      vendorEventId: `replica-${++reads}`,
    };
    await t.prisma.detection.create({ data: read });
    await recordRemotePlates(t.prisma, [read], "axis_reads", { counted: true });
  };

  const search = async (persona: Persona, plate: string) => {
    const answer = await t.app.inject({
      method: "POST",
      url: "/search-data",
      headers: { authorization: `Bearer ${await mintToken(t, subjects[persona])}` },
      payload: {
        plate,
        justification: "Replica test",
        start_time: new Date(Date.now() - 24 * HOUR).toISOString(),
        end_time: new Date().toISOString(),
        // RAVEN's camera only: Rekor and Axon are asked at the vendor, not in Odin's database.
        agencies: ["hfd-lpv-01"],
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const lag = answer.headers[READ_REPLICA_LAG_HEADER];
    const statuses = JSON.parse(String(answer.headers[SEARCH_SOURCES_HEADER])) as TSourceStatus[];
    return {
      found: answer.json<{ plate: string }[]>().filter((result) => result.plate === plate).length,
      fromReplica: lag !== undefined,
      lagMs: lag === undefined ? undefined : Number(lag),
      raven: statuses.find((status) => status.source === "Axis")!,
    };
  };

  const replay = (action: "pause" | "resume") =>
    standby.$queryRawUnsafe(
      action === "pause" ? "SELECT pg_wal_replay_pause()::text" : "SELECT pg_wal_replay_resume()::text",
    );

  /** Until the standby has replayed a read stored just now and a search is answered by it. */
  const caughtUp = async (persona: Persona) => {
    const plate = `SYNC${++reads}`;
    await storeRead(plate);
    await vi.waitFor(
      async () => {
        const answer = await search(persona, plate);
        expect(answer).toMatchObject({ fromReplica: true, found: 1 });
      },
      { timeout: 30_000, interval: 200 },
    );
  };

  it("answers a search from the standby, its audit row on the primary; a standby too far behind is skipped", async () => {
    await caughtUp("investigator");
    await replay("pause");
    try {
      await storeRead("PAUSE1");
      // The standby answers while it is within DATABASE_READ_MAX_LAG_MS (5 s): without the new read.
      const first = await search("investigator", "PAUSE1");
      expect(first).toMatchObject({ fromReplica: true, found: 0 });
      // The audit row of that search was written to the primary (the standby is read-only anyway).
      const audited = await t.prisma.auditLog.count({
        where: { action: "search", justification: "Replica test", plate: "PAUSE1" },
      });
      expect(audited).toBe(1);
      // A second or more behind: RAVEN's status says its newest reads may be missing.
      await vi.waitFor(
        async () => {
          const answer = await search("investigator", "PAUSE1");
          expect(answer.fromReplica).toBe(true);
          expect(answer.lagMs).toBeGreaterThanOrEqual(1000);
          expect(answer.raven.notice_kinds).toContain("replica_behind");
          expect(answer.raven.notice).toMatch(/^Read from a copy of the database \d+ s behind/);
        },
        { timeout: 20_000, interval: 200 },
      );
      // Past 5 s behind, the primary answers, with the read.
      await vi.waitFor(
        async () =>
          expect(await search("investigator", "PAUSE1")).toMatchObject({ fromReplica: false, found: 1 }),
        { timeout: 30_000, interval: 250 },
      );
    } finally {
      await replay("resume");
    }
    await caughtUp("investigator");
  });

  it("answers the audit log, its chain check and the review flags from the standby", async () => {
    await caughtUp("admin");
    const token = await mintToken(t, subjects.admin);
    for (const url of ["/admin-audit-logs-api?page=1", "/admin-audit-chain", "/review/flags"]) {
      const answer = await t.app.inject({
        method: "GET",
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      expect(answer.headers[READ_REPLICA_LAG_HEADER], url).toMatch(/^\d+$/);
    }
  });

  it("odin doctor names each read replica and whether it is a standby", async () => {
    const { stdout } = await new Promise<{ stdout: string }>((resolve) =>
      execFile(
        process.execPath,
        ["--import", "tsx", "src/cli.ts", "doctor"],
        {
          cwd: path.join(projectRoot, "apps/api"),
          env: {
            PATH: process.env.PATH,
            NODE_ENV: "test",
            LOG_LEVEL: "silent",
            DATABASE_URL: t.databaseUrl,
            DATABASE_READ_URLS: `${standbyDatabaseUrl} ${t.databaseUrl}`,
            ODIN_MIGRATE_ON_START: "false",
          },
        },
        (_error, out) => resolve({ stdout: String(out) }),
      ),
    );
    expect(stdout).toMatch(
      new RegExp(`read replica.*127\\.0\\.0\\.1:${pair.standbyPort}/\\S+ is a hot standby`),
    );
    // The primary listed as a replica by mistake: named as not a standby.
    expect(stdout).toMatch(new RegExp(`127\\.0\\.0\\.1:${pair.primaryPort}/\\S+ is not a standby`));
  });

  it("reads a person's own change from the primary until the standby has replayed it (read-your-writes)", async () => {
    await caughtUp("hotlistAdmin");
    await replay("pause");
    try {
      await storeRead("MINE01");
      // Before the change: the standby answers the hotlist admin too.
      expect(await search("hotlistAdmin", "MINE01")).toMatchObject({ fromReplica: true, found: 0 });
      const group = await t.prisma.hotlistGroup.findFirstOrThrow({ where: { agencyId: hartford.agencyId } });
      const added = await t.app.inject({
        method: "POST",
        url: "/hotlist/add-plate-direct",
        headers: { authorization: `Bearer ${await mintToken(t, subjects.hotlistAdmin)}` },
        payload: { plate_number: "MINE01", reason: "Stolen", state: "", group_id: group.id },
      });
      expect(added.statusCode, added.body).toBe(200);
      // The admin's own next search goes to the primary; a colleague's still to the standby.
      expect(await search("hotlistAdmin", "MINE01")).toMatchObject({ fromReplica: false, found: 1 });
      expect(await search("investigator", "MINE01")).toMatchObject({ fromReplica: true, found: 0 });
    } finally {
      await replay("resume");
    }
    // Once the standby has replayed the change, the admin reads from it again.
    await caughtUp("hotlistAdmin");
  });
});
