import { randomUUID } from "node:crypto";
import { ZAlertDeliveriesResponse, ZPushDeviceRegistered, type TAlertDelivery } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertAlertsForReads } from "../src/modules/alerts/matching/alert-matcher";
import { PUSH_DEVICE_TAKEN } from "../src/modules/alert-delivery/alert-delivery.service";
import { builtInSubject } from "../src/identity/built-in-provider";
import { buildTestApp, type TestApp } from "./helpers";
import { startApnsStandIn, startFcmStandIn } from "./mobile-push-endpoints";
import { mintToken } from "./tokens";

/**
 * Issue 24 item 5: the server side of the spec's 'push alerts for the iOS/Android app' toggle. A
 * device registers its token; alerts go through FCM HTTP v1 (service-account JWT exchanged for an
 * access token) and APNs (HTTP/2, ES256 provider token), each a local stand-in that checks the auth;
 * an unregistered token (FCM 404 UNREGISTERED, APNs 410) is removed; nothing while the toggle is off.
 */
describe("alert delivery to the mobile app (FCM, APNs)", () => {
  let t: TestApp;
  let fcm: Awaited<ReturnType<typeof startFcmStandIn>>;
  let apns: Awaited<ReturnType<typeof startApnsStandIn>>;
  let agencyId: number;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  const scenario = async (name: string, pushAlerts = true) => {
    const group = await t.prisma.hotlistGroup.create({ data: { agencyId, name: `Group ${name}` } });
    const plate = `MP${name.toUpperCase()}`.slice(0, 10);
    await t.prisma.hotlistPlate.create({
      data: { groupId: group.id, plateNumber: plate, plateNormalized: plate, state: null, reason: "Stolen" },
    });
    const user = await t.prisma.user.create({
      data: {
        username: `mobile.${name}`,
        name: `Officer ${name}`,
        email: `mobile.${name}@example.test`,
        approved: true,
        hotlistViewer: true,
        agencyId,
        pushAlerts,
      },
    });
    await t.prisma.user.update({ where: { id: user.id }, data: { idpSubject: builtInSubject(user.id) } });
    await t.prisma.hotlistGroupMember.create({ data: { groupId: group.id, userId: user.id } });
    const token = await mintToken(t, builtInSubject(user.id));
    const register = async (platform: "fcm" | "apns", deviceToken: string) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/account/push-devices",
        headers: as(token),
        payload: { platform, token: deviceToken },
      });
      expect(res.statusCode, res.body).toBe(200);
      return ZPushDeviceRegistered.parse(res.json());
    };
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
    return { plate, token, userId: user.id, register, raise };
  };

  const settled = async (token: string, alertId: number): Promise<TAlertDelivery[]> => {
    let rows: TAlertDelivery[] = [];
    await vi.waitFor(
      async () => {
        const res = await t.app.inject({
          method: "GET",
          url: `/api/alerts/${alertId}/deliveries`,
          headers: as(token),
        });
        rows = ZAlertDeliveriesResponse.parse(res.json()).deliveries.filter(
          (row) => row.channel === "mobile_push",
        );
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((row) => row.status !== "pending" && row.status !== "sending")).toBe(true);
      },
      { timeout: 20_000, interval: 50 },
    );
    return rows;
  };

  beforeAll(async () => {
    fcm = await startFcmStandIn("odin-test");
    apns = await startApnsStandIn("ABC123DEFG", "DEF123GHIJ", "org.odin.app");
    t = await buildTestApp({
      ALERT_DELIVERY_RETRY_BASE_MS: "0",
      ALERT_DELIVERY_MAX_ATTEMPTS: "3",
      ALERT_DELIVERY_POLL_MS: "100",
      FCM_SERVICE_ACCOUNT: fcm.serviceAccount,
      FCM_BASE_URL: fcm.baseUrl,
      FCM_TOKEN_URL: fcm.tokenUrl,
      APNS_KEY: apns.key,
      APNS_KEY_ID: "ABC123DEFG",
      APNS_TEAM_ID: "DEF123GHIJ",
      APNS_TOPIC: "org.odin.app",
      APNS_BASE_URL: apns.baseUrl,
    });
    agencyId = (await t.prisma.agency.create({ data: { name: "Mobiletown PD", code: "MTPD" } })).id;
  });
  afterAll(async () => {
    await t?.close();
    await fcm?.close();
    await apns?.close();
  });

  it("tells the web app it can push to the iOS/Android app, so the alerts page offers the toggle (issue 40)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/app-config.js" });
    expect(res.body).toContain(`"mobilePush":true`);
  });

  it("delivers through FCM HTTP v1 with an access token got for the service account", async () => {
    const { token, plate, register, raise } = await scenario("fcm");
    expect(await register("fcm", "fcm-device-token:one")).toMatchObject({ push_alerts: true });
    const alertId = await raise();
    const [row] = await settled(token, alertId);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(row!.note).toMatch(/^FCM projects\/odin-test\/messages\//);
    expect(fcm.refused).toEqual([]);
    const [message] = fcm.received.filter((hit) => hit.token === "fcm-device-token:one");
    expect(message!.body).toMatchObject({
      message: {
        token: "fcm-device-token:one",
        notification: { title: `Hotlist alert: ${plate} (CT)` },
        data: { type: "odin.alert", alert_id: String(alertId), plate },
        android: { priority: "HIGH" },
      },
    });
  });

  it("removes a token FCM calls UNREGISTERED (404) and logs why", async () => {
    const { token, userId, register, raise } = await scenario("fcmgone");
    await register("fcm", "unregistered-token");
    const [row] = await settled(token, await raise());
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.last_error).toMatch(/HTTP 404 UNREGISTERED.*removed/);
    expect(await t.prisma.pushDevice.count({ where: { userId } })).toBe(0);
  });

  it("delivers through APNs over HTTP/2 with an ES256 provider token", async () => {
    const { token, plate, register, raise } = await scenario("apns");
    const device = "ab".repeat(32);
    await register("apns", device);
    const alertId = await raise();
    const [row] = await settled(token, alertId);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(apns.refused).toEqual([]);
    const [message] = apns.received.filter((hit) => hit.token === device);
    expect(message!.headers["apns-collapse-id"]).toBe(`odin-alert-${alertId}`);
    expect(message!.body).toMatchObject({
      aps: { alert: { title: `Hotlist alert: ${plate} (CT)` } },
      alert: { id: alertId, plate },
    });
  });

  it("removes a token APNs answers 410 Unregistered", async () => {
    const { token, userId, register, raise } = await scenario("apnsgone");
    await register("apns", "dead" + "0".repeat(60));
    const [row] = await settled(token, await raise());
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.last_error).toMatch(/HTTP 410 Unregistered.*removed/);
    expect(await t.prisma.pushDevice.count({ where: { userId } })).toBe(0);
  });

  it("never moves a device token to another user who posts it (issue 36): 409 until its owner removes it", async () => {
    const owner = await scenario("owner", true);
    const other = await scenario("other", true);
    const deviceToken = "ef".repeat(32);
    const first = await owner.register("apns", deviceToken);
    expect((await owner.register("apns", deviceToken)).id).toBe(first.id);
    const post = (method: "POST" | "DELETE", token: string) =>
      t.app.inject({
        method,
        url: "/api/account/push-devices",
        headers: as(token),
        payload: { platform: "apns", token: deviceToken },
      });
    const taken = await post("POST", other.token);
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().error.message).toBe(PUSH_DEVICE_TAKEN);
    const row = await t.prisma.pushDevice.findUniqueOrThrow({
      where: { platform_token: { platform: "apns", token: deviceToken } },
    });
    expect(row.userId).toBe(owner.userId);
    // Signing out on the device removes its token; then the next user registers it.
    expect((await post("DELETE", owner.token)).json()).toEqual({ removed: true });
    expect((await post("POST", other.token)).statusCode).toBe(200);
  });

  it("sends nothing while the user's push alerts toggle is off; bad tokens get a 400; devices are removed", async () => {
    const { token, userId, register, raise } = await scenario("off", false);
    expect(await register("apns", "cd".repeat(32))).toMatchObject({ push_alerts: false });
    const alertId = await raise();
    const rows = await t.prisma.alertDelivery.count({ where: { alertId, channel: "mobile_push" } });
    expect(rows).toBe(0);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/account/push-devices",
      headers: as(token),
      payload: { platform: "apns", token: "not-hex" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/hexadecimal/);
    const removed = await t.app.inject({
      method: "DELETE",
      url: "/api/account/push-devices",
      headers: as(token),
      payload: { platform: "apns", token: "cd".repeat(32) },
    });
    expect(removed.json()).toEqual({ removed: true });
    expect(await t.prisma.pushDevice.count({ where: { userId } })).toBe(0);
  });
});

