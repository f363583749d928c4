import { readFileSync } from "node:fs";
import { ZSearchResult } from "@odin/contract";
import { describe, expect, it } from "vitest";
import type { SourceQuery } from "../src/sources/detection-source";
import { toPlatePattern } from "../src/sources/plate-pattern";
import { toRekorPlateParam } from "../src/sources/rekor/rekor.client";
import {
  mapRekorRow,
  matchesRekorQuery,
  toContractBodyType,
  toContractColor,
  toContractMake,
  toPlateState,
  type RekorMapContext,
} from "../src/sources/rekor/rekor.mapper";
import { ZRekorSearchAnswer, ZRekorSearchRow } from "../src/sources/rekor/rekor.payload";

/** Recorded from the Rekor simulator (seed 20261101, now 2026-11-01T15:00Z): Hartford and Troop H rows. */
const recorded: unknown = JSON.parse(
  readFileSync(new URL("./fixtures/rekor/search-plate.json", import.meta.url), "utf8"),
);
const rows = ZRekorSearchAnswer.parse(recorded);
const raw = recorded as { pk: number; fields: Record<string, unknown> }[];
const row = (plate: string) => rows.find((candidate) => candidate.fields.best_plate === plate)!;

const HANDLE = "oh1.payload.signature";
const VENDOR_KEY = "odin-demo-rekor-hartford";
const hartford: RekorMapContext = {
  key: { id: 7, agencyName: "Hartford Police Department" },
  camera: {
    cameraName: "Albany Ave at Woodland St",
    latitude: 41.781,
    longitude: -72.7045,
    correctedLatitude: 41.7775,
    correctedLongitude: -72.698,
  },
  handle: HANDLE,
};

const query = (changes: Partial<SourceQuery> = {}): SourceQuery => ({
  plate: undefined,
  plateState: undefined,
  color: undefined,
  make: undefined,
  bodyType: undefined,
  start: new Date("2026-08-01T00:00:00Z"),
  end: new Date("2026-11-01T15:00:00Z"),
  limit: 100,
  ...changes,
});

describe("Rekor payload", () => {
  it("reads the recorded answer, confidences as strings and times as epoch ms", () => {
    expect(rows).toHaveLength(5);
    expect(rows.filter((candidate) => candidate.fields.agent_uid === "demo-agent-trooph")).not.toHaveLength(
      0,
    );
    expect(row("AK47281").fields).toMatchObject({
      camera_id: "1102",
      best_confidence: expect.any(Number),
      epoch_time_start: new Date(raw[1]!.fields.epoch_time_start as number),
    });
  });

  it("takes the times as ISO strings (zoned or not, then UTC), numbers as numbers, and extra fields", () => {
    const fields = {
      ...raw[0]!.fields,
      epoch_time_start: "2026-10-30T12:30:00.250+02:00",
      epoch_time_end: "2026-10-30T10:30:01",
      best_confidence: 91.26,
      plate_x1: "521",
      something_new: { nested: true },
    };
    const parsed = ZRekorSearchRow.parse({ ...raw[0], fields });
    expect(parsed.fields.epoch_time_start.toISOString()).toBe("2026-10-30T10:30:00.250Z");
    expect(parsed.fields.epoch_time_end?.toISOString()).toBe("2026-10-30T10:30:01.000Z");
    expect(parsed.fields).toMatchObject({ best_confidence: 91.26, plate_x1: 521 });
    const result = mapRekorRow(parsed, hartford);
    expect(result.timestamp).toBe("2026-10-30T10:30:00.250Z");
  });

  it("refuses a row without what the mapper needs", () => {
    const { best_uuid: _, ...fields } = raw[0]!.fields;
    expect(ZRekorSearchRow.safeParse({ ...raw[0], fields }).success).toBe(false);
    const badTime = { ...raw[0]!.fields, epoch_time_start: "yesterday" };
    expect(ZRekorSearchRow.safeParse({ ...raw[0], fields: badTime }).success).toBe(false);
  });
});

