import { randomUUID } from "node:crypto";
import {
  ZAlertDeliveriesResponse,
  ZWebPushSubscribed,
  ZWebPushSubscriptions,
  type TAlertDelivery,
} from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertAlertsForReads } from "../src/modules/alerts/matching/alert-matcher";
import { createVapidKeySource } from "../src/delivery/vapid-keys";
import { WEB_PUSH_ENDPOINT_TAKEN } from "../src/modules/alert-delivery/alert-delivery.service";
import { builtInSubject } from "../src/identity/built-in-provider";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken } from "./tokens";
import { startWebPushStandIn, type BrowserSubscription, type WebPushStandIn } from "./web-push-endpoint";

/**
 * Issue 24 item 4: Web Push end to end against a local push service that verifies the VAPID JWT
 * (RFC 8292) and decrypts the payload (RFC 8291 aes128gcm) with a real P-256 browser key pair made
 * here; an expired subscription (410) removed and logged; a 500 retried; the user's channel, quiet
 * hours and the SSRF guard respected.
 */
describe("alert delivery by Web Push", () => {
  let t: TestApp;
  let push: WebPushStandIn;
  let agencyId: number;

  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  /** A group with one plate and one member (a user of their own) whose browser subscribed at `path`. */
  const scenario = async (name: string, path: string | null, user: Record<string, unknown> = {}) => {
    const group = await t.prisma.hotlistGroup.create({ data: { agencyId, name: `Group ${name}` } });
    const plate = `WP${name.toUpperCase()}`.slice(0, 10);
    await t.prisma.hotlistPlate.create({
      data: { groupId: group.id, plateNumber: plate, plateNormalized: plate, state: null, reason: "Stolen" },
    });
    const row = await t.prisma.user.create({
      data: {
        username: `push.${name}`,
        name: `Officer ${name}`,
        email: `push.${name}@example.test`,
        approved: true,
        hotlistViewer: true,
        agencyId,
        ...user,
      },
    });
    await t.prisma.user.update({ where: { id: row.id }, data: { idpSubject: builtInSubject(row.id) } });
    await t.prisma.hotlistGroupMember.create({ data: { groupId: group.id, userId: row.id } });
    const token = await mintToken(t, builtInSubject(row.id));
    let subscription: BrowserSubscription | undefined;
    if (path) {
      subscription = path.startsWith("http")
        ? { ...push.subscribe("/x"), endpoint: path }
        : push.subscribe(path);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/account/push-subscriptions",
        headers: { ...as(token), "user-agent": "Test browser" },
        payload: subscription,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(ZWebPushSubscribed.parse(res.json()).web_push).toBe(true);
    }
    const raise = async () => {
      const [alert] = await insertAlertsForReads(
        t.prisma,
        "Rekor",
        [
          {
            sourceReadId: randomUUID(),
            plate,
            plateNormalized: plate,
            state: "CT",
            timestamp: new Date("2026-11-20T03:04:05Z"),
            camera: "Main St",
            agencyName: null,
            imagePath: null,
            latitude: null,
            longitude: null,
          },
        ],
        [agencyId],
      );
      return alert!.id;
    };
    return { group, plate, token, userId: row.id, subscription, raise };
  };

  const log = async (token: string, alertId: number) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/alerts/${alertId}/deliveries`,
      headers: as(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZAlertDeliveriesResponse.parse(res.json()).deliveries.filter((row) => row.channel === "web_push");
  };

  const settled = async (token: string, alertId: number): Promise<TAlertDelivery[]> => {
    let rows: TAlertDelivery[] = [];
    await vi.waitFor(
      async () => {
        rows = await log(token, alertId);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((row) => row.status !== "pending" && row.status !== "sending")).toBe(true);
      },
      { timeout: 20_000, interval: 50 },
    );
    return rows;
  };

  beforeAll(async () => {
    push = await startWebPushStandIn();
    t = await buildTestApp({
      ALERT_DELIVERY_RETRY_BASE_MS: "0",
      ALERT_DELIVERY_MAX_ATTEMPTS: "3",
      ALERT_DELIVERY_POLL_MS: "100",
      PUSH_TIMEOUT_MS: "2000",
    });
    agencyId = (
      await t.prisma.agency.create({
        data: { name: "Pushville PD", code: "PPD", timeZone: "America/Chicago" },
      })
    ).id;
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it("makes one VAPID key pair for every replica, keeps the private key sealed, and gives the browser the public key", async () => {
    const { token } = await scenario("keys", null);
    const replicas = [1, 2, 3].map(() =>
      createVapidKeySource({ prisma: t.prisma, secrets: t.secrets, configured: null }),
    );
    const keys = await Promise.all(replicas.map((source) => source()));
    expect(new Set(keys.map((key) => key.publicKey)).size).toBe(1);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/account/push-subscriptions",
      headers: as(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = ZWebPushSubscriptions.parse(res.json());
    expect(answer.vapid_public_key).toBe(keys[0]!.publicKey);
    expect(answer.subscriptions).toEqual([]);
    expect(res.body).not.toContain(keys[0]!.privateKey);
    const [row] = await t.prisma.$queryRaw<{ private_key_sealed: string }[]>`
      SELECT private_key_sealed FROM web_push_vapid_keys`;
    expect(row!.private_key_sealed).toMatch(/^v1:/);
    expect(row!.private_key_sealed).not.toContain(keys[0]!.privateKey);
  });

  it("pushes the alert encrypted for the browser, signed with VAPID; the browser reads the alert", async () => {
    const { token, plate, group, raise } = await scenario("ok", "/ok/one");
    const vapid = ZWebPushSubscriptions.parse(
      (
        await t.app.inject({ method: "GET", url: "/api/account/push-subscriptions", headers: as(token) })
      ).json(),
    );
    expect(vapid.subscriptions).toMatchObject([
      { push_service: new URL(push.baseUrl).host, user_agent: "Test browser" },
    ]);
    const alertId = await raise();
    const [row] = await settled(token, alertId);
    expect(row).toMatchObject({
      channel: "web_push",
      recipient: "Officer ok",
      status: "sent",
      attempts: 1,
      note: "HTTP 201",
    });
    const hits = push.received.filter((hit) => hit.path === "/ok/one");
    expect(hits).toHaveLength(1);
    expect(hits[0]!.error).toBeNull();
    expect(hits[0]!.vapid!.key).toBe(vapid.vapid_public_key);
    expect(hits[0]!.vapid!.claims.aud).toBe(push.baseUrl);
    expect(hits[0]!.headers.ttl).toBeDefined();
    const message = JSON.parse(hits[0]!.plaintext!) as Record<string, unknown>;
    expect(message).toMatchObject({
      type: "odin.alert",
      title: `Hotlist alert: ${plate} (CT)`,
      url: expect.stringMatching(new RegExp(`/alert-history-detail/${alertId}$`)),
      tag: `odin-alert-${alertId}`,
      alert: { id: alertId, plate, state: "CT", group: group.name, reason: "Stolen", camera: "Main St" },
    });
  });

  it("removes a subscription the push service says is gone (410) and records it in the log", async () => {
    const { token, userId, raise } = await scenario("gone", "/gone/one");
    const alertId = await raise();
    const [row] = await settled(token, alertId);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.last_error).toMatch(/HTTP 410.*expired and was removed/);
    expect(await t.prisma.webPushSubscription.count({ where: { userId } })).toBe(0);
  });

  it("retries a push service that answered 500", async () => {
    const { token, raise } = await scenario("flaky", "/flaky/one");
    const alertId = await raise();
    const [row] = await settled(token, alertId);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    const hits = push.received.filter((hit) => hit.path === "/flaky/one");
    expect(hits).toHaveLength(2);
    expect(hits.map((hit) => hit.plaintext)).toEqual([hits[0]!.plaintext, hits[0]!.plaintext]);
  });

  it("refuses a push endpoint on a non-public address (SSRF rules) and removes it", async () => {
    const { token, userId, raise } = await scenario("ssrf", "http://10.20.30.40/push/one");
    const alertId = await raise();
    const [row] = await settled(token, alertId);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.last_error).toMatch(/refused/);
    expect(await t.prisma.webPushSubscription.count({ where: { userId } })).toBe(0);
  });

  it("sends nothing once the user turned browser notifications off", async () => {
    const { token, raise } = await scenario("off", "/ok/off");
    await t.app.inject({
      method: "POST",
      url: "/api/profile/alert-channels",
      headers: as(token),
      payload: { web_push: false },
    });
    // Queued while the channel was on (the trigger reads it at the alert's commit): turned off before sending.
    const alertId = await raise();
    expect(await log(token, alertId)).toEqual([]);
    expect(push.received.filter((hit) => hit.path === "/ok/off")).toHaveLength(0);
  });

  it("holds a push of a non-urgent group during the recipient's quiet hours", async () => {
    const minute = Number(
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "America/Chicago",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      })
        .format(new Date())
        .replace(/(\d+):(\d+)/, (_, h: string, m: string) => String(Number(h) * 60 + Number(m))),
    );
    const { token, raise } = await scenario("quiet", "/ok/quiet", {
      quietHoursStart: (minute + 1440 - 5) % 1440,
      quietHoursEnd: (minute + 120) % 1440,
    });
    const alertId = await raise();
    await vi.waitFor(
      async () => {
        const [row] = await log(token, alertId);
        expect(row).toMatchObject({ status: "pending", attempts: 0 });
        expect(row!.note).toMatch(/quiet hours/);
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(push.received.filter((hit) => hit.path === "/ok/quiet")).toHaveLength(0);
  });

  it("never hands one user's browser to another who only knows its endpoint (issue 36): 409, unless the keys prove it", async () => {
    const owner = await scenario("owned", "/ok/owned");
    const rival = await t.prisma.agency.create({
      data: { name: "Rivalton PD", code: "RPD", timeZone: "UTC" },
    });
    const outsider = await scenario("outsider", null);
    await t.prisma.user.update({ where: { id: outsider.userId }, data: { agencyId: rival.id } });
    const post = (token: string, payload: object) =>
      t.app.inject({ method: "POST", url: "/api/account/push-subscriptions", headers: as(token), payload });

    // Another agency's user posts the endpoint with keys of their own: refused, nothing moves.
    const stolen = await post(outsider.token, {
      endpoint: owner.subscription!.endpoint,
      keys: push.subscribe("/x").keys,
    });
    expect(stolen.statusCode, stolen.body).toBe(409);
    expect(stolen.json().error.message).toBe(WEB_PUSH_ENDPOINT_TAKEN);
    const row = await t.prisma.webPushSubscription.findUniqueOrThrow({
      where: { endpoint: owner.subscription!.endpoint },
    });
    expect(row.userId).toBe(owner.userId);
    expect(
      await t.prisma.auditLog.count({ where: { userId: outsider.userId, action: "web_push_subscribed" } }),
    ).toBe(0);

    // The owner subscribing again (new keys) keeps it; the browser itself (its auth secret) may re-bind it.
    const again = push.subscribe("/ok/owned");
    expect(
      (await post(owner.token, { endpoint: owner.subscription!.endpoint, keys: again.keys })).statusCode,
    ).toBe(200);
    const sameBrowser = await scenario("sharedcar", null);
    const rebound = await post(sameBrowser.token, {
      endpoint: owner.subscription!.endpoint,
      keys: again.keys,
    });
    expect(rebound.statusCode, rebound.body).toBe(200);
    const moved = await t.prisma.webPushSubscription.findUniqueOrThrow({
      where: { endpoint: owner.subscription!.endpoint },
    });
    expect(moved.userId).toBe(sameBrowser.userId);
    const audit = await t.prisma.auditLog.findFirstOrThrow({
      where: { userId: sameBrowser.userId, action: "web_push_subscribed" },
    });
    expect(audit.detail).toMatchObject({ subscription_id: moved.id, previous_user: "push.owned" });
  });

  it("answers bad subscriptions with a 400 a person can read, and unsubscribes by endpoint", async () => {
    const { token, userId, subscription } = await scenario("bad", "/ok/bad");
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/account/push-subscriptions",
      headers: as(token),
      payload: { endpoint: "ftp://push.example/x", keys: { p256dh: "abc", auth: "def" } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/not an http\(s\) URL|P-256 public key/);
    const other = await scenario("other", null);
    const notTheirs = await t.app.inject({
      method: "DELETE",
      url: "/api/account/push-subscriptions",
      headers: as(other.token),
      payload: { endpoint: subscription!.endpoint },
    });
    expect(notTheirs.json()).toEqual({ removed: false });
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/account/push-subscriptions",
      headers: as(token),
      payload: { endpoint: subscription!.endpoint },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: true });
    expect(await t.prisma.webPushSubscription.count({ where: { userId } })).toBe(0);
    const audit = await t.prisma.auditLog.findMany({ where: { userId }, select: { action: true } });
    expect(audit.map((row) => row.action)).toEqual(["web_push_subscribed", "web_push_unsubscribed"]);
  });
});
