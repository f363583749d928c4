import { ZWebPushRotated } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtInSubject } from "../src/identity/built-in-provider";
import { WEB_PUSH_ROTATION_REFUSED } from "../src/modules/alert-delivery/alert-delivery.service";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken } from "./tokens";
import { startWebPushStandIn, type BrowserSubscription, type WebPushStandIn } from "./web-push-endpoint";

/**
 * The push service replaced a browser's subscription (`pushsubscriptionchange`): the service worker,
 * which has no token, renews it with the old subscription's endpoint and auth secret as its proof.
 */
describe("POST /api/account/push-subscriptions/rotate", () => {
  let t: TestApp;
  let push: WebPushStandIn;
  let agencyId: number;

  /** A user whose browser subscribed at `path` through the signed-in endpoint. */
  const subscribed = async (name: string, path: string) => {
    const user = await t.prisma.user.create({
      data: {
        username: `rotate.${name}`,
        name: `Officer ${name}`,
        email: `rotate.${name}@example.test`,
        approved: true,
        hotlistViewer: true,
        agencyId,
      },
    });
    await t.prisma.user.update({ where: { id: user.id }, data: { idpSubject: builtInSubject(user.id) } });
    const token = await mintToken(t, builtInSubject(user.id));
    const subscription = push.subscribe(path);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/account/push-subscriptions",
      headers: { authorization: `Bearer ${token}` },
      payload: subscription,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { userId: user.id, subscription };
  };

  const rotate = (old: BrowserSubscription, subscription: BrowserSubscription, auth = old.keys.auth) =>
    t.app.inject({
      method: "POST",
      url: "/api/account/push-subscriptions/rotate",
      headers: { "user-agent": "Renewing browser" },
      payload: { old_endpoint: old.endpoint, old_auth: auth, subscription },
    });

  const keysOf = async (endpoint: string) => {
    const row = await t.prisma.webPushSubscription.findUnique({ where: { endpoint } });
    return row && { userId: row.userId, keys: JSON.parse(t.secrets.decrypt(row.keysSealed)) as unknown };
  };

  beforeAll(async () => {
    push = await startWebPushStandIn();
    t = await buildTestApp();
    agencyId = (await t.prisma.agency.create({ data: { name: "Rotation PD", code: "RPD", timeZone: "UTC" } }))
      .id;
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  it("moves the subscription to the new endpoint and keys for the same user, audited as that user", async () => {
    const { userId, subscription: old } = await subscribed("moves", "/old/moves");
    const renewed = push.subscribe("/new/moves");
    const res = await rotate(old, renewed);
    expect(res.statusCode, res.body).toBe(200);
    const { id } = ZWebPushRotated.parse(res.json());
    expect(await keysOf(old.endpoint)).toBeNull();
    expect(await keysOf(renewed.endpoint)).toEqual({ userId, keys: renewed.keys });
    const row = await t.prisma.webPushSubscription.findUniqueOrThrow({
      where: { endpoint: renewed.endpoint },
    });
    expect(row.id).toBe(id);
    expect(row.userAgent).toBe("Renewing browser");
    const audit = await t.prisma.auditLog.findMany({
      where: { userId },
      select: { action: true, detail: true },
    });
    expect(audit.map((entry) => entry.action)).toEqual(["web_push_subscribed", "web_push_rotated"]);
    expect(audit[1]!.detail).toMatchObject({ subscription_id: id });
  });

  it("refuses, with one 404 and nothing written, a wrong auth secret, an unknown endpoint or a used proof", async () => {
    const { userId, subscription: old } = await subscribed("refuses", "/old/refuses");
    const renewed = push.subscribe("/new/refuses");
    const stranger = push.subscribe("/stranger");
    for (const res of [await rotate(old, renewed, stranger.keys.auth), await rotate(stranger, renewed)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: WEB_PUSH_ROTATION_REFUSED } });
    }
    expect(await keysOf(old.endpoint)).toEqual({ userId, keys: old.keys });
    expect(await keysOf(renewed.endpoint)).toBeNull();
    expect((await rotate(old, renewed)).statusCode).toBe(200);
    // The old proof is spent: the row has moved on.
    expect((await rotate(old, push.subscribe("/again/refuses"))).statusCode).toBe(404);
    const actions = await t.prisma.auditLog.findMany({ where: { userId }, select: { action: true } });
    expect(actions.map((entry) => entry.action)).toEqual(["web_push_subscribed", "web_push_rotated"]);
  });

  it("refuses the browser of a user who was deleted", async () => {
    const { userId, subscription: old } = await subscribed("deleted", "/old/deleted");
    await t.prisma.user.update({ where: { id: userId }, data: { deletedAt: new Date() } });
    expect((await rotate(old, push.subscribe("/new/deleted"))).statusCode).toBe(404);
  });

  it("answers a malformed request with a 400 a person can read", async () => {
    const { subscription: old } = await subscribed("bad", "/old/bad");
    const res = await rotate(old, push.subscribe("/new/bad"), "short");
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("The old subscription's auth secret must be 16 bytes (base64url).");
  });
});