describe("a server with only APNs set up", () => {
  it("refuses an Android device at registration, saying why, instead of failing its every alert later", async () => {
    const apns = await startApnsStandIn("ABC123DEFG", "DEF123GHIJ", "org.odin.app");
    const t = await buildTestApp({
      APNS_KEY: apns.key,
      APNS_KEY_ID: "ABC123DEFG",
      APNS_TEAM_ID: "DEF123GHIJ",
      APNS_TOPIC: "org.odin.app",
      APNS_BASE_URL: apns.baseUrl,
    });
    try {
      const agencyId = (await t.prisma.agency.create({ data: { name: "Onlyios PD", code: "OIPD" } })).id;
      const user = await t.prisma.user.create({
        data: {
          username: "ios.only",
          name: "Officer",
          email: "ios.only@example.test",
          approved: true,
          agencyId,
        },
      });
      await t.prisma.user.update({ where: { id: user.id }, data: { idpSubject: builtInSubject(user.id) } });
      const headers = { authorization: `Bearer ${await mintToken(t, builtInSubject(user.id))}` };
      const register = (platform: "fcm" | "apns") =>
        t.app.inject({
          method: "POST",
          url: "/api/account/push-devices",
          headers,
          payload: { platform, token: platform === "fcm" ? "fcm-token-1" : "ab".repeat(32) },
        });
      const android = await register("fcm");
      expect(android.statusCode).toBe(400);
      expect(android.json()).toMatchObject({
        error: {
          code: "VALIDATION_FAILED",
          message:
            "Push alerts to Android devices (FCM) are not set up on this server: ask your agency's admin.",
          details: [{ path: "platform", message: "FCM is not configured on this server." }],
        },
      });
      expect((await register("apns")).statusCode).toBe(200);
      expect(await t.prisma.pushDevice.count({ where: { userId: user.id } })).toBe(1);
      // Nothing was registered, so nothing was audited for the refused device.
      expect(await t.prisma.auditLog.count({ where: { action: "push_device_registered" } })).toBe(1);
    } finally {
      await t.close();
      await apns.close();
    }
  });
});
