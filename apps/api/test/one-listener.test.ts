/**
 * Issue 39 item 3: an API process holds one LISTEN connection for committed alerts, whoever uses it: the
 * live alert streams and the delivery worker subscribe to the same one (lib/alert-listener.ts,
 * createAlertAnnouncements). Before, each opened its own ("odin-delivery-listener" beside
 * "odin-alerts-listener"). The connections are counted in pg_stat_activity of the app's database.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openAlertStream, type StreamClient } from "./alert-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

describe("one alerts listener per process (issue 39 item 3)", () => {
  let t: TestApp;
  let subjects: Record<Persona, string>;
  let stream: StreamClient | undefined;

  beforeAll(async () => {
    // The delivery worker wakes by the listener and polls: on, as in production.
    t = await buildTestApp({ ALERT_DELIVERY_POLL_MS: "60000" }, { listen: true });
    subjects = await seedPersonas(t);
  });
  afterAll(async () => {
    stream?.close();
    await t?.close();
  });

  const listeners = () =>
    t.prisma.$queryRaw<{ name: string }[]>`
      SELECT application_name AS name FROM pg_stat_activity
      WHERE datname = current_database() AND application_name LIKE 'odin-%listener'`;

  it("the live streams and the delivery worker share one LISTEN connection", async () => {
    stream = await openAlertStream(t.baseUrl, await mintToken(t, subjects.admin));
    expect(stream.status).toBe(200);
    await stream.ready;
    await vi.waitFor(async () => expect(await listeners()).toHaveLength(1), {
      timeout: 20_000,
      interval: 100,
    });
    expect(await listeners()).toEqual([{ name: "odin-alerts-listener" }]);
  });
});
