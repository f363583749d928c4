import { BODY_TYPES, US_STATES, VEHICLE_COLORS, VEHICLE_MAKES } from "@odin/contract";
import { describe, expect, it } from "vitest";
import { buildAxisEvent } from "../src/axis/axis.event";
import { toAxonRead } from "../src/axon/axon.payload";
import { CT_BOUNDS } from "../src/data/cameras";
import { createDataset, DEMO_MISREADS } from "../src/data/dataset";
import { compilePlateQuery } from "../src/data/plate-query";
import { HISTORY_MS, type SimRead } from "../src/data/reads";
import { DEMO_HOTLIST_PLATES, DEMO_REKOR_AGENTS } from "../src/demo-credentials";
import { NOW, SEED } from "./helpers";

const dataset = createDataset({ seed: SEED, now: NOW });
const all = (): SimRead[] => [...dataset.rekor(), ...dataset.axon(), ...dataset.axis()];

describe("generated data", () => {
  it("is the same for the same seed and differs for another", () => {
    const again = createDataset({ seed: SEED, now: NOW });
    const other = createDataset({ seed: SEED + 1, now: NOW });
    for (const vendor of ["rekor", "axon", "axis"] as const) {
      const first = dataset[vendor]().slice(0, 25);
      expect(again[vendor]().slice(0, 25)).toEqual(first);
      expect(
        other[vendor]()
          .slice(0, 25)
          .map((read) => read.plate),
      ).not.toEqual(first.map((read) => read.plate));
    }
  });

  it("generates a few thousand reads per vendor", () => {
    // (It takes well under a second on a quiet machine; speed is not asserted here, a busy CI is slower.)
    const fresh = createDataset({ seed: 7, now: NOW });
    const counts = [fresh.rekor().length, fresh.axon().length, fresh.axis().length];
    for (const count of counts) expect(count).toBeGreaterThan(2500);
  });

  it("keeps every read within the last 90 days, newest first, with unique ids", () => {
    for (const reads of [dataset.rekor(), dataset.axon(), dataset.axis()]) {
      expect(new Set(reads.map((read) => read.id)).size).toBe(reads.length);
      const outside = reads.filter((read) => read.capturedAt > NOW || read.capturedAt <= NOW - HISTORY_MS);
      expect(outside).toEqual([]);
      const unordered = reads.filter((read, i) => i > 0 && read.capturedAt > reads[i - 1]!.capturedAt);
      expect(unordered).toEqual([]);
    }
  });

  it("places every read in Connecticut", () => {
    const outside = all().filter(
      (read) =>
        read.latitude < CT_BOUNDS.minLat ||
        read.latitude > CT_BOUNDS.maxLat ||
        read.longitude < CT_BOUNDS.minLon ||
        read.longitude > CT_BOUNDS.maxLon,
    );
    expect(outside.map((read) => [read.latitude, read.longitude])).toEqual([]);
  });

  it("uses the contract's makes, colours, body types and states, weighted to Connecticut", () => {
    const states = new Set<string>(US_STATES.map((state) => state.abbreviation));
    const makes = new Set<string>(VEHICLE_MAKES);
    const bodies = new Set<string>(BODY_TYPES.map((body) => body.value));
    const colors = new Set<string>(VEHICLE_COLORS.map((color) => color.name));
    const reads = all();
    const foreign = reads.filter(
      ({ state, vehicle }) =>
        !states.has(state) ||
        !makes.has(vehicle.make) ||
        !bodies.has(vehicle.bodyType) ||
        !colors.has(vehicle.color),
    );
    expect(foreign).toEqual([]);
    const seenStates = new Set(reads.map((read) => read.state));
    expect(seenStates.size).toBeGreaterThan(15);
    expect(reads.filter((read) => read.state === "CT").length / reads.length).toBeGreaterThan(0.4);
    expect(new Set(reads.map((read) => read.vehicle.make)).size).toBeGreaterThan(35);
  });

  it("reports Rekor-only colours in Rekor data only", async () => {
    const rekorOnly = new Set(VEHICLE_COLORS.filter((c) => c.rekorOnly).map((c) => c.name.toLowerCase()));
    expect(dataset.rekor().some((read) => rekorOnly.has(read.vehicle.color.toLowerCase()))).toBe(true);
    const axonColors = new Set(dataset.axon().map((read) => toAxonRead(read).vehicle.color.toLowerCase()));
    const events = await Promise.all(dataset.axis().map((read) => buildAxisEvent(read)));
    const axisColors = new Set(events.map((event) => event.vehicle_info.color));
    for (const color of [...axonColors, ...axisColors]) expect(rekorOnly.has(color), color).toBe(false);
    // The vehicles behind those reads include Rekor-only colours: the other vendors name them otherwise.
    expect(dataset.axon().some((read) => rekorOnly.has(read.vehicle.color.toLowerCase()))).toBe(true);
  });

  it("has shared plates, the demo hotlist plates among them, seen by all three vendors", () => {
    const hotlist = DEMO_HOTLIST_PLATES.map((entry) => entry.plate.replace(/[\s-]/g, ""));
    expect(dataset.sharedPlates.map((entry) => entry.plate)).toEqual(expect.arrayContaining(hotlist));
    expect(dataset.sharedPlates.length).toBeGreaterThanOrEqual(20);
    // Planted misreads of hotlist plates, for the search's Similar match (issue 19).
    expect(dataset.sharedPlates.map((entry) => entry.plate)).toEqual(
      expect.arrayContaining(DEMO_MISREADS.map((entry) => entry.read)),
    );
    for (const { plate } of dataset.sharedPlates) {
      for (const agent of DEMO_REKOR_AGENTS)
        expect(
          dataset.rekor().some((r) => r.plate === plate && r.camera.agent.agentUid === agent.agentUid),
        ).toBe(true);
      expect(dataset.axon().some((read) => read.plate === plate)).toBe(true);
      expect(dataset.axis().some((read) => read.plate === plate)).toBe(true);
      // Seen within the default search window (the last 24 hours) by every vendor.
      for (const reads of [dataset.rekor(), dataset.axon(), dataset.axis()])
        expect(reads.some((read) => read.plate === plate && read.capturedAt > NOW - 86_400_000)).toBe(true);
    }
  });
});

describe("plate queries", () => {
  it("match exactly, ignoring case, spaces and dashes", () => {
    expect(compilePlateQuery("ak 47281")("AK47281")).toBe(true);
    expect(compilePlateQuery("AK-47281")("AK47281")).toBe(true);
    expect(compilePlateQuery("AK4728")("AK47281")).toBe(false);
  });

  it("take * and ? wildcards, *ABC* being a substring search", () => {
    expect(compilePlateQuery("*4728*")("AK47281")).toBe(true);
    expect(compilePlateQuery("AK*")("AK47281")).toBe(true);
    expect(compilePlateQuery("A?47281")("AK47281")).toBe(true);
    expect(compilePlateQuery("A?4728")("AK47281")).toBe(false);
    expect(compilePlateQuery("*.*")("AK47281")).toBe(false);
  });

  it("match everything when empty", () => {
    expect(compilePlateQuery(undefined)("X1")).toBe(true);
    expect(compilePlateQuery("**")("X1")).toBe(true);
  });
});
