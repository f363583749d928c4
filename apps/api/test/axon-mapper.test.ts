import { readFileSync } from "node:fs";
import { ZSearchResult, type TSearchResult } from "@odin/contract";
import { describe, expect, it } from "vitest";
import type { SourceQuery } from "../src/sources/detection-source";
import { toPlatePattern } from "../src/sources/plate-pattern";
import { toAxonPlateParam } from "../src/sources/axon/axon.client";
import {
  mapAxonRead,
  matchesAxonFilters,
  resolveAxonUrl,
  toContractBodyType,
  toContractColor,
} from "../src/sources/axon/axon.mapper";
import { ZAxonReadsPage, type TAxonRead } from "../src/sources/axon/axon.payload";

/** A page recorded from the Axon simulator (limit 6). */
const page = ZAxonReadsPage.parse(
  JSON.parse(readFileSync(new URL("./fixtures/axon/reads-page.json", import.meta.url), "utf8")),
);
const reads = page.reads;
const context = { agencyName: "Hartford Police Department", baseUrl: "https://hartford.evidence.example" };
const read = (index: number): TAxonRead => reads[index]!;
const mapAll = () => reads.map((entry) => mapAxonRead(entry, context));

const query = (changes: Partial<SourceQuery> = {}): SourceQuery => ({
  plate: undefined,
  plateState: undefined,
  color: undefined,
  make: undefined,
  bodyType: undefined,
  start: new Date(0),
  end: new Date(),
  limit: 100,
  ...changes,
});

