import { createPrismaClient, type PrismaClient } from "@odin/db";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import {
  createTestDatabase,
  prepareTemplateDatabase,
  startStreamingPair,
  type StreamingPair,
} from "@odin/db/testing";
import { buildAxisEvent, createDataset } from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const camera = DEMO_AGENCIES.find((agency) => agency.key === "hartford")!.axis[0]!;

interface Outcome {
  kind: "read" | "search";
  status: number;
  retryAfter: string | null;
  /** The stored read's id (a read's 201) or the search's own justification (a search's 200). */
  key?: string;
  at: number;
}

/**
 * Issue 42 item 2: Odin on a primary and a synchronous streaming standby of Debian's PostgreSQL, its
 * DATABASE_URL naming both hosts with target_session_attrs=read-write. Cameras push reads and an
 * investigator searches while the primary is stopped at once (pg_ctl stop -m immediate) and the standby
 * promoted a second later: every read Odin acknowledged and every search's audit row is on the promoted
 * server, and while there was no primary Odin answered 503 with Retry-After, never 500.
 */
describe("failover: a promoted standby loses nothing Odin acknowledged", () => {
  let pair: StreamingPair;
  let t: TestApp;
  let subjects: Record<Persona, string>;
  let promoted: PrismaClient;

  beforeAll(async () => {
    pair = await startStreamingPair({ synchronous: true });
    await prepareTemplateDatabase(pair.primaryUrl);
    const database = await createTestDatabase(pair.primaryUrl);
    const name = new URL(database.url).pathname;
    const both = `postgresql://postgres@127.0.0.1:${pair.primaryPort},127.0.0.1:${pair.standbyPort}${name}?target_session_attrs=read-write`;
    t = await buildTestApp({}, { listen: true, database: { url: both, drop: async () => undefined } });
    subjects = await seedPersonas(t);
    promoted = createPrismaClient(`postgresql://postgres@127.0.0.1:${pair.standbyPort}${name}`, {
      poolSize: 1,
    });
  }, 180_000);
  afterAll(async () => {
    await promoted?.$disconnect();
    await t?.close();
    await pair?.stop();
  });

  it("keeps every acknowledged read and search audit row across the promotion, answering 503 + Retry-After between", async () => {
    const reads = [...createDataset({ now: Date.now(), axisReads: 600 }).axis()].filter(
      (read) => read.camera.integration.identifier === camera.identifier,
    );
    const events = await Promise.all(reads.slice(0, 160).map((read) => buildAxisEvent(read)));
    const token = await mintToken(t, subjects.investigator);
    const outcomes: Outcome[] = [];
    let next = 0;
    let searches = 0;
    let stopAsking = false;

    const pushRead = async (event: unknown): Promise<Outcome> => {
      const answer = await fetch(`${t.baseUrl}/ingest/axis/${camera.identifier}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${camera.ingestToken}` },
        body: JSON.stringify(event),
      });
      const body = (await answer.json().catch(() => ({}))) as { id?: string };
      return {
        kind: "read",
        status: answer.status,
        retryAfter: answer.headers.get("retry-after"),
        ...(answer.status === 201 && body.id ? { key: body.id } : {}),
        at: Date.now(),
      };
    };
    const search = async (): Promise<Outcome> => {
      const justification = `Failover check ${++searches}`;
      const answer = await fetch(`${t.baseUrl}/search-data`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          plate: "AB123",
          justification,
          start_time: new Date(Date.now() - 86_400_000).toISOString(),
          end_time: new Date().toISOString(),
          agencies: [camera.identifier],
        }),
      });
      await answer.arrayBuffer();
      return {
        kind: "search",
        status: answer.status,
        retryAfter: answer.headers.get("retry-after"),
        ...(answer.status === 200 ? { key: justification } : {}),
        at: Date.now(),
      };
    };
    // Four cameras pushing and one investigator searching, each as fast as Odin answers.
    const camerasPushing = Array.from({ length: 4 }, async () => {
      while (!stopAsking && next < events.length) outcomes.push(await pushRead(events[next++]));
    });
    const investigator = (async () => {
      while (!stopAsking) outcomes.push(await search());
    })();

    const acknowledged = () => outcomes.filter((outcome) => outcome.key).length;
    const until = async (condition: () => boolean) => {
      while (!condition()) await new Promise((resolve) => setImmediate(resolve));
    };
    await until(() => acknowledged() >= 20);
    const stoppedAt = Date.now();
    await pair.stopPrimary();
    // The operator's (or Patroni's) decision takes a moment: a second without any primary.
    await until(() => Date.now() - stoppedAt >= 1000);
    await pair.promoteStandby();
    const promotedAt = Date.now();
    await until(() => outcomes.filter((outcome) => outcome.key && outcome.at > promotedAt).length >= 20);
    stopAsking = true;
    await Promise.all([...camerasPushing, investigator]);

    // Nothing but successes and 503s with Retry-After (no 500, no hang).
    const statuses = new Set(outcomes.map((outcome) => outcome.status));
    expect([...statuses].filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
    const unavailable = outcomes.filter((outcome) => outcome.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const outcome of unavailable) expect(outcome.retryAfter).toMatch(/^\d+$/);

    // Every read Odin acknowledged is on the promoted server, and every answered search's audit row.
    const readIds = outcomes.filter((o) => o.kind === "read" && o.key).map((o) => BigInt(o.key!));
    const searched = outcomes.filter((o) => o.kind === "search" && o.key).map((o) => o.key!);
    expect(await promoted.detection.count({ where: { id: { in: readIds } } })).toBe(readIds.length);
    expect(
      await promoted.auditLog.count({ where: { action: "search", justification: { in: searched } } }),
    ).toBe(searched.length);
    const firstFailure = Math.min(...unavailable.map((outcome) => outcome.at));
    const lastFailure = Math.max(...unavailable.map((outcome) => outcome.at));
    console.info(
      `failover: ${readIds.length} reads and ${searched.length} searches acknowledged, 0 lost; ` +
        `${unavailable.length} answers 503 over ${((lastFailure - firstFailure) / 1000).toFixed(1)} s ` +
        `(primary stopped at +0, standby promoted at +${((promotedAt - stoppedAt) / 1000).toFixed(1)} s)`,
    );
  }, 180_000);
});