describe("mapRekorRow", () => {
  it("maps a recorded row to a complete contract result", () => {
    const result = mapRekorRow(row("AK47281"), hartford);
    expect(ZSearchResult.strict().parse(result)).toEqual(result);
    const epoch = raw.find((candidate) => candidate.fields.best_plate === "AK47281")!.fields.epoch_time_start;
    expect(result).toEqual({
      id: "rekor-7-2000763",
      image_uuid: "demo-agent-hartford-1102-1793463219476",
      plate: "AK47281",
      plate_state: "CT",
      make: "Honda",
      color: "Silver/Gray",
      body_type: "sedan-standard",
      agency: "Hartford Police Department",
      camera_name: "Albany Ave at Woodland St",
      timestamp: new Date(epoch as number).toISOString(),
      latitude: 41.7775,
      longitude: -72.698,
      source_program: "Rekor",
      agent_uid: "demo-agent-hartford",
      api_key: HANDLE,
      rekor_api_key: HANDLE,
      image_path: null,
      plate_image_url: null,
      base_url: null,
      axis_path: null,
      axis_plate_path: null,
      plate_x1: 712,
      plate_x2: 875,
      plate_x3: 875,
      plate_x4: 712,
      plate_y1: 491,
      plate_y2: 491,
      plate_y3: 573,
      plate_y4: 573,
      vehicle_image_src:
        "/proxy-rekor-image?agent_uid=demo-agent-hartford&image_uuid=demo-agent-hartford-1102-1793463219476&api_key=oh1.payload.signature",
      plate_image_src: null,
    });
    expect(result.timestamp).toMatch(/Z$/);
  });

  it("translates the vocabulary of every recorded row, and the region to a state", () => {
    const mapped = rows.map((candidate) => mapRekorRow(candidate, hartford));
    expect(
      mapped.map(({ plate, make, color, body_type, plate_state }) => ({
        plate,
        make,
        color,
        body_type,
        plate_state,
      })),
    ).toEqual([
      { plate: "KGL4821", make: "Honda", color: "Silver/Gray", body_type: "SUV", plate_state: "NY" },
      {
        plate: "AK47281",
        make: "Honda",
        color: "Silver/Gray",
        body_type: "sedan-standard",
        plate_state: "CT",
      },
      {
        plate: "1XCY040",
        make: "Subaru",
        color: "Gold/Beige",
        body_type: "sedan-compact",
        plate_state: "CA",
      },
      {
        plate: "LWZ952",
        make: "Harley-Davidson",
        color: "Silver/Gray",
        body_type: "Motorcycle",
        plate_state: "VT",
      },
      { plate: "4UBV32", make: "Mercedes-Benz", color: "Silver/Gray", body_type: "SUV", plate_state: "CT" },
    ]);
  });

  it("names the rest as the contract does, title-casing what it does not know", () => {
    expect(toContractMake("land-rover")).toBe("Land Rover");
    expect(toContractMake("bmw")).toBe("BMW");
    expect(toContractMake("alfa-romeo")).toBe("Alfa Romeo");
    expect(toContractColor("blue-green")).toBe("Blue/Green");
    expect(toContractColor("PINK")).toBe("Pink");
    expect(toContractBodyType("suv-standard")).toBe("SUV");
    expect(toContractBodyType("tractor-trailer")).toBe("tractor-trailer");
    expect(toContractBodyType("bus")).toBe("Bus");
    expect(toContractMake("")).toBeNull();
    expect(toContractColor(null)).toBeNull();
    expect(toPlateState("us-ct")).toBe("CT");
    expect(toPlateState("ca-on")).toBeNull();
    expect(toPlateState("eu")).toBeNull();
    expect(toPlateState(undefined)).toBeNull();
  });

  it("places the camera: a correction wins, else the reported position, else unknown", () => {
    const reported = mapRekorRow(row("1XCY040"), {
      ...hartford,
      camera: {
        cameraName: "Main St at Pratt St",
        latitude: 41.7658,
        longitude: -72.6734,
        correctedLatitude: null,
        correctedLongitude: null,
      },
    });
    expect(reported).toMatchObject({
      camera_name: "Main St at Pratt St",
      latitude: 41.7658,
      longitude: -72.6734,
    });

    const unknown = mapRekorRow(row("LWZ952"), { ...hartford, camera: undefined });
    expect(unknown).toMatchObject({ camera_name: "Camera 3101", latitude: null, longitude: null });
    const unnamed = mapRekorRow(row("LWZ952"), {
      ...hartford,
      camera: { ...hartford.camera!, cameraName: null },
    });
    expect(unnamed).toMatchObject({ camera_name: "Camera 3101", latitude: 41.7775 });
  });

  it("puts the handle where the spec has the key, URL-encoded in the image link, and never the key", () => {
    const handle = "oh1.a+b/c=.d&e";
    const result = mapRekorRow(row("AK47281"), { ...hartford, handle });
    expect(result.api_key).toBe(handle);
    expect(result.rekor_api_key).toBe(handle);
    const link = new URL(result.vehicle_image_src!, "http://odin.test");
    expect(link.pathname).toBe("/proxy-rekor-image");
    expect(Object.fromEntries(link.searchParams)).toEqual({
      agent_uid: "demo-agent-hartford",
      image_uuid: "demo-agent-hartford-1102-1793463219476",
      api_key: handle,
    });
    for (const candidate of rows)
      expect(JSON.stringify(mapRekorRow(candidate, hartford))).not.toContain(VENDOR_KEY);
  });

  it("keeps the plate corners clockwise from top-left, null when a server leaves them out", () => {
    const result = mapRekorRow(row("4UBV32"), hartford);
    expect([result.plate_x1, result.plate_y1]).toEqual([758, 720]);
    expect([result.plate_x3, result.plate_y3]).toEqual([972, 827]);
    expect(result.plate_x2).toBe(result.plate_x3);
    expect(result.plate_y2).toBe(result.plate_y1);
    expect(result.plate_x4).toBe(result.plate_x1);
    expect(result.plate_y4).toBe(result.plate_y3);
    const { plate_x1: _x, plate_y4: _y, ...fields } = raw[0]!.fields;
    const bare = mapRekorRow(ZRekorSearchRow.parse({ ...raw[0], fields }), hartford);
    expect([bare.plate_x1, bare.plate_y4, bare.plate_x2]).toEqual([null, null, 681]);
  });
});

