import { randomUUID } from "node:crypto";
import { ZAlertChannels, ZAlertDeliveriesResponse, type TAlertDelivery } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { insertAlertsForReads } from "../src/modules/alerts/matching/alert-matcher";
import type { RemoteRead } from "../src/sources/remote-read";
import { builtInSubject } from "../src/identity/built-in-provider";
import { normalizePlate } from "../src/sources/plate-pattern";
import { createImageStore } from "../src/storage/image-store";
import { buildTestApp, type TestApp } from "./helpers";
import { startSmtpStandIn, type SmtpStandIn } from "./smtp-stand-in";
import { mintToken } from "./tokens";

/**
 * Issue 24 items 1-2: alerts queued in the statement that commits them and delivered by e-mail to the
 * group's members who chose e-mail, through the app's own mailer to a real local SMTP server; the
 * delivery log; retries of a refusing server; no second delivery for a replayed read.
 */
describe("alert delivery by e-mail", () => {
  let t: TestApp;
  let smtp: SmtpStandIn;
  let agencyId: number;
  let groupId: number;
  const tokens: Record<string, string> = {};

  const addUser = async (username: string, emailAlerts: boolean) => {
    const user = await t.prisma.user.create({
      data: {
        username,
        name: `Officer ${username}`,
        email: `${username}@example.test`,
        approved: true,
        hotlistViewer: true,
        agencyId,
        emailAlerts,
      },
    });
    await t.prisma.user.update({ where: { id: user.id }, data: { idpSubject: builtInSubject(user.id) } });
    await t.prisma.hotlistGroupMember.create({ data: { groupId, userId: user.id } });
    tokens[username] = await mintToken(t, builtInSubject(user.id));
    return user;
  };

  let reads = 0;
  /** A read of `plate` by camera "North gate" through the matcher's statement; answers the alert ids. */
  const alertOn = async (plate: string, read: Partial<RemoteRead> = {}) => {
    const written = await insertAlertsForReads(
      t.prisma,
      "Rekor",
      [
        {
          sourceReadId: randomUUID(),
          plate,
          plateNormalized: normalizePlate(plate),
          state: "CT",
          // A day apart: a plate read again by the camera within the group's cooldown would count on
          // its alert instead of raising one (alert-cooldown.test.ts).
          timestamp: new Date(Date.parse("2026-11-20T03:04:05Z") - reads++ * 86_400_000),
          camera: "North gate",
          agencyName: "Testville PD",
          imagePath: null,
          latitude: null,
          longitude: null,
          ...read,
        },
      ],
      [agencyId],
    );
    return written.map((alert) => alert.id);
  };

  const log = async (alertId: number, username = "ada") => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/alerts/${alertId}/deliveries`,
      headers: { authorization: `Bearer ${tokens[username]}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZAlertDeliveriesResponse.parse(res.json()).deliveries;
  };

  const settled = async (alertId: number): Promise<TAlertDelivery[]> => {
    let rows: TAlertDelivery[] = [];
    await vi.waitFor(
      async () => {
        rows = await log(alertId);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((row) => row.status !== "pending" && row.status !== "sending")).toBe(true);
      },
      { timeout: 20_000, interval: 50 },
    );
    return rows;
  };

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    t = await buildTestApp(
      {
        SMTP_URL: smtp.url,
        ALERT_DELIVERY_RETRY_BASE_MS: "0",
        ALERT_DELIVERY_MAX_ATTEMPTS: "3",
        // Due retries and released holds are looked for this often (new alerts wake the worker at once).
        ALERT_DELIVERY_POLL_MS: "100",
      },
      { configuredMailer: true },
    );
    const agency = await t.prisma.agency.create({
      data: { name: "Testville Police Department", code: "TPD", timeZone: "America/New_York" },
    });
    agencyId = agency.id;
    const group = await t.prisma.hotlistGroup.create({ data: { agencyId, name: "Stolen cars" } });
    groupId = group.id;
    for (const plate of ["ABC1234", "MID0001", "REF4510", "REF5500", "PIC0001", "QH0001", "QH0002"]) {
      await t.prisma.hotlistPlate.create({
        data: { groupId, plateNumber: plate, plateNormalized: plate, state: null, reason: "Stolen vehicle" },
      });
    }
    await addUser("ada", true);
    await addUser("bob", false);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("e-mails the members who chose e-mail: plate, group, reason, camera, time and the alert's link", async () => {
    const [alertId] = await alertOn("ABC1234");
    const rows = await settled(alertId!);
    expect(rows).toEqual([
      expect.objectContaining({ channel: "email", recipient: "Officer ada", status: "sent", attempts: 1 }),
    ]);
    const mails = smtp.received.filter((mail) => mail.raw.includes("ABC1234"));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toEqual(["ada@example.test"]);
    expect(mail!.raw).toContain("Subject: Odin alert: ABC1234 on Stolen cars");
    expect(mail!.raw).toContain("Group: Stolen cars");
    expect(mail!.raw).toContain("Reason: Stolen vehicle");
    expect(mail!.raw).toContain("Camera: North gate (Testville PD)");
    // 03:04:05 UTC is 10:04:05 PM the day before in New York.
    expect(mail!.raw).toContain("Read at: Nov 19, 2026, 10:04:05");
    expect(mail!.raw).toContain(`${t.config.publicUrl}/alert-history-detail/${alertId}`);
    expect(mail!.raw).not.toMatch(/Content-Disposition: attachment/i);

    // A replay of the read writes no alert, so nothing is queued or sent again.
    const before = smtp.received.length;
    const read = await t.prisma.alert.findFirstOrThrow({ where: { id: alertId! } });
    expect(await alertOn("ABC1234", { sourceReadId: read.sourceReadId })).toEqual([]);
    expect(await t.prisma.alertDelivery.count({ where: { alertId: alertId! } })).toBe(1);
    expect(smtp.received.length).toBe(before);
  });

  it("gives each delivery a stable Message-ID, so a resend after a crash is the same message", async () => {
    const [alertId] = await alertOn("MID0001");
    await settled(alertId!);
    const delivery = await t.prisma.alertDelivery.findFirstOrThrow({ where: { alertId: alertId! } });
    const host = new URL(t.config.publicUrl).hostname;
    const expected = `<alert-${alertId}.delivery-${delivery.id}@${host}>`;
    // A process that died after the SMTP server took the message and before the row was marked sent:
    // its lease lapses and the delivery is sent again.
    await t.prisma.alertDelivery.update({
      where: { id: delivery.id },
      data: { status: "sending", lockedUntil: new Date(Date.now() - 1000), deliveredAt: null },
    });
    await vi.waitFor(
      () => expect(smtp.received.filter((mail) => mail.raw.includes("MID0001"))).toHaveLength(2),
      { timeout: 20_000, interval: 50 },
    );
    const ids = smtp.received
      .filter((mail) => mail.raw.includes("MID0001"))
      .map((mail) => /^Message-ID: (.+)$/im.exec(mail.raw)?.[1]?.trim());
    expect(ids).toEqual([expected, expected]);
    expect(smtp.received.find((mail) => mail.raw.includes("MID0001"))!.raw).toContain(
      `X-Odin-Delivery: dlv_${delivery.id}`,
    );
  });

  it("retries a server that answers 4xx, and records a 5xx refusal as failed without retrying", async () => {
    smtp.refuseNext(2, 451);
    const [retried] = await alertOn("REF4510");
    expect((await settled(retried!))[0]).toMatchObject({ status: "sent", attempts: 3 });
    expect((await settled(retried!))[0]!.last_error).toContain("451");

    smtp.refuseNext(1, 550);
    const [refused] = await alertOn("REF5500");
    const [row] = await settled(refused!);
    expect(row).toMatchObject({ status: "failed", attempts: 1, delivered_at: null });
    expect(row!.last_error).toContain("refused");
    expect(smtp.received.some((mail) => mail.raw.includes("REF5500"))).toBe(false);
  });

  it("attaches the read's picture only when the agency allows pictures in e-mail", async () => {
    const images = createImageStore(t.config.detections.imagesDir);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);
    const imagePath = await images.put("alerts", agencyId, new Date(), {
      body: jpeg,
      contentType: "image/jpeg",
    });

    const [withheld] = await alertOn("PIC0001", { imagePath });
    await settled(withheld!);
    const first = smtp.received.find((mail) => mail.raw.includes(`alert-history-detail/${withheld}`));
    expect(first!.raw).not.toContain(`alert-${withheld}.jpg`);

    await t.prisma.agency.update({ where: { id: agencyId }, data: { alertEmailPictures: true } });
    const [shown] = await alertOn("PIC0001", { imagePath });
    await settled(shown!);
    const second = smtp.received.find((mail) => mail.raw.includes(`alert-history-detail/${shown}`));
    expect(second!.raw).toContain(`filename=alert-${shown}.jpg`);
    expect(second!.raw).toMatch(/Content-Type: image\/jpeg/i);
  });

  it("lets each user choose channels on the profile; the spec's push toggle is mobile push", async () => {
    const headers = { authorization: `Bearer ${tokens.bob}` };
    const get = async () =>
      ZAlertChannels.parse(
        (await t.app.inject({ method: "GET", url: "/api/profile/alert-channels", headers })).json(),
      );
    const none = { quiet_hours: null, time_zone: "America/New_York" };
    expect(await get()).toEqual({ email: false, web_push: false, mobile_push: false, ...none });
    const set = await t.app.inject({
      method: "POST",
      url: "/api/profile/alert-channels",
      headers,
      payload: { email: true, web_push: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ email: true, web_push: true, mobile_push: false, ...none });
    await t.app.inject({ method: "POST", url: "/toggle-push-alerts", headers });
    expect(await get()).toEqual({ email: true, web_push: true, mobile_push: true, ...none });

    // Bob chose e-mail: the next alert reaches both members.
    const [alertId] = await alertOn("ABC1234");
    const rows = await settled(alertId!);
    expect(rows.map((row) => [row.recipient, row.status]).sort()).toEqual([
      ["Officer ada", "sent"],
      ["Officer bob", "sent"],
    ]);
  });

  it("answers 404 for an alert of a group the caller may not see", async () => {
    const outsider = await t.prisma.user.create({
      data: { username: "eve", name: "Eve", email: "eve@example.test", approved: true, hotlistViewer: true },
    });
    const other = await t.prisma.agency.create({ data: { name: "Elsewhere PD", code: "EPD" } });
    await t.prisma.user.update({
      where: { id: outsider.id },
      data: { agencyId: other.id, idpSubject: builtInSubject(outsider.id) },
    });
    tokens.eve = await mintToken(t, builtInSubject(outsider.id));
    const [alertId] = await alertOn("ABC1234");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/alerts/${alertId}/deliveries`,
      headers: { authorization: `Bearer ${tokens.eve}` },
    });
    expect(res.statusCode).toBe(404);
  });
  it("holds e-mail during the recipient's quiet hours until they end; an urgent group's is sent at once", async () => {
    const headers = { authorization: `Bearer ${tokens.ada}` };
    const setQuiet = (quiet_hours: { start: string; end: string } | null) =>
      t.app.inject({ method: "POST", url: "/api/profile/alert-channels", headers, payload: { quiet_hours } });
    // Quiet hours from two hours before to two hours after the present minute on the agency's clock.
    const clock = (date: Date) =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "America/New_York",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(date);
    const [hour, minute] = clock(new Date()).split(":").map(Number) as [number, number];
    const hhmm = (h: number) =>
      `${String((h + 24) % 24).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
    const quiet = { start: hhmm(hour - 2), end: hhmm(hour + 2) };
    const res = await setQuiet(quiet);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ quiet_hours: quiet, time_zone: "America/New_York" });

    // Refused with a message a person understands.
    for (const bad of [
      { start: "22:00", end: "22:00" },
      { start: "25:00", end: "06:00" },
    ]) {
      const refused = await setQuiet(bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toMatch(/Quiet hours must end|HH:MM/);
    }

    const [held] = await alertOn("QH0001");
    let row: TAlertDelivery | undefined;
    await vi.waitFor(
      async () => {
        row = (await log(held!)).find((delivery) => delivery.recipient === "Officer ada");
        expect(row?.note).toMatch(/quiet hours/);
      },
      { timeout: 20_000, interval: 50 },
    );
    // Postponed, not dropped: pending, no attempt counted, due when the quiet hours end.
    expect(row).toMatchObject({ status: "pending", attempts: 0, delivered_at: null });
    expect(clock(new Date(row!.next_attempt_at!))).toBe(quiet.end);
    expect(smtp.received.some((mail) => mail.raw.includes("QH0001"))).toBe(false);

    // An urgent group's alert is not held.
    const admin = await t.prisma.user.create({
      data: {
        username: "ida",
        name: "Ida",
        email: "ida@example.test",
        approved: true,
        role: "admin",
        agencyId,
      },
    });
    await t.prisma.user.update({ where: { id: admin.id }, data: { idpSubject: builtInSubject(admin.id) } });
    const adminHeaders = { authorization: `Bearer ${await mintToken(t, builtInSubject(admin.id))}` };
    const urgent = await t.app.inject({
      method: "POST",
      url: `/api/groups/${groupId}/alert-settings`,
      headers: adminHeaders,
      payload: { urgent: true },
    });
    expect(urgent.statusCode, urgent.body).toBe(200);
    expect(urgent.json()).toEqual({ cooldown_minutes: 10, urgent: true });
    const [sent] = await alertOn("QH0002");
    expect((await settled(sent!)).find((delivery) => delivery.recipient === "Officer ada")).toMatchObject({
      status: "sent",
    });
    await t.app.inject({
      method: "POST",
      url: `/api/groups/${groupId}/alert-settings`,
      headers: adminHeaders,
      payload: { urgent: false },
    });

    // The quiet hours end (the row falls due, the clock now outside them): the held e-mail goes out.
    expect((await setQuiet(null)).json()).toMatchObject({ quiet_hours: null });
    await t.prisma.$executeRaw`UPDATE alert_deliveries SET next_attempt_at = now() WHERE alert_id = ${held!}`;
    const released = await settled(held!);
    expect(released.find((delivery) => delivery.recipient === "Officer ada")).toMatchObject({
      status: "sent",
      attempts: 1,
    });
    expect(
      smtp.received.filter((mail) => mail.raw.includes("QH0001") && mail.to.includes("ada@example.test")),
    ).toHaveLength(1);
  });

  it("a group's cooldown and urgency: members read them, only admins and hotlist admins change them (audited)", async () => {
    const url = `/api/groups/${groupId}/alert-settings`;
    const asAda = { authorization: `Bearer ${tokens.ada}` };
    const read = await t.app.inject({ method: "GET", url, headers: asAda });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ cooldown_minutes: 10, urgent: false });
    expect(
      (await t.app.inject({ method: "POST", url, headers: asAda, payload: { urgent: true } })).statusCode,
    ).toBe(403);

    const admin = await t.prisma.user.findUniqueOrThrow({ where: { username: "ida" } });
    const headers = { authorization: `Bearer ${await mintToken(t, builtInSubject(admin.id))}` };
    const tooLong = await t.app.inject({ method: "POST", url, headers, payload: { cooldown_minutes: 2000 } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toContain("at most 1440 minutes");
    const set = await t.app.inject({ method: "POST", url, headers, payload: { cooldown_minutes: 30 } });
    expect(set.json()).toEqual({ cooldown_minutes: 30, urgent: false });
    const audit = await t.prisma.auditLog.findFirst({
      where: { action: "hotlist_group_alert_settings_changed" },
      orderBy: { id: "desc" },
    });
    expect(audit).not.toBeNull();
    expect(audit!.detail).toMatchObject({ group_id: groupId, change: { cooldown_minutes: 30 } });
  });
});
