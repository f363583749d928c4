import { randomUUID } from "node:crypto";
import {
  ZAlertDeliveriesResponse,
  ZAlertWebhook,
  ZAlertWebhookCreated,
  ZAlertWebhookEvent,
  ZAlertWebhooksResponse,
  ZWebhookTestResult,
  type TAlertDelivery,
} from "@odin/contract";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertAlertsForReads } from "../src/modules/alerts/matching/alert-matcher";
import { builtInSubject } from "../src/identity/built-in-provider";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken } from "./tokens";
import { startWebhookEndpoint, type WebhookEndpoint } from "./webhook-endpoint";

/**
 * Issue 24 item 3: webhooks for dispatch systems against a real local endpoint that verifies the
 * HMAC signature; a hanging endpoint, a 500, a redirect, an address the SSRF guard refuses; retries,
 * the delivery log, "send test", and switching off after a run of failures with the admins told.
 */
describe("alert webhooks", () => {
  let t: TestApp;
  let endpoint: WebhookEndpoint;
  let agencyId: number;
  let admin: string;

  const call = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${admin}` },
      ...(payload ? { payload } : {}),
    });

  /** A group with one plate, and a webhook (of that group only) at `url`; answers how to raise its alerts. */
  const scenario = async (name: string, url: string, extra: { signature_scheme?: string } = {}) => {
    const group = await t.prisma.hotlistGroup.create({ data: { agencyId, name: `Group ${name}` } });
    const plate = `P${name.replace(/[^A-Z0-9]/gi, "").toUpperCase()}`.slice(0, 10);
    await t.prisma.hotlistPlate.create({
      data: { groupId: group.id, plateNumber: plate, plateNormalized: plate, state: null, reason: "Stolen" },
    });
    const res = await call("POST", "/api/admin/webhooks", {
      name: `Dispatch ${name}`,
      url,
      group_ids: [group.id],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    const hook = ZAlertWebhookCreated.parse(res.json());
    endpoint.trust(name, hook.secret);
    const start = Date.now();
    let raised = 0;
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
            // 11 minutes apart: within the group's 10-minute cooldown a read would count on the
            // alert before (alert-cooldown.test.ts).
            timestamp: new Date(start + raised++ * 11 * 60_000),
            camera: "Main St",
            agencyName: null,
            imagePath: null,
            latitude: 41.7,
            longitude: -72.6,
          },
        ],
        [agencyId],
      );
      return alert!.id;
    };
    return { hook, group, plate, raise };
  };

  const settled = async (alertId: number): Promise<TAlertDelivery[]> => {
    let rows: TAlertDelivery[] = [];
    await vi.waitFor(
      async () => {
        const res = await call("GET", `/api/alerts/${alertId}/deliveries`);
        rows = ZAlertDeliveriesResponse.parse(res.json()).deliveries;
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((row) => row.status !== "pending" && row.status !== "sending")).toBe(true);
      },
      { timeout: 20_000, interval: 50 },
    );
    return rows;
  };

  beforeAll(async () => {
    endpoint = await startWebhookEndpoint();
    t = await buildTestApp({
      ALERT_DELIVERY_RETRY_BASE_MS: "0",
      ALERT_DELIVERY_MAX_ATTEMPTS: "2",
      WEBHOOK_DISABLE_AFTER_FAILURES: "4",
      // Short, as the hanging endpoint waits it out twice; long enough that the answering endpoint is
      // never taken for a hanging one on a loaded machine (300 ms was, at load 15).
      WEBHOOK_TIMEOUT_MS: "1500",
    });
    agencyId = (await t.prisma.agency.create({ data: { name: "Hooktown PD", code: "HTPD" } })).id;
    const user = await t.prisma.user.create({
      data: {
        username: "hook.admin",
        name: "Hook Admin",
        email: "hook.admin@example.test",
        approved: true,
        role: "admin",
        agencyId,
      },
    });
    await t.prisma.user.update({ where: { id: user.id }, data: { idpSubject: builtInSubject(user.id) } });
    admin = await mintToken(t, builtInSubject(user.id));
  });
  afterAll(async () => {
    await t?.close();
    await endpoint?.close();
  });

  it("signs per Standard Webhooks by default: the standardwebhooks library verifies each alert and test", async () => {
    const { hook, plate, raise } = await scenario("std", `${endpoint.baseUrl}/ok/std`);
    expect(hook.signature_scheme).toBe("standard_webhooks");
    // The spec's secret: whsec_ and the key in base64.
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const alertId = await raise();
    const [row] = await settled(alertId);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    const [hit] = endpoint.received.filter((received) => received.path === "/ok/std");
    expect(hit).toMatchObject({ scheme: "standard_webhooks", verified: true });
    expect(hit!.headers["odin-signature"]).toBeUndefined();
    expect(hit!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(Math.abs(Number(hit!.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);

    // A receiver's code: the library verifies and parses; the body is the contract's webhook event.
    const headers = {
      "webhook-id": String(hit!.headers["webhook-id"]),
      "webhook-timestamp": String(hit!.headers["webhook-timestamp"]),
      "webhook-signature": String(hit!.headers["webhook-signature"]),
    };
    const event = ZAlertWebhookEvent.parse(new Webhook(hook.secret).verify(hit!.body, headers));
    expect(event).toMatchObject({ type: "alert.created", alert: { id: alertId, plate } });
    expect(headers["webhook-id"]).toBe(event.id);
    expect(hit!.headers["odin-delivery"]).toBe(event.id);
    // A changed body, another secret or an old timestamp are refused by the library.
    expect(() => new Webhook(hook.secret).verify(hit!.body.replace(plate, "XXX"), headers)).toThrow();
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(hit!.body, headers),
    ).toThrow();
    const old = { ...headers, "webhook-timestamp": String(Math.floor(Date.now() / 1000) - 3600) };
    expect(() => new Webhook(hook.secret).verify(hit!.body, old)).toThrow();

    const tested = ZWebhookTestResult.parse(
      (await call("POST", `/api/admin/webhooks/${hook.id}/test`)).json(),
    );
    expect(tested).toEqual({ ok: true, status: 204, error: null });
    expect(endpoint.received.at(-1)).toMatchObject({
      path: "/ok/std",
      scheme: "standard_webhooks",
      verified: true,
    });
  });

  it("keeps the deprecated Odin-Signature scheme for a webhook set to it, and switches either way", async () => {
    const { hook } = await scenario("old", `${endpoint.baseUrl}/ok/old`, { signature_scheme: "odin_v1" });
    expect(hook.signature_scheme).toBe("odin_v1");
    const put = (signature_scheme?: string) =>
      call("PUT", `/api/admin/webhooks/${hook.id}`, {
        name: hook.name,
        url: hook.url,
        group_ids: hook.group_ids,
        ...(signature_scheme ? { signature_scheme } : {}),
      });
    // A change that does not name the scheme keeps it (an older client's form cannot switch it).
    expect(ZAlertWebhook.parse((await put()).json()).signature_scheme).toBe("odin_v1");
    await call("POST", `/api/admin/webhooks/${hook.id}/test`);
    expect(endpoint.received.at(-1)).toMatchObject({ path: "/ok/old", scheme: "odin_v1", verified: true });
    expect(endpoint.received.at(-1)!.headers["webhook-signature"]).toBeUndefined();

    expect(ZAlertWebhook.parse((await put("standard_webhooks")).json()).signature_scheme).toBe(
      "standard_webhooks",
    );
    await call("POST", `/api/admin/webhooks/${hook.id}/test`);
    expect(endpoint.received.at(-1)).toMatchObject({
      path: "/ok/old",
      scheme: "standard_webhooks",
      verified: true,
    });
    const listed = ZAlertWebhooksResponse.parse((await call("GET", "/api/admin/webhooks")).json());
    expect(listed.webhooks.find((row) => row.id === hook.id)?.signature_scheme).toBe("standard_webhooks");
    expect((await put("hmac_sha1")).statusCode).toBe(400);
  });

  it("POSTs each alert signed with HMAC-SHA256 over timestamp.body (odin_v1); the secret is shown once and sealed", async () => {
    const { hook, group, plate, raise } = await scenario("sok", `${endpoint.baseUrl}/ok/sok`, {
      signature_scheme: "odin_v1",
    });
    expect(hook.secret).toMatch(/^whsec_/);
    const stored = await t.prisma.alertWebhook.findUniqueOrThrow({ where: { id: hook.id } });
    expect(stored.secretSealed).not.toContain(hook.secret);
    const listed = ZAlertWebhooksResponse.parse((await call("GET", "/api/admin/webhooks")).json());
    expect(JSON.stringify(listed)).not.toContain(hook.secret);
    expect(listed.webhooks.map((row) => row.name)).toContain("Dispatch sok");

    const alertId = await raise();
    const [row] = await settled(alertId);
    expect(row).toMatchObject({
      channel: "webhook",
      recipient: "webhook:" + hook.id,
      status: "sent",
      attempts: 1,
    });
    const hits = endpoint.received.filter((hit) => hit.path === "/ok/sok");
    expect(hits).toHaveLength(1);
    expect(hits[0]!.verified).toBe(true);
    expect(hits[0]!.headers["odin-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(hits[0]!.headers["odin-event"]).toBe("alert.created");
    const event = JSON.parse(hits[0]!.body) as { id: string; type: string; alert: Record<string, unknown> };
    expect(hits[0]!.headers["odin-delivery"]).toBe(event.id);
    expect(event.alert).toMatchObject({
      id: alertId,
      plate,
      group: { id: group.id, name: group.name },
      reason: "Stolen",
      camera: "Main St",
      alert_url: `${t.config.publicUrl}/alert-history-detail/${alertId}`,
    });

    // A body changed in transit no longer verifies.
    const { verifyWebhookSignature } = await import("../src/delivery/webhook-signature");
    const header = hits[0]!.headers["odin-signature"] as string;
    expect(verifyWebhookSignature(hook.secret, header, hits[0]!.body.replace(plate, "XXX"))).toBe(false);

    const tested = ZWebhookTestResult.parse(
      (await call("POST", `/api/admin/webhooks/${hook.id}/test`)).json(),
    );
    expect(tested).toEqual({ ok: true, status: 204, error: null });
    const test = endpoint.received.at(-1)!;
    expect([test.path, test.verified, JSON.parse(test.body).type]).toEqual(["/ok/sok", true, "test"]);
  });

  it("retries a hanging endpoint, a 500 and a redirect (never followed), and logs each failure", async () => {
    const hang = await scenario("shang", `${endpoint.baseUrl}/hang/shang`);
    const fail = await scenario("sfail", `${endpoint.baseUrl}/fail/sfail`);
    const redirect = await scenario("sredir", `${endpoint.baseUrl}/redirect/sredir`);
    const [hung] = await settled(await hang.raise());
    expect(hung).toMatchObject({ status: "failed", attempts: 2, last_error: "no answer within 1.5 s" });
    const [failed] = await settled(await fail.raise());
    expect(failed).toMatchObject({ status: "failed", attempts: 2, last_error: "answered HTTP 500" });
    const [redirected] = await settled(await redirect.raise());
    expect(redirected).toMatchObject({ status: "failed", attempts: 2 });
    expect(redirected!.last_error).toContain("redirect (HTTP 302), not followed");
    expect(endpoint.received.filter((hit) => hit.path === "/redirect/sredir")).toHaveLength(2);
    expect(endpoint.received.some((hit) => hit.path === "/ok/sredir")).toBe(false);
  });

  it("refuses an address the SSRF guard does not allow, without retrying", async () => {
    const port = new URL(endpoint.baseUrl).port;
    const guarded = await scenario("sssrf", `http://127.0.0.2:${port}/ok/sssrf`);
    const [row] = await settled(await guarded.raise());
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row!.last_error).toContain("not public");
    expect(endpoint.received.some((hit) => hit.path === "/ok/sssrf")).toBe(false);
    const tested = ZWebhookTestResult.parse(
      (await call("POST", `/api/admin/webhooks/${guarded.hook.id}/test`)).json(),
    );
    expect(tested.ok).toBe(false);
    expect(tested.error).toContain("not public");
  });

  it("switches an endpoint off after a run of failures, tells the admins, and queues nothing more for it", async () => {
    const { hook, raise } = await scenario("sdown", `${endpoint.baseUrl}/fail/sdown`);
    await settled(await raise());
    let row = await t.prisma.alertWebhook.findUniqueOrThrow({ where: { id: hook.id } });
    expect([row.enabled, row.consecutiveFailures]).toEqual([true, 2]);
    await settled(await raise());
    row = await t.prisma.alertWebhook.findUniqueOrThrow({ where: { id: hook.id } });
    expect([row.enabled, row.consecutiveFailures]).toEqual([false, 4]);
    expect(row.disabledReason).toContain("4 failed deliveries in a row");
    const told = t.outbox.filter((mail) => mail.subject.includes('"Dispatch sdown" was disabled'));
    expect(told.map((mail) => mail.to)).toEqual(["hook.admin@example.test"]);

    const quiet = await raise();
    expect(await t.prisma.alertDelivery.count({ where: { alertId: quiet } })).toBe(0);

    // Turned on again by the admin: a new run starts.
    const res = await call("PUT", `/api/admin/webhooks/${hook.id}`, {
      name: hook.name,
      url: `${endpoint.baseUrl}/ok/sdown`,
      group_ids: hook.group_ids,
      enabled: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enabled: true, consecutive_failures: 0, disabled_reason: null });
    const [sent] = await settled(await raise());
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("refuses groups of another agency, bad URLs, and another agency's webhooks", async () => {
    const other = await t.prisma.agency.create({ data: { name: "Otherville PD", code: "OVPD" } });
    const foreign = await t.prisma.hotlistGroup.create({ data: { agencyId: other.id, name: "Theirs" } });
    const bad = await call("POST", "/api/admin/webhooks", {
      name: "x",
      url: `${endpoint.baseUrl}/ok/x`,
      group_ids: [foreign.id],
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call("POST", "/api/admin/webhooks", { name: "x", url: "ftp://example.com/" })).statusCode,
    ).toBe(400);
    const theirs = await t.prisma.alertWebhook.create({
      data: {
        agencyId: other.id,
        name: "Theirs",
        url: "https://example.com/",
        secretSealed: t.secrets.encrypt("s"),
      },
    });
    expect((await call("POST", `/api/admin/webhooks/${theirs.id}/test`)).statusCode).toBe(404);
    expect((await call("DELETE", `/api/admin/webhooks/${theirs.id}`)).statusCode).toBe(404);
  });
});