describe("matchesRekorQuery", () => {
  const mapped = rows.map((candidate) => mapRekorRow(candidate, hartford));
  const plates = (changes: Partial<SourceQuery>) =>
    mapped.filter((result) => matchesRekorQuery(result, query(changes))).map((result) => result.plate);

  it("filters by plate: exact, partial and wildcard, as Odin normalises plates", () => {
    expect(plates({})).toHaveLength(5);
    expect(plates({ plate: toPlatePattern("ak 47281") })).toEqual(["AK47281"]);
    expect(plates({ plate: toPlatePattern("AK4728") })).toEqual(["AK47281"]);
    expect(plates({ plate: toPlatePattern("AK") })).toEqual([]);
    expect(plates({ plate: toPlatePattern("?ubv*") })).toEqual(["4UBV32"]);
  });

  it("filters by state, colour, make and body type in the contract's vocabulary, ignoring case", () => {
    expect(plates({ plateState: "ct" })).toEqual(["AK47281", "4UBV32"]);
    expect(plates({ color: "gold/beige" })).toEqual(["1XCY040"]);
    expect(plates({ make: "Mercedes-Benz" })).toEqual(["4UBV32"]);
    expect(plates({ bodyType: "SUV" })).toEqual(["KGL4821", "4UBV32"]);
    expect(plates({ bodyType: "motorcycle", make: "harley-davidson" })).toEqual(["LWZ952"]);
    expect(plates({ bodyType: "SUV", plateState: "NY", color: "Red" })).toEqual([]);
  });

  it("drops rows outside the time range a server may have read differently", () => {
    const newest = mapped[0]!.timestamp;
    expect(plates({ start: new Date(newest) })).toEqual(["KGL4821"]);
    expect(plates({ end: new Date(Date.parse(newest) - 1) })).toHaveLength(4);
  });
});

describe("the plate Odin sends to Rekor", () => {
  it("sends exact plates as they are, partial ones as *…*, wildcards as typed", () => {
    expect(toRekorPlateParam(toPlatePattern("ak")!)).toBe("AK");
    expect(toRekorPlateParam(toPlatePattern("ak-4728", "partial")!)).toBe("*AK4728*");
    expect(toRekorPlateParam(toPlatePattern("ak?72*")!)).toBe("AK?72*");
  });
});