describe("mapAxonRead", () => {
  it("maps a recorded read to every field of the contract's search result", () => {
    const id = "86991c9f-7ac9-4c59-9f49-e5ba1f59c1b7";
    const result = mapAxonRead(read(0), context);
    expect(result).toEqual<TSearchResult>({
      id: `axon-${id}`,
      image_uuid: null,
      plate: "GL36649",
      plate_state: "CT",
      make: "Ram",
      color: "Silver/Gray",
      body_type: "truck-standard",
      agency: "Hartford Police Department",
      camera_name: "Fleet 3 Unit 122 (South End)",
      timestamp: "2026-11-21T13:38:04.049Z",
      latitude: 41.744621,
      longitude: -72.674785,
      source_program: "Axon",
      agent_uid: null,
      api_key: null,
      rekor_api_key: null,
      image_path: `/api/alpr/v1/reads/${id}/image`,
      plate_image_url: `https://hartford.evidence.example/api/alpr/v1/reads/${id}/plate-image`,
      base_url: "https://hartford.evidence.example",
      axis_path: null,
      axis_plate_path: null,
      plate_x1: null,
      plate_x2: null,
      plate_x3: null,
      plate_x4: null,
      plate_y1: null,
      plate_y2: null,
      plate_y3: null,
      plate_y4: null,
      vehicle_image_src:
        `/proxy-axon-image?url=%2Fapi%2Falpr%2Fv1%2Freads%2F${id}%2Fimage` +
        `&base_url=https%3A%2F%2Fhartford.evidence.example`,
      plate_image_src:
        `/proxy-axon-plate-image?url=https%3A%2F%2Fhartford.evidence.example%2Fapi%2Falpr%2Fv1%2Freads%2F` +
        `${id}%2Fplate-image`,
    });
    expect(ZSearchResult.strict().parse(result)).toEqual(result);
  });

  it("translates the recorded colours and body types through the vocabulary table", () => {
    expect(mapAll().map((result) => [result.make, result.color, result.body_type])).toEqual([
      ["Ram", "Silver/Gray", "truck-standard"],
      ["Nissan", "Yellow", "sedan-compact"],
      ["Toyota", "Silver/Gray", "van-mini"],
      ["Toyota", "Silver/Gray", "SUV"],
      ["Hyundai", "White", "SUV"],
      ["Hyundai", "Silver/Gray", "sedan-standard"],
    ]);
  });

  it("knows the whole table of docs/vendors/axon.md, and keeps no word it does not know", () => {
    const colors = ["Black", "Blue", "Brown", "Green", "Red", "White", "Yellow", "Silver", "Gray"];
    expect(colors.map(toContractColor)).toEqual([
      "Black",
      "Blue",
      "Brown",
      "Green",
      "Red",
      "White",
      "Yellow",
      "Silver/Gray",
      "Silver/Gray",
    ]);
    const bodies = [
      "Sedan",
      "Convertible",
      "Wagon",
      "Coupe",
      "Hatchback",
      "SUV",
      "Pickup",
      "Semi",
      "Van",
      "Minivan",
      "Motorcycle",
    ];
    expect(bodies.map(toContractBodyType)).toEqual([
      "sedan-standard",
      "sedan-convertible",
      "sedan-wagon",
      "sedan-sports",
      "sedan-compact",
      "SUV",
      "truck-standard",
      "tractor-trailer",
      "van-full",
      "van-mini",
      "Motorcycle",
    ]);
    expect([toContractColor("Teal"), toContractColor(null), toContractBodyType("Hovercraft")]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("tolerates a read without location, vehicle attributes, camera or images", () => {
    const sparse = ZAxonReadsPage.parse({
      reads: [
        {
          read_id: "r-1",
          plate: "ABC123",
          state: null,
          confidence: 0.5,
          captured_at: "2026-11-21T13:38:04.049+01:00",
          vehicle: { make: null, model: null, color: null, body_type: null },
          image_url: null,
          extra_field: "ignored",
        },
      ],
      next_cursor: null,
    }).reads[0]!;
    expect(mapAxonRead(sparse, context)).toMatchObject({
      id: "axon-r-1",
      plate_state: null,
      make: null,
      color: null,
      body_type: null,
      camera_name: null,
      timestamp: "2026-11-21T12:38:04.049Z",
      latitude: null,
      longitude: null,
      image_path: null,
      plate_image_url: null,
      vehicle_image_src: null,
      plate_image_src: null,
    });
  });

  it("appends image paths to the base URL, keeping its path and never leaving its host", () => {
    expect(resolveAxonUrl("https://a.example/tenant/", "/api/x/image")?.href).toBe(
      "https://a.example/tenant/api/x/image",
    );
    expect(resolveAxonUrl("https://a.example", "//evil.example/x")?.host).toBe("a.example");
    expect(resolveAxonUrl("https://a.example", "\\\\evil.example/x")?.host).toBe("a.example");
    const withPath = mapAxonRead(read(0), { ...context, baseUrl: "https://a.example/tenant/" });
    expect(withPath.plate_image_url).toBe(
      "https://a.example/tenant/api/alpr/v1/reads/86991c9f-7ac9-4c59-9f49-e5ba1f59c1b7/plate-image",
    );
    expect(withPath.base_url).toBe("https://a.example/tenant/");
  });
});

describe("matchesAxonFilters", () => {
  const plates = (changes: Partial<SourceQuery>) =>
    mapAll()
      .filter((result) => matchesAxonFilters(result, query(changes)))
      .map((result) => result.plate);

  it("filters colour, make and body type on the mapped values, ignoring case", () => {
    expect(plates({})).toHaveLength(6);
    expect(plates({ color: "silver/gray" })).toEqual(["GL36649", "T55UDK", "UD77957", "SL29978"]);
    expect(plates({ color: "Gray" })).toEqual([]);
    expect(plates({ make: "toyota" })).toEqual(["T55UDK", "UD77957"]);
    expect(plates({ bodyType: "suv" })).toEqual(["UD77957", "WLW8286"]);
    expect(plates({ bodyType: "sedan-compact", color: "Yellow", make: "Nissan" })).toEqual(["8UWA86"]);
  });

  it("checks the plate pattern and state again", () => {
    expect(plates({ plate: toPlatePattern("ud-779") })).toEqual(["UD77957"]);
    expect(plates({ plate: toPlatePattern("?L*") })).toEqual(["GL36649", "WLW8286", "SL29978"]);
    expect(plates({ plate: toPlatePattern("GL3664") })).toEqual(["GL36649"]);
    expect(plates({ plate: toPlatePattern("L3") })).toEqual([]);
    expect(plates({ plateState: "nj" })).toEqual(["T55UDK"]);
  });
});

describe("toAxonPlateParam", () => {
  it("sends exact plates as they are, partial ones as *value*, wildcards as typed", () => {
    expect(toAxonPlateParam(toPlatePattern("ab")!)).toBe("AB");
    expect(toAxonPlateParam(toPlatePattern("ak 47", "partial")!)).toBe("*AK47*");
    expect(toAxonPlateParam(toPlatePattern("ak?7*")!)).toBe("AK?7*");
  });
});
