import { ZAlertWebhookCreated, ZCameraSilentWebhookEvent } from "@odin/contract";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { builtInSubject } from "../src/identity/built-in-provider";
import type { MailMessage } from "../src/mail/mailer";
import {
  notifySilentCameras,
  type CameraSilenceDeps,
} from "../src/modules/camera-health/camera-silence.service";
import { loadConfig } from "../src/config/env";
import { buildTestApp, projectRoot, type TestApp } from "./helpers";
import { mintToken } from "./tokens";
import { startWebhookEndpoint, type WebhookEndpoint } from "./webhook-endpoint";

const HOUR = 3_600_000;

/**
 * Issue 40 item 6: a camera silent for CAMERA_SILENT_ALERT_HOURS is told to its agency's admins by
 * e-mail and to its webhooks, once per silence, however many runs (or processes) look at it.
 */
describe("silent-camera notices", () => {
  let t: TestApp;
  let endpoint: WebhookEndpoint;
  let deps: CameraSilenceDeps;
  let agencyId: number;
  let keyId: number;
  let hookSecret: string;
  const mail: MailMessage[] = [];
  const now = new Date();

  const camera = (
    cameraId: string,
    cameraName: string,
    data: { lastSeenAt?: Date; lastReadInSearchAt?: Date },
  ) =>
    t.prisma.rekorCamera.create({ data: { rekorApiKeyId: keyId, cameraId, cameraName, agencyId, ...data } });
  const hits = () => endpoint.received.filter((hit) => hit.path === "/ok/quiet");
  const mailAbout = (name: string) => mail.filter((message) => message.subject.includes(`"${name}"`));

  beforeAll(async () => {
    endpoint = await startWebhookEndpoint();
    t = await buildTestApp();
    agencyId = (await t.prisma.agency.create({ data: { name: "Quietville PD", code: "QVPD" } })).id;
    const users = await Promise.all(
      (
        [
          ["quiet.admin", "admin", true],
          ["quiet.admin2", "admin", true],
          ["quiet.pending", "admin", false],
          ["quiet.investigator", "user", true],
        ] as const
      ).map(([username, role, approved]) =>
        t.prisma.user.create({
          data: { username, name: username, email: `${username}@example.test`, role, approved, agencyId },
        }),
      ),
    );
    const admin = users[0]!;
    await t.prisma.user.update({ where: { id: admin.id }, data: { idpSubject: builtInSubject(admin.id) } });
    const token = await mintToken(t, builtInSubject(admin.id));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/webhooks",
      headers: { authorization: `Bearer ${token}` },
      payload: { name: "Dispatch", url: `${endpoint.baseUrl}/ok/quiet`, group_ids: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    hookSecret = ZAlertWebhookCreated.parse(res.json()).secret;
    endpoint.trust("quiet", hookSecret);
    keyId = (
      await t.prisma.rekorApiKey.create({
        data: {
          agencyId,
          agencyName: "Quietville PD",
          apiKeyCiphertext: t.secrets.encrypt("quiet-key"),
          apiKeyLast4: "-key",
          baseUrl: "http://127.0.0.1:9",
        },
      })
    ).id;
    deps = {
      prisma: t.prisma,
      secrets: t.secrets,
      mailer: { send: async (message) => void mail.push(message) },
      publicUrl: t.config.publicUrl,
      silentAlertAfterHours: 6,
      webhookTimeoutMs: 5000,
    };
  });
  afterAll(async () => {
    await t?.close();
    await endpoint?.close();
  });
  beforeEach(() => {
    mail.length = 0;
    endpoint.received.length = 0;
  });

  it("tells each admin by e-mail and each webhook about a camera silent for 6 hours, and no one else", async () => {
    await camera("7001", "Silent gate", { lastSeenAt: new Date(now.getTime() - 7 * HOUR) });
    await camera("7002", "Busy road", { lastSeenAt: new Date(now.getTime() - HOUR) });
    await camera("7003", "Not yet installed", {});
    // Pushed nothing for a day, but a search saw its read an hour ago: not silent.
    await camera("7004", "Seen by search", {
      lastSeenAt: new Date(now.getTime() - 24 * HOUR),
      lastReadInSearchAt: new Date(now.getTime() - HOUR),
    });

    await notifySilentCameras(deps, now);

    expect(mail.map((message) => message.to).sort()).toEqual([
      "quiet.admin2@example.test",
      "quiet.admin@example.test",
    ]);
    expect(mail[0]!.subject).toBe('Odin: camera "Silent gate" silent for 7 hours');
    expect(mail[0]!.text).toContain(`${t.config.publicUrl}/integrations`);
    expect(hits()).toHaveLength(1);
    const [hit] = hits();
    expect(hit).toMatchObject({ scheme: "standard_webhooks", verified: true });
    expect(hit!.headers["odin-event"]).toBe("camera.silent");
    const event = ZCameraSilentWebhookEvent.parse(
      new Webhook(hookSecret).verify(hit!.body, {
        "webhook-id": String(hit!.headers["webhook-id"]),
        "webhook-timestamp": String(hit!.headers["webhook-timestamp"]),
        "webhook-signature": String(hit!.headers["webhook-signature"]),
      }),
    );
    expect(event.camera).toMatchObject({
      source: "Rekor",
      name: "Silent gate",
      agency: "Quietville PD",
      silent_hours: 7,
      last_read_at: new Date(now.getTime() - 7 * HOUR).toISOString(),
    });
    const [notice] = await t.prisma.cameraSilenceNotice.findMany({ where: { cameraName: "Silent gate" } });
    expect(notice).toMatchObject({ emailsSent: 2, webhooksSent: 1, failures: null });
  });

  it("says nothing more while the camera stays silent; once it has read and fallen silent again, tells again", async () => {
    await notifySilentCameras(deps, new Date(now.getTime() + 5 * HOUR));
    expect(mailAbout("Silent gate")).toHaveLength(0);
    expect(hits().filter((hit) => hit.body.includes('"Silent gate"'))).toHaveLength(0);

    // It reads again (a search saw it), then nothing for 8 hours: a new silence.
    await t.prisma.rekorCamera.updateMany({
      where: { cameraId: "7001", rekorApiKeyId: keyId },
      data: { lastReadInSearchAt: now },
    });
    await notifySilentCameras(deps, new Date(now.getTime() + HOUR));
    expect(mailAbout("Silent gate")).toHaveLength(0);
    await notifySilentCameras(deps, new Date(now.getTime() + 8 * HOUR));
    expect(mailAbout("Silent gate")).toHaveLength(2);
    expect(hits().filter((hit) => hit.body.includes('"Silent gate"'))).toHaveLength(1);
  });

  it("tells once when two runs (two processes) look at the same silences at the same time", async () => {
    for (const [id, name] of [
      ["7101", "Parallel A"],
      ["7102", "Parallel B"],
      ["7103", "Parallel C"],
    ] as const)
      await camera(id, name, { lastSeenAt: new Date(now.getTime() - 10 * HOUR) });
    const runs = await Promise.all([notifySilentCameras(deps, now), notifySilentCameras(deps, now)]);
    // Both runs see the three silences; each silence is told by exactly one of them.
    expect(runs.map((run) => run.silent)).toEqual([3, 3]);
    expect(runs[0].notified + runs[1].notified).toBe(3);
    for (const name of ["Parallel A", "Parallel B", "Parallel C"]) {
      expect(mailAbout(name), name).toHaveLength(2);
      expect(
        hits().filter((hit) => hit.body.includes(`"${name}"`)),
        name,
      ).toHaveLength(1);
    }
    expect(
      await t.prisma.cameraSilenceNotice.count({ where: { cameraName: { startsWith: "Parallel" } } }),
    ).toBe(3);
  });

  it("takes CAMERA_SILENT_ALERT_HOURS from the environment: 6 by default, 0 turns the notices off", () => {
    expect(loadConfig({ NODE_ENV: "test" }, projectRoot).cameras.silentAlertAfterHours).toBe(6);
    expect(
      loadConfig({ NODE_ENV: "test", CAMERA_SILENT_ALERT_HOURS: "0" }, projectRoot).cameras
        .silentAlertAfterHours,
    ).toBe(0);
  });
});
