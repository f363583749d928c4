import {
  SEARCH_SOURCES_HEADER,
  type TCompanionsSearchResponse,
  type TPatternSearchResponse,
  type TPlacesSearchResponse,
  type TSearchArea,
  type TSearchCamerasResponse,
  type TSearchResult,
  type TSourceStatus,
} from "@odin/contract";
import { DEMO_AGENCIES, DEMO_CONVOY, DEMO_SERIES } from "@odin/db/demo-data";
import { startSimulators, type RunningSimulators } from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CASE_NUMBER_REQUIRED } from "../src/modules/accountability/case-fields.service";
import { AXON_PLACE_NOTICE } from "../src/sources/axon/axon.source";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const NOW = Date.parse("2026-11-01T15:00:00Z");
const HOUR = 3_600_000;
const MINUTE = 60_000;
const hartford = DEMO_AGENCIES.find((agency) => agency.key === "hartford")!;
const AXIS_01 = hartford.axis.find((camera) => camera.identifier === "hfd-lpv-01")!;
const REKOR_1101 = hartford.rekor.cameras.find((camera) => camera.cameraId === "1101")!;

/** Where the simulators' camera keys stand (Rekor: the hand-corrected position Odin uses). */
function positionOf(cameraKey: string): { latitude: number; longitude: number } {
  const [vendor, ...rest] = cameraKey.split(":");
  for (const agency of DEMO_AGENCIES) {
    if (vendor === "axis") {
      const camera = agency.axis.find((candidate) => candidate.identifier === rest[0]);
      if (camera) return camera;
    } else if (agency.rekor.agentUid === rest[0]) {
      const camera = agency.rekor.cameras.find((candidate) => candidate.cameraId === rest[1])!;
      return camera.corrected ?? camera;
    }
  }
  throw new Error(`no camera ${cameraKey}`);
}

const circle = (at: { latitude: number; longitude: number }, radius = 250): TSearchArea => ({
  type: "Point",
  coordinates: [at.longitude, at.latitude],
  radius_m: radius,
});
const around = (secondsAgo: number, minutes = 30) => ({
  start_time: new Date(NOW - secondsAgo * 1000 - minutes * MINUTE).toISOString(),
  end_time: new Date(NOW - secondsAgo * 1000 + minutes * MINUTE).toISOString(),
});

