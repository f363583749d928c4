import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ZAlert, ZGroupAlertsResponse, type TAlert } from "@odin/contract";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { buildAxisEvent, createDataset, sendRekorGroup, type Dataset } from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createViewer, openAlertStream, tokenOf, type StreamClient } from "./alert-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

const [hartford, newHaven] = [DEMO_AGENCIES[0]!, DEMO_AGENCIES[1]!];
const HARTFORD_CAMERA = hartford.axis[0]!;
const NEW_HAVEN_CAMERA = newHaven.axis[0]!;

describe("live alerts: GET /alerts/stream, and who may read an alert", () => {
  let t: TestApp;
  let dataDir: string;
  let dataset: Dataset;
  let hartfordGroup: number;
  let newHavenGroup: number;
  const streams: Record<string, StreamClient> = {};
  /** The alerts of the first test, for the access checks after it. */
  let axisAlert: TAlert;
  let rekorAlert: TAlert;

  // Each push 11 minutes after the last: a plate read again by a camera within a group's 10-minute
  // cooldown counts on its alert and is not announced (alert-cooldown.test.ts).
  let capturedAt = Date.now() - 6 * 60 * 60_000;
  const pushAxis = async (camera: typeof HARTFORD_CAMERA, plate: string, state: "CT" | "NY") => {
    capturedAt += 11 * 60_000;
    const read = dataset.addRead("axis", {
      plate,
      state,
      cameraKey: `axis:${camera.identifier}`,
      capturedAt,
    });
    const response = await fetch(`${t.baseUrl}/ingest/axis/${camera.identifier}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${camera.ingestToken}` },
      body: JSON.stringify(await buildAxisEvent(read)),
    });
    expect(response.status).toBe(201);
    return read;
  };
  const get = async (username: string, url: string) =>
    t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${await tokenOf(t, username)}` } });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "odin-alert-stream-"));
    t = await buildTestApp({ ODIN_DATA_DIR: dataDir, AXON_POLL_INTERVAL_MS: "0" }, { listen: true });
    await seedPersonas(t);
    await createViewer(t, "hartford.otherviewer", hartford.name);
    dataset = createDataset({ now: Date.now(), axisReads: 30, rekorReadsPerAgent: 30 });
    hartfordGroup = (await t.prisma.hotlistGroup.findFirstOrThrow({ where: { name: hartford.hotlist.name } }))
      .id;
    newHavenGroup = (await t.prisma.hotlistGroup.findFirstOrThrow({ where: { name: newHaven.hotlist.name } }))
      .id;
    for (const username of [
      "hartford.hotlistviewer",
      "hartford.admin",
      "hartford.otherviewer",
      "newhaven.admin",
    ]) {
      streams[username] = await openAlertStream(t.baseUrl, await tokenOf(t, username));
    }
    await Promise.all(Object.values(streams).map((stream) => stream.ready));
  });
  afterAll(async () => {
    Object.values(streams).forEach((stream) => stream.close());
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("answers an event stream that no cache or proxy holds back", () => {
    const stream = streams["hartford.hotlistviewer"]!;
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers.get("cache-control")).toBe("no-store");
    expect(stream.headers.get("x-accel-buffering")).toBe("no");
    expect(stream.comments).toContain("ready");
  });

  // How fast is measured by the bench (bench/alert-stream-client.ts), not here: a loaded machine would make
  // a wall-clock bound flaky. Here: it arrives, live, with what the screen needs.
  it("shows a group member a new alert live once the read reaches Odin (Axis push, Rekor webhook)", async () => {
    const member = streams["hartford.hotlistviewer"]!;
    const read = await pushAxis(HARTFORD_CAMERA, "AK 47281", "CT");
    const axis = await member.waitFor(
      (event) => event.group_id === hartfordGroup && event.alert.source_program === "Axis",
      10_000,
    );
    axisAlert = axis.data.alert;
    const detection = await t.prisma.detection.findFirstOrThrow({
      where: { plateNormalized: "AK47281", timestamp: new Date(read.capturedAt) },
    });
    expect(axisAlert).toMatchObject({
      plate: "AK47281",
      state: "CT",
      camera: HARTFORD_CAMERA.label,
      agency: hartford.name,
      justification: "Stolen vehicle",
      notes: "Grey Honda Accord, reported 10/02",
      axis_detection_id: detection.id.toString(),
      axis_is_cloud: false,
      // No picture of its own (the camera sent none): the read's picture proxy.
      image_url: `/axis/proxy-detection-image?id=${detection.id}`,
      timestamp: new Date(read.capturedAt).toISOString().replace("Z", ""),
    });

    const key = await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: hartford.name } });
    const rekorRead = dataset.addRead("rekor", {
      plate: "KGL-4821",
      state: "NY",
      cameraKey: "rekor:demo-agent-hartford:1102",
    });
    const { status } = await sendRekorGroup(`${t.baseUrl}/ingest/rekor/${key.id}`, rekorRead, {
      token: hartford.rekor.webhookToken,
    });
    expect(status).toBe(200);
    const rekor = await member.waitFor((event) => event.alert.source_program === "Rekor", 10_000);
    rekorAlert = rekor.data.alert;
    expect(rekorAlert).toMatchObject({
      plate: "KGL4821",
      state: "NY",
      camera: "Albany Ave at Woodland St",
      // The camera's hand-corrected position wins over the GPS the agent sent.
      latitude: 41.7775,
      longitude: -72.698,
      agency: hartford.name,
      axis_detection_id: null,
    });
    expect(rekorAlert.image_url).toMatch(/^\/alerts\/proxy-alert-image\?path=alerts%2F/);

    // An agency admin sees every group of the agency, member or not.
    await streams["hartford.admin"]!.waitFor((event) => event.alert.id === rekorAlert.id, 10_000);
  });

  it("sends nothing to another agency's users or to a viewer who is not a member", async () => {
    // New Haven's own alert reaches New Haven, and only New Haven: the streams are live, not empty.
    await pushAxis(NEW_HAVEN_CAMERA, "AD 31964", "CT");
    const theirs = await streams["newhaven.admin"]!.waitFor(
      (event) => event.group_id === newHavenGroup,
      2000,
    );
    // A barrier, not a wait: a Hartford group of both viewers raises an alert after New Haven's. Each
    // stream gets its alerts in commit order, so once the barrier's has arrived on a Hartford stream,
    // New Haven's would be there before it, had it been sent.
    const viewers = await t.prisma.user.findMany({
      where: { username: { in: ["hartford.otherviewer", "hartford.hotlistviewer"] } },
    });
    const barrierGroup = (
      await t.prisma.hotlistGroup.create({
        data: {
          agencyId: viewers[0]!.agencyId!,
          name: "Barrier",
          members: { create: viewers.map((viewer) => ({ userId: viewer.id })) },
          plates: { create: [{ plateNumber: "BRR 1234", plateNormalized: "BRR1234", reason: "Barrier" }] },
        },
      })
    ).id;
    await pushAxis(HARTFORD_CAMERA, "BRR 1234", "CT");
    const hartfordStreams = ["hartford.hotlistviewer", "hartford.admin", "hartford.otherviewer"];
    await Promise.all(
      hartfordStreams.map((username) =>
        streams[username]!.waitFor((event) => event.group_id === barrierGroup, 10_000),
      ),
    );

    expect(streams["newhaven.admin"]!.alerts.map((alert) => alert.data.group_id)).toEqual([newHavenGroup]);
    expect(streams["hartford.otherviewer"]!.alerts.map((alert) => alert.data.group_id)).toEqual([
      barrierGroup,
    ]);
    for (const username of hartfordStreams) {
      expect(streams[username]!.alerts.map((alert) => alert.data.alert.id)).not.toContain(
        theirs.data.alert.id,
      );
      expect(
        streams[username]!.alerts.every((alert) =>
          [hartfordGroup, barrierGroup].includes(alert.data.group_id),
        ),
      ).toBe(true);
    }
  });

  it("answers the group's history, the alert and its picture to a member", async () => {
    const history = await get("hartford.hotlistviewer", `/alerts/group/${hartfordGroup}/data`);
    expect(history.statusCode).toBe(200);
    const body = ZGroupAlertsResponse.parse(history.json());
    expect(body.group).toEqual({ id: hartfordGroup, name: hartford.hotlist.name });
    // Newest first.
    expect(body.alerts.map((alert) => alert.id)).toEqual([rekorAlert.id, axisAlert.id]);

    const one = await get("hartford.hotlistviewer", `/api/alerts/${rekorAlert.id}`);
    expect(one.statusCode).toBe(200);
    expect(ZAlert.parse(one.json())).toEqual(rekorAlert);

    const picture = await get("hartford.hotlistviewer", rekorAlert.image_url!);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/jpeg");
    expect(picture.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it("answers 404 to another agency's admin and to a viewer who is not a member", async () => {
    for (const username of ["newhaven.admin", "hartford.otherviewer"]) {
      for (const url of [
        `/alerts/group/${hartfordGroup}/data`,
        `/api/alerts/${rekorAlert.id}`,
        `/api/alerts/${axisAlert.id}`,
        rekorAlert.image_url!,
      ]) {
        const res = await get(username, url);
        expect(res.statusCode, `${username} ${url}`).toBe(404);
      }
    }
    // A path no alert shows is refused the same way, even to a member.
    const stray = await get(
      "hartford.hotlistviewer",
      `/alerts/proxy-alert-image?path=${encodeURIComponent("axis/1/2026/01/01/00000000-0000-0000-0000-000000000000.jpg")}`,
    );
    expect(stray.statusCode).toBe(404);
  });

  it("refuses the stream without a token (401) and to a user without a hotlist role (403)", async () => {
    expect((await t.app.inject({ method: "GET", url: "/alerts/stream" })).statusCode).toBe(401);
    const investigator = await get("hartford.investigator", "/alerts/stream");
    expect(investigator.statusCode).toBe(403);
  });

  it("reconnects its database listener and delivers what was committed meanwhile", async () => {
    const member = streams["hartford.hotlistviewer"]!;
    const [{ ended: cut } = { ended: 0 }] = await t.prisma.$queryRaw<{ ended: number }[]>`
      SELECT count(pg_terminate_backend(pid))::int AS ended FROM pg_stat_activity
      WHERE application_name = 'odin-alerts-listener' AND datname = current_database()`;
    expect(cut).toBe(1);
    // Written while the listener is away (it waits at least 187 ms before reconnecting).
    await pushAxis(HARTFORD_CAMERA, "KGL 4821", "NY");
    const missed = await member.waitFor(
      (event) => event.alert.plate === "KGL4821" && event.alert.source_program === "Axis",
      10_000,
    );
    expect(missed.data.group_id).toBe(hartfordGroup);
    // And the listener is back for what comes next.
    await pushAxis(HARTFORD_CAMERA, "AK 47281", "CT");
    await member.waitFor((event) => event.alert.id > missed.data.alert.id, 10_000);
  });

  it("ends the open streams when the server shuts down", async () => {
    const stream = await openAlertStream(t.baseUrl, await tokenOf(t, "hartford.hotlistadmin"));
    await stream.ready;
    const closing = t.app.close();
    await expect(stream.ended).resolves.toBeUndefined();
    await closing;
  });
});
