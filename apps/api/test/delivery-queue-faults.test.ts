import { createPrismaClient, type PrismaClient } from "@odin/db";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import {
  claimDueDeliveries,
  markDelivered,
  type ClaimedDelivery,
} from "../src/delivery/delivery-queue.repository";
import { createDeliveryWorker, type DeliveryChannel } from "../src/delivery/delivery-worker";
import { createAlertAnnouncements } from "../src/lib/alert-listener";
import { startRelay, type DbRelay } from "./db-relay";
import { buildTestApp, type TestApp } from "./helpers";

/**
 * Issue 24, "the queue's database restarting mid-delivery": the delivery queue (alert_deliveries,
 * claimed FOR UPDATE SKIP LOCKED under a lease) with competing workers of their own connection pools
 * on one database, and with the database cut away in the middle of a delivery. A counting receiver
 * stands in for the channels: each (alert, channel, recipient) must reach it once.
 */
describe("the delivery queue under faults", () => {
  let t: TestApp;
  let relay: DbRelay;
  const clients: PrismaClient[] = [];
  let nextAlert = 1;

  /** What reached the receiver: one entry per send, keyed (alert, channel, recipient). */
  let received: { key: string; deliveryId: string; by: string }[] = [];
  const keyOf = (delivery: ClaimedDelivery) =>
    `${delivery.alertId}|${delivery.channel}|${delivery.recipient}`;

  /** A channel that hands each delivery to the receiver (after yielding, so claims interleave). */
  const receiver = (
    by: string,
    afterSend?: (delivery: ClaimedDelivery) => Promise<void>,
  ): DeliveryChannel => ({
    async send(delivery) {
      await new Promise((resolve) => setImmediate(resolve));
      received.push({ key: keyOf(delivery), deliveryId: String(delivery.id), by });
      await afterSend?.(delivery);
      return { kind: "sent" };
    },
  });

  const pool = (url: string) => {
    const client = createPrismaClient(url, { poolSize: 3 });
    clients.push(client);
    return client;
  };

  const worker = (
    prisma: PrismaClient,
    channel: DeliveryChannel,
    extra: { onSettleRetry?: () => void } = {},
  ) =>
    createDeliveryWorker({
      prisma,
      announcements: createAlertAnnouncements({ databaseUrl: t.databaseUrl, log: t.app.log }),
      channels: { webhook: channel, email: channel },
      policy: { ...t.config.alerts.delivery, pollMs: 0, retryBaseMs: 0 },
      log: t.app.log,
      batchSize: 4,
      settleRetryMs: 20,
      ...extra,
    });

  /** Queues `alerts` × the recipients on e-mail and webhook, as the alerts trigger would. */
  const enqueue = async (alerts: number) => {
    const first = nextAlert;
    nextAlert += alerts;
    await t.prisma.$executeRaw`
      INSERT INTO alert_deliveries (alert_id, channel, recipient, user_id)
      SELECT a, r.channel, r.recipient, r.user_id
      FROM generate_series(${first}::int, ${first + alerts - 1}::int) a,
        (VALUES ('email', 'user:1', 1), ('email', 'user:2', 2), ('webhook', 'webhook:1', NULL::int))
          AS r(channel, recipient, user_id)`;
    return { first, count: alerts * 3 };
  };

  const rowsOf = (first: number, last: number) =>
    t.prisma.alertDelivery.findMany({ where: { alertId: { gte: first, lte: last } } });

  const counted = (keys: string[]) => {
    const times = new Map<string, number>();
    for (const key of keys) times.set(key, (times.get(key) ?? 0) + 1);
    return times;
  };

  beforeAll(async () => {
    // The app's own worker stays idle (poll 0): the workers under test are made here.
    t = await buildTestApp({ ALERT_DELIVERY_POLL_MS: "0" });
    const server = new URL(inject("postgresAdminUrl"));
    relay = await startRelay({ host: server.hostname, port: Number(server.port) });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.$disconnect()));
    await t?.close();
  });

  it("two workers with pools of their own deliver each (alert, channel, recipient) once: 300 of 300", async () => {
    received = [];
    const { first, count } = await enqueue(100);
    const a = worker(pool(t.databaseUrl), receiver("a"));
    const b = worker(pool(t.databaseUrl), receiver("b"));
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    await Promise.all([a.drain(), b.drain()]);

    expect(received).toHaveLength(count);
    expect([...counted(received.map((entry) => entry.key)).values()].every((times) => times === 1)).toBe(
      true,
    );
    const rows = await rowsOf(first, first + 99);
    expect(rows).toHaveLength(count);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
    console.info(
      `competing workers: a sent ${received.filter((entry) => entry.by === "a").length}, b sent ${
        received.filter((entry) => entry.by === "b").length
      }`,
    );
  });

  it("the database goes away after a message left and before it was recorded: nothing lost, nothing sent twice", async () => {
    received = [];
    const { first, count } = await enqueue(20);
    let cut = false;
    let settleRetries = 0;
    // Worker A reaches the database through the relay; right after its first send the database goes away.
    const a = worker(
      pool(relay.through(t.databaseUrl)),
      receiver("a", async () => {
        if (cut) return;
        cut = true;
        await relay.cut();
      }),
      { onSettleRetry: () => (settleRetries += 1) },
    );
    const b = worker(pool(t.databaseUrl), receiver("b"));

    const drainingA = a.drain().catch(() => undefined);
    // A could not record what it sent and keeps trying while its lease holds.
    await vi.waitFor(() => expect(settleRetries).toBeGreaterThan(0), { timeout: 20_000, interval: 20 });
    // Meanwhile B (its own connection) delivers the rest, and cannot take the rows A holds.
    await b.drain();
    const held = await t.prisma.alertDelivery.count({
      where: { alertId: { gte: first, lte: first + 19 }, status: "sending" },
    });
    expect(held).toBeGreaterThan(0);

    // The database is back: A records its deliveries; nothing is left.
    await relay.restore();
    await drainingA;
    await Promise.all([a.drain().catch(() => undefined), b.drain()]);

    const times = counted(received.map((entry) => entry.key));
    expect(times.size).toBe(count);
    expect([...times.values()].every((n) => n === 1)).toBe(true);
    const rows = await rowsOf(first, first + 19);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("a worker that dies mid-delivery: its rows are taken again once the lease lapses, and its late record is ignored", async () => {
    received = [];
    const { first, count } = await enqueue(5);
    const dying = pool(t.databaseUrl);
    // The dying process claims four rows, sends the first and dies before recording anything.
    const claimed = await claimDueDeliveries(dying, 4);
    expect(claimed).toHaveLength(4);
    received.push({ key: keyOf(claimed[0]!), deliveryId: String(claimed[0]!.id), by: "dead" });

    // The lease lapses (on the database's clock): the survivor takes every row, the four included.
    await t.prisma.$executeRaw`
      UPDATE alert_deliveries SET locked_until = now() - interval '1 second'
      WHERE id = ANY(${claimed.map((delivery) => delivery.id)}::bigint[])`;
    await worker(pool(t.databaseUrl), receiver("survivor")).drain();

    // The dead process's late record changes nothing: the lease it held is no longer the row's.
    await markDelivered(dying, claimed[1]!, "late");
    const rows = await rowsOf(first, first + 4);
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(count);
    expect(rows.find((row) => row.id === claimed[1]!.id)).toMatchObject({ attempts: 2, note: null });

    // Nothing lost. The one message that left before the crash left again, with the same delivery
    // id (Odin-Delivery on webhooks): a receiver keeping ids sees each delivery once.
    const times = counted(received.map((entry) => entry.key));
    expect(times.size).toBe(count);
    expect(times.get(keyOf(claimed[0]!))).toBe(2);
    expect(new Set(received.map((entry) => entry.deliveryId)).size).toBe(count);
  });
});