describe("investigations beyond one plate (issue 22)", () => {
  let sim: RunningSimulators;
  let t: TestApp;
  let subjects: Record<Persona, string>;

  beforeAll(async () => {
    sim = await startSimulators({ rekorPort: 0, axonPort: 0, now: NOW });
    t = await buildTestApp();
    subjects = await seedPersonas(t, { simulatorUrls: { rekor: sim.rekorUrl, axon: sim.axonUrl } });
    // RAVEN reads are pushed to Odin: store the dataset's reads of the last three days as ingest would.
    const integrations = await t.prisma.axisIntegration.findMany({ include: { axisAgency: true } });
    const byIdentifier = new Map(integrations.map((integration) => [integration.identifier, integration]));
    const rows = sim.dataset
      .axis()
      .filter((read) => read.capturedAt > NOW - 72 * HOUR)
      .map((read) => {
        const integration = byIdentifier.get(read.camera.integration.identifier)!;
        return {
          plate: read.display,
          plateNormalized: read.plate,
          plateState: read.state,
          make: read.vehicle.make,
          color: read.vehicle.color,
          bodyType: read.vehicle.bodyType,
          cameraName: read.camera.name,
          agencyId: integration.axisAgency.agencyId,
          axisIntegrationId: integration.id,
          timestamp: new Date(read.capturedAt),
          latitude: read.latitude,
          longitude: read.longitude,
          vendorEventId: read.id,
        };
      });
    // Another agency's camera reads the convoy at the very same place and time: never Hartford's answer.
    const newHaven = byIdentifier.get("nhv-lpv-01")!;
    const meeting = DEMO_CONVOY.meetings[0]!;
    rows.push({
      ...rows.find((row) => row.plateNormalized === DEMO_CONVOY.lead.plate)!,
      plate: "NHV0001",
      plateNormalized: "NHV0001",
      cameraName: "New Haven camera",
      agencyId: newHaven.axisAgency.agencyId,
      axisIntegrationId: newHaven.id,
      timestamp: new Date(NOW - meeting.secondsAgo * 1000 + 5000),
      latitude: AXIS_01.latitude,
      longitude: AXIS_01.longitude,
      vendorEventId: "nhv-planted-1",
    });
    await t.prisma.detection.createMany({ data: rows });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const post = async (url: string, body: Record<string, unknown>, persona: Persona = "investigator") =>
    t.app.inject({
      method: "POST",
      url,
      headers: { authorization: `Bearer ${await mintToken(t, subjects[persona])}` },
      payload: { justification: "Case 2026-311: robbery series", ...body },
    });
  const statusesOf = (res: { headers: Record<string, unknown> }) =>
    JSON.parse(res.headers[SEARCH_SOURCES_HEADER] as string) as TSourceStatus[];
  const lastAudit = () =>
    t.prisma.auditLog.findFirstOrThrow({ where: { action: "search" }, orderBy: { id: "desc" } });

  it("refuses every query type without a justification, with the plate search's message, auditing nothing", async () => {
    const window = around(3600);
    const bodies: [string, Record<string, unknown>][] = [
      ["/search/area", { ...window, area: circle(AXIS_01) }],
      [
        "/search/places",
        {
          places: [
            { ...window, area: circle(AXIS_01) },
            { ...window, area: circle(AXIS_01) },
          ],
        },
      ],
      ["/search/companions", { ...window, plate: DEMO_CONVOY.lead.plate }],
      ["/search/pattern", { ...window, plate: DEMO_CONVOY.lead.plate }],
    ];
    for (const [url, body] of bodies) {
      const res = await post(url, { ...body, justification: "  " });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message).toBe("Justification and date range are required.");
    }
    const noPlace = await post("/search/area", window);
    expect(noPlace.statusCode).toBe(400);
    expect(await t.prisma.auditLog.count({ where: { action: "search" } })).toBe(0);
  });

  it("carries the case fields (issue 23) into the audit row, and refuses every type without the case number the agency requires", async () => {
    const window = around(3600);
    const bodies: [string, Record<string, unknown>][] = [
      ["/search/area", { ...window, area: circle(AXIS_01) }],
      [
        "/search/places",
        {
          places: [
            { ...window, area: circle(AXIS_01) },
            { ...window, area: circle(AXIS_01) },
          ],
        },
      ],
      ["/search/companions", { ...window, plate: DEMO_CONVOY.lead.plate }],
      ["/search/pattern", { ...window, plate: DEMO_CONVOY.lead.plate }],
    ];
    const given = await post("/search/area", {
      ...bodies[0]![1],
      case_number: " 2026-311 ",
      offense_category: "Robbery",
    });
    expect(given.statusCode, given.body).toBe(200);
    expect((await lastAudit()).queryParameters).toMatchObject({
      query_type: "area",
      case_number: "2026-311",
      offense_category: "Robbery",
    });
    await post("/search/pattern", bodies[3]![1]);
    expect((await lastAudit()).queryParameters).toMatchObject({ case_number: null, offense_category: null });

    const agency = await t.prisma.user.findFirstOrThrow({ where: { username: "hartford.investigator" } });
    await t.prisma.agency.update({ where: { id: agency.agencyId! }, data: { requireCaseNumber: true } });
    try {
      const before = await t.prisma.auditLog.count({ where: { action: "search" } });
      for (const [url, body] of bodies) {
        const res = await post(url, body);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.message).toBe(CASE_NUMBER_REQUIRED);
        const ok = await post(url, { ...body, case_number: "2026-311" });
        expect(ok.statusCode, `${url}: ${ok.body}`).toBe(200);
      }
      expect(await t.prisma.auditLog.count({ where: { action: "search" } })).toBe(before + bodies.length);
    } finally {
      await t.prisma.agency.update({ where: { id: agency.agencyId! }, data: { requireCaseNumber: false } });
    }
  });

  it("area: every read inside a circle in the hour, any plate, from Axis and Rekor (asked by camera), audited first", async () => {
    const meeting = DEMO_CONVOY.meetings[0]!;
    const res = await post("/search/area", { ...around(meeting.secondsAgo), area: circle(AXIS_01) });
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json<TSearchResult[]>();
    const plates = results.map((result) => result.plate);
    expect(plates).toEqual(
      expect.arrayContaining([DEMO_CONVOY.lead.plate, DEMO_CONVOY.companion.plate, DEMO_CONVOY.decoy.plate]),
    );
    expect(plates).not.toContain("NHV0001"); // another agency's camera, same place and time
    expect(results.every((result) => result.ref && result.camera_name === AXIS_01.label)).toBe(true);
    const statuses = statusesOf(res);
    expect(statuses.find((status) => status.source === "Axon")).toMatchObject({
      notice: AXON_PLACE_NOTICE,
      notice_kinds: ["place_unsupported"],
    });
    const audit = await lastAudit();
    expect(audit.queryParameters).toMatchObject({ query_type: "area", area: circle(AXIS_01) });
    expect(audit.justification).toBe("Case 2026-311: robbery series");

    // Rekor: the reads of the camera inside the area only (the `camera` parameter), none of the other.
    const rekorMeeting = DEMO_CONVOY.meetings[1]!;
    const rekor = await post("/search/area", {
      ...around(rekorMeeting.secondsAgo),
      area: circle(REKOR_1101),
    });
    const rekorReads = rekor.json<TSearchResult[]>().filter((result) => result.source_program === "Rekor");
    expect(rekorReads.map((result) => result.plate)).toEqual(
      expect.arrayContaining([DEMO_CONVOY.lead.plate, DEMO_CONVOY.companion.plate]),
    );
    expect(new Set(rekorReads.map((result) => result.camera_name))).toEqual(new Set([REKOR_1101.cameraName]));
  });

  it("area by picked cameras: the camera list offers the caller's cameras only", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/search/cameras",
      headers: { authorization: `Bearer ${await mintToken(t, subjects.investigator)}` },
    });
    const list = res.json<TSearchCamerasResponse>();
    const ids = list.cameras.map((camera) => camera.id);
    expect(ids).toContain("Axis:hfd-lpv-01");
    expect(ids).not.toContain("Axis:nhv-lpv-01");
    const meeting = DEMO_CONVOY.meetings[2]!;
    const picked = await post("/search/area", {
      ...around(meeting.secondsAgo, 5),
      cameras: ["Axis:hfd-lpv-02"],
    });
    expect(picked.json<TSearchResult[]>().map((result) => result.plate)).toEqual(
      expect.arrayContaining([DEMO_CONVOY.lead.plate, DEMO_CONVOY.companion.plate]),
    );
  });

  it("seen at several places: the planted series ranks first, read at all three places", async () => {
    const places = DEMO_SERIES.sightings.map((sighting) => ({
      ...around(sighting.secondsAgo),
      area: circle(positionOf(sighting.cameraKey)),
    }));
    const res = await post("/search/places", { places });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<TPlacesSearchResponse>();
    expect(answer.plates[0]).toMatchObject({ plate: DEMO_SERIES.plate.plate, places: [0, 1, 2] });
    expect(answer.plates[0]!.reads).toHaveLength(3);
    expect(answer.plates.every((match) => match.places.length === 3)).toBe(true);
    // At least two of three: the series still first, the others after it.
    const two = (await post("/search/places", { places, min_places: 2 })).json<TPlacesSearchResponse>();
    expect(two.plates[0]!.plate).toBe(DEMO_SERIES.plate.plate);
    expect((await lastAudit()).queryParameters).toMatchObject({ query_type: "places", min_places: 2 });
  });

  it("travelling with: the planted companion first, met at every camera; the one-time decoy is not a companion", async () => {
    const res = await post("/search/companions", {
      plate: DEMO_CONVOY.lead.plate.toLowerCase(),
      start_time: new Date(NOW - 72 * HOUR).toISOString(),
      end_time: new Date(NOW).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<TCompanionsSearchResponse>();
    expect(answer.target).toHaveLength(DEMO_CONVOY.meetings.length);
    expect(answer.companions[0]).toMatchObject({
      plate: DEMO_CONVOY.companion.plate,
      count: DEMO_CONVOY.meetings.length,
      cameras: 4,
    });
    expect(answer.companions.map((companion) => companion.plate)).not.toContain(DEMO_CONVOY.decoy.plate);
    expect(answer.companions[0]!.reads.every((read) => read.ref)).toBe(true);
    const audit = await lastAudit();
    expect(audit.plate).toBe(DEMO_CONVOY.lead.plate);
    expect(audit.queryParameters).toMatchObject({ query_type: "companions", gap_seconds: 60, min_count: 3 });
  });

  it("pattern: the plate's path oldest first, its cameras and its day x hour grid", async () => {
    const res = await post("/search/pattern", {
      plate: DEMO_CONVOY.lead.plate,
      start_time: new Date(NOW - 72 * HOUR).toISOString(),
      end_time: new Date(NOW).toISOString(),
      time_zone: "America/New_York",
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<TPatternSearchResponse>();
    const times = answer.reads.map((read) => Date.parse(read.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(answer.reads).toHaveLength(DEMO_CONVOY.meetings.length);
    expect(answer.cameras[0]).toMatchObject({ camera_name: AXIS_01.label, count: 2 });
    expect(answer.grid.flat().reduce((a, b) => a + b, 0)).toBe(DEMO_CONVOY.meetings.length);
    expect((await lastAudit()).queryParameters).toMatchObject({ query_type: "pattern" });
  });
});
