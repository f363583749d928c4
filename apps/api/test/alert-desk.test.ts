import {
  ZAlert,
  ZCameraMisreadsResponse,
  ZGroupAlertsResponse,
  ZUnreadAlertsResponse,
  type TAlert,
} from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createViewer, tokenOf } from "./alert-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

/**
 * Issue 17.5 and issue 20's alert history and desk: the history newest first by the read's time,
 * paged and filtered; dispositions (who, when, audited, 404 across agencies); misreads per camera;
 * acknowledgement once per alert and the unread count.
 */
describe("alert desk: history pages and filters, dispositions, acknowledgement", () => {
  let t: TestApp;
  let groupId: number;
  let otherGroupId: number;
  /** Alert ids by plate. */
  const ids: Record<string, number> = {};

  const call = async (username: string, method: "GET" | "POST", url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${await tokenOf(t, username)}` },
    });
  const history = async (query = "", username = "hartford.hotlistviewer") => {
    const res = await call(username, "GET", `/alerts/group/${groupId}/data${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZGroupAlertsResponse.parse(res.json());
  };
  const plates = (alerts: TAlert[]) => alerts.map((alert) => alert.plate);

  beforeAll(async () => {
    t = await buildTestApp();
    await seedPersonas(t);
    await createViewer(t, "hartford.otherviewer", "Hartford Police Department");
    const viewer = await t.prisma.user.findUniqueOrThrow({ where: { username: "hartford.hotlistviewer" } });
    const newHaven = await t.prisma.user.findUniqueOrThrow({ where: { username: "newhaven.admin" } });
    const group = await t.prisma.hotlistGroup.create({
      data: { agencyId: viewer.agencyId!, name: "Desk test", members: { create: { userId: viewer.id } } },
    });
    groupId = group.id;
    otherGroupId = (
      await t.prisma.hotlistGroup.create({ data: { agencyId: newHaven.agencyId!, name: "Elsewhere" } })
    ).id;
    // Written in an order unlike the reads' times: a late-arriving old read (an Axon poll) must not
    // come first. created_at goes up with the insert order; the reads' times do not.
    const reads: [string, string, string, string][] = [
      ["AK47281", "2026-11-20T10:00:00.000Z", "Albany Ave", "Axis"],
      ["KGL4821", "2026-11-24T09:00:00.000Z", "Main St", "Rekor"],
      ["AD31964", "2026-11-18T08:00:00.000Z", "Albany Ave", "Axis"],
      ["CL88310", "2026-11-22T12:00:00.000Z", "Park Rd", "Axon"],
      ["AK47299", "2026-11-22T12:00:00.000Z", "Albany Ave", "Axis"],
    ];
    for (const [plate, time, camera, source] of reads) {
      const alert = await t.prisma.alert.create({
        data: {
          groupId,
          sourceProgram: source,
          sourceReadId: `read-${plate}`,
          plate,
          state: "CT",
          timestamp: new Date(time),
          camera,
          reason: "Stolen vehicle",
          dateAdded: new Date("2026-11-01T00:00:00Z"),
        },
      });
      ids[plate] = alert.id;
    }
    ids.other = (
      await t.prisma.alert.create({
        data: {
          groupId: otherGroupId,
          sourceProgram: "Axis",
          sourceReadId: "read-other",
          plate: "ZZ11111",
          timestamp: new Date("2026-11-23T00:00:00Z"),
          camera: "Albany Ave",
          reason: "Other agency",
          dateAdded: new Date("2026-11-01T00:00:00Z"),
        },
      })
    ).id;
  });
  afterAll(() => t?.close());

  it("lists the history newest first by the read's time, ties by the newer alert", async () => {
    const body = await history();
    expect(plates(body.alerts)).toEqual(["KGL4821", "AK47299", "CL88310", "AK47281", "AD31964"]);
    expect(body.next_cursor).toBeNull();
    // Odin's fields are there, empty until someone acts.
    expect(body.alerts[0]).toMatchObject({ disposition: null, acknowledged_by: null, acknowledged_at: null });
  });

  it("pages with next_cursor, without repeats or gaps, and refuses a forged cursor", async () => {
    const seen: string[] = [];
    let cursor: string | null | undefined = undefined;
    let pages = 0;
    do {
      const body: Awaited<ReturnType<typeof history>> = await history(
        `?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(body.alerts.length).toBeLessThanOrEqual(2);
      seen.push(...plates(body.alerts));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(["KGL4821", "AK47299", "CL88310", "AK47281", "AD31964"]);

    const forged = await call(
      "hartford.hotlistviewer",
      "GET",
      `/alerts/group/${groupId}/data?cursor=${Buffer.from("not a time|x").toString("base64url")}`,
    );
    expect(forged.statusCode).toBe(400);
    expect(
      (await call("hartford.hotlistviewer", "GET", `/alerts/group/${groupId}/data?limit=501`)).statusCode,
    ).toBe(400);
  });

  it("filters on plate (spaces and dashes ignored), camera and the read's date range", async () => {
    expect(plates((await history("?plate=ak-472")).alerts)).toEqual(["AK47299", "AK47281"]);
    expect(plates((await history("?camera=albany")).alerts)).toEqual(["AK47299", "AK47281", "AD31964"]);
    const range = `?from=${encodeURIComponent("2026-11-20T00:00:00Z")}&to=${encodeURIComponent("2026-11-22T12:00:00Z")}`;
    expect(plates((await history(range)).alerts)).toEqual(["AK47299", "CL88310", "AK47281"]);
    expect(plates((await history(`${range}&camera=Albany&plate=AK`)).alerts)).toEqual(["AK47299", "AK47281"]);
  });

  it("records a disposition with its note, who and when, audited, and filters on it", async () => {
    const before = new Date();
    const res = await call("hartford.hotlistviewer", "POST", `/api/alerts/${ids.AK47281}/disposition`, {
      disposition: "incorrect_read",
      note: "  Plate is AK47231, the camera read a 3 as 8  ",
    });
    expect(res.statusCode, res.body).toBe(200);
    const alert = ZAlert.parse(res.json());
    expect(alert).toMatchObject({
      id: ids.AK47281,
      disposition: "incorrect_read",
      disposition_note: "Plate is AK47231, the camera read a 3 as 8",
    });
    const viewer = await t.prisma.user.findUniqueOrThrow({ where: { username: "hartford.hotlistviewer" } });
    expect(alert.disposition_by).toBe(viewer.name);
    expect(new Date(alert.disposition_at!).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);

    const audit = await t.prisma.auditLog.findFirstOrThrow({
      where: { action: "alert_disposition_set", userId: viewer.id },
      orderBy: { id: "desc" },
    });
    expect(audit.plate).toBe("AK47281");
    expect(audit.detail).toMatchObject({
      alert_id: ids.AK47281,
      before: { disposition: null },
      after: { disposition: "incorrect_read", note: "Plate is AK47231, the camera read a 3 as 8" },
    });

    // The alert and the history show it.
    const one = ZAlert.parse(
      (await call("hartford.hotlistviewer", "GET", `/api/alerts/${ids.AK47281}`)).json(),
    );
    expect(one.disposition).toBe("incorrect_read");

    // A hotlist admin of the agency (not a member) may judge too.
    expect(
      (
        await call("hartford.hotlistadmin", "POST", `/api/alerts/${ids.AD31964}/disposition`, {
          disposition: "correct_read",
        })
      ).statusCode,
    ).toBe(200);
    expect(plates((await history("?disposition=incorrect_read")).alerts)).toEqual(["AK47281"]);
    expect(plates((await history("?disposition=correct_read")).alerts)).toEqual(["AD31964"]);
    expect(plates((await history("?disposition=none")).alerts)).toEqual(["KGL4821", "AK47299", "CL88310"]);
  });

  it("clears a disposition with null (audited too)", async () => {
    const res = await call("hartford.hotlistviewer", "POST", `/api/alerts/${ids.CL88310}/disposition`, {
      disposition: "dismissed",
    });
    expect(ZAlert.parse(res.json()).disposition).toBe("dismissed");
    const cleared = ZAlert.parse(
      (
        await call("hartford.hotlistviewer", "POST", `/api/alerts/${ids.CL88310}/disposition`, {
          disposition: null,
        })
      ).json(),
    );
    expect(cleared).toMatchObject({ disposition: null, disposition_by: null, disposition_at: null });
    const rows = await t.prisma.auditLog.findMany({
      where: { action: "alert_disposition_set", plate: "CL88310" },
      orderBy: { id: "asc" },
    });
    expect(
      rows.map((row) => (row.detail as { after: { disposition: string | null } }).after.disposition),
    ).toEqual(["dismissed", null]);
  });

  it("answers 404 for another agency's alert or a group the caller may not see; 403 without a hotlist role", async () => {
    const body = { disposition: "dismissed" };
    for (const [username, id] of [
      ["newhaven.admin", ids.AK47299],
      ["hartford.otherviewer", ids.AK47299],
      ["hartford.admin", ids.other],
    ] as const) {
      const res = await call(username, "POST", `/api/alerts/${id}/disposition`, body);
      expect(res.statusCode, `${username} ${id}`).toBe(404);
      expect((await call(username, "POST", `/api/alerts/${id}/acknowledge`)).statusCode).toBe(404);
    }
    expect(
      (await call("hartford.investigator", "POST", `/api/alerts/${ids.AK47299}/disposition`, body))
        .statusCode,
    ).toBe(403);
    // Nothing changed and nothing was audited for them.
    const untouched = await t.prisma.alert.findFirstOrThrow({ where: { id: ids.AK47299 } });
    expect(untouched.disposition).toBeNull();
    expect(untouched.acknowledgedAt).toBeNull();
    expect(
      await t.prisma.auditLog.count({ where: { action: "alert_disposition_set", plate: "AK47299" } }),
    ).toBe(0);
    // An unknown disposition is refused.
    const bad = await call("hartford.hotlistviewer", "POST", `/api/alerts/${ids.AK47299}/disposition`, {
      disposition: "maybe",
    });
    expect(bad.statusCode).toBe(400);
  });

  it("counts misreads per camera of the agency only", async () => {
    await call("hartford.hotlistadmin", "POST", `/api/alerts/${ids.AK47299}/disposition`, {
      disposition: "incorrect_read",
    });
    await t.prisma.alert.updateMany({ where: { id: ids.other }, data: { disposition: "incorrect_read" } });
    const res = await call("hartford.admin", "GET", "/alerts/misreads-by-camera");
    expect(res.statusCode).toBe(200);
    expect(ZCameraMisreadsResponse.parse(res.json()).cameras).toEqual([
      {
        source_program: "Axis",
        camera: "Albany Ave",
        // AK47281 and AK47299 misread, AD31964 correct: New Haven's misread is not counted.
        misreads: 2,
        judged: 3,
        last_misread_at: "2026-11-22T12:00:00.000Z",
      },
    ]);
    expect((await call("hartford.hotlistviewer", "GET", "/alerts/misreads-by-camera")).statusCode).toBe(403);
  });

  it("acknowledges once per alert: the first name and time stay; the unread count drops", async () => {
    const unread = async (username: string) =>
      ZUnreadAlertsResponse.parse((await call(username, "GET", "/alerts/unread-count")).json()).unread;
    const startMember = await unread("hartford.hotlistviewer");
    expect(startMember).toBeGreaterThanOrEqual(5);
    const startOther = await unread("newhaven.admin");
    expect(await unread("hartford.otherviewer")).toBe(0);

    const first = ZAlert.parse(
      (await call("hartford.hotlistviewer", "POST", `/api/alerts/${ids.KGL4821}/acknowledge`)).json(),
    );
    const viewer = await t.prisma.user.findUniqueOrThrow({ where: { username: "hartford.hotlistviewer" } });
    expect(first.acknowledged_by).toBe(viewer.name);
    expect(first.acknowledged_at).not.toBeNull();

    const again = ZAlert.parse(
      (await call("hartford.hotlistadmin", "POST", `/api/alerts/${ids.KGL4821}/acknowledge`)).json(),
    );
    expect(again.acknowledged_by).toBe(viewer.name);
    expect(again.acknowledged_at).toBe(first.acknowledged_at);
    expect(await t.prisma.auditLog.count({ where: { action: "alert_acknowledged", plate: "KGL4821" } })).toBe(
      1,
    );

    expect(await unread("hartford.hotlistviewer")).toBe(startMember - 1);
    expect(await unread("newhaven.admin")).toBe(startOther);
  });
});
