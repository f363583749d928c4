import type { UsStateAbbreviation } from "@odin/contract";
import { demoPlantedReads } from "@odin/db/demo-data";
import { DEMO_HOTLIST_PLATES } from "../demo-credentials";
import { AXIS_CAMERAS, AXON_CAMERAS, REKOR_CAMERAS, type SimCamera } from "./cameras";
import { buildLiveRead, insertNewestFirst, type LiveReadOptions } from "./live-reads";
import { generatePlate, normalizePlate } from "./plates";
import { Rng } from "./prng";
import {
  createRead,
  DAY_MS,
  finalizeReads,
  HISTORY_MS,
  sampleTime,
  type AxisRead,
  type AxonRead,
  type PlatedVehicle,
  type RekorRead,
  type SimRead,
} from "./reads";
import { generateVehicle, type Vehicle } from "./vehicles";

export interface DatasetOptions {
  seed?: number;
  /** The moment the 90 days of history end; tests pin it. */
  now?: number;
  /** Background reads (shared plates come on top): per Rekor agent, for Axon, for all Axis cameras. */
  rekorReadsPerAgent?: number;
  axonReads?: number;
  axisReads?: number;
}

export const DEFAULT_SEED = 20_261_101;
const SHARED_GENERATED = 24;
const POOL_SIZE = 4000;

/**
 * All simulated reads. Vendors are generated on first use (a few thousand reads take some
 * milliseconds), each from its own PRNG streams, so one vendor's data never shifts another's.
 */
export interface Dataset {
  readonly seed: number;
  readonly now: number;
  /** Plates every vendor reads: the demo hotlists' plates, then generated ones. */
  readonly sharedPlates: readonly PlatedVehicle[];
  rekor(): readonly RekorRead[];
  axon(): readonly AxonRead[];
  axis(): readonly AxisRead[];
  /** A read by its vendor id. */
  findRead(vendor: "rekor", id: string): RekorRead | undefined;
  findRead(vendor: "axon", id: string): AxonRead | undefined;
  findRead(vendor: "axis", id: string): AxisRead | undefined;
  /**
   * A read that happens now (tests, the demo): added to the vendor's reads, so the Axon API serves it
   * from then on; Rekor and Axis reads are pushed by the caller (sendRekorGroup, buildAxisEvent).
   */
  addRead(vendor: "rekor", options: LiveReadOptions): RekorRead;
  addRead(vendor: "axon", options: LiveReadOptions): AxonRead;
  addRead(vendor: "axis", options: LiveReadOptions): AxisRead;
}

export function createDataset(options: DatasetOptions = {}): Dataset {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? Date.now();
  const shared = buildSharedPlates(seed);
  const pool = buildPool(seed, new Set(shared.map((entry) => entry.plate)));
  const context = { seed, now, pool, shared };

  const groups = <C extends SimCamera>(cameras: readonly C[], key: (camera: C) => string, count: number) =>
    groupBy(cameras, key).map((group) => ({ cameras: group, count }));
  const rekorGroups = groups(REKOR_CAMERAS, (c) => c.agent.agentUid, options.rekorReadsPerAgent ?? 1500);
  const axonGroups = groups(AXON_CAMERAS, () => "partner", options.axonReads ?? 3000);
  // The Axis total is shared between the agencies' camera groups.
  const axisAgencies = new Set(AXIS_CAMERAS.map((camera) => camera.integration.agencyKey)).size;
  const axisGroups = groups(
    AXIS_CAMERAS,
    (c) => c.integration.agencyKey,
    Math.round((options.axisReads ?? 3000) / axisAgencies),
  );
  const rekor = lazy(() => generate(context, "rekor", rekorGroups, REKOR_CAMERAS));
  const axon = lazy(() => generate(context, "axon", axonGroups, AXON_CAMERAS));
  const axis = lazy(() => generate(context, "axis", axisGroups, AXIS_CAMERAS));

  // Image and webhook lookups go by id; each vendor's index is built on its first lookup.
  const indexes = new Map<string, Map<string, SimRead>>();
  const findRead = (vendor: "rekor" | "axon" | "axis", id: string) => {
    let byId = indexes.get(vendor);
    if (!byId) {
      const reads: readonly SimRead[] = vendor === "rekor" ? rekor() : vendor === "axon" ? axon() : axis();
      byId = new Map(reads.map((read) => [read.id, read]));
      indexes.set(vendor, byId);
    }
    return byId.get(id);
  };

  let liveReads = 0;
  const addRead = (vendor: "rekor" | "axon" | "axis", options: LiveReadOptions) => {
    // The lazily built list itself (readonly to callers), so every later answer includes the read.
    const reads = (vendor === "rekor" ? rekor() : vendor === "axon" ? axon() : axis()) as SimRead[];
    const cameras: readonly SimCamera[] =
      vendor === "rekor" ? REKOR_CAMERAS : vendor === "axon" ? AXON_CAMERAS : AXIS_CAMERAS;
    const read = buildLiveRead(cameras, reads, options, ++liveReads);
    insertNewestFirst(reads, read);
    indexes.get(vendor)?.set(read.id, read);
    return read;
  };

  return {
    seed,
    now,
    sharedPlates: shared,
    rekor,
    axon,
    axis,
    findRead: findRead as Dataset["findRead"],
    addRead: addRead as Dataset["addRead"],
  };
}

interface Context {
  seed: number;
  now: number;
  pool: readonly PlatedVehicle[];
  shared: readonly PlatedVehicle[];
}

/**
 * A vendor's reads: each group (a Rekor agent, Axon's units, an agency's Axis cameras) reads `count`
 * vehicles from the pool, regulars far more often than others, plus every shared plate 1-3 times,
 * once within the last 24 hours so the default search finds it.
 */
function generate<C extends SimCamera>(
  context: Context,
  vendor: C["vendor"],
  groups: readonly { cameras: readonly C[]; count: number }[],
  allCameras: readonly C[],
): SimRead<C>[] {
  const { seed, now, pool, shared } = context;
  const reads: SimRead<C>[] = [];
  groups.forEach(({ cameras, count }, group) => {
    for (let i = 0; i < count; i++) {
      const rng = Rng.for(seed, vendor, group, i);
      // Skewed towards the start of the pool: those vehicles are the regulars.
      const seen = pool[Math.floor(pool.length * rng.next() ** 1.5)];
      if (!seen) continue;
      reads.push(createRead(rng, seen, rng.pick(cameras), sampleTime(rng, now, 0, HISTORY_MS), false));
    }
    shared.forEach((seen, plateIndex) => {
      const rng = Rng.for(seed, vendor, group, "shared", plateIndex);
      const times = rng.int(1, 3);
      for (let t = 0; t < times; t++) {
        const maxAge = t === 0 ? DAY_MS : HISTORY_MS;
        const time = sampleTime(rng, now, 5 * 60_000, maxAge);
        reads.push(createRead(rng, seen, rng.pick(cameras), time, true));
      }
    });
  });
  reads.push(...planted(context, allCameras));
  return finalizeReads(reads, seed);
}

/**
 * The convoy and the series planted on purpose (issue 22, @odin/db's DEMO_CONVOY and DEMO_SERIES):
 * the same vehicle for a plate at every camera, at the planted times. Added after the generated reads,
 * so their random streams stay as they were.
 */
function planted<C extends SimCamera>(context: Context, cameras: readonly C[]): SimRead<C>[] {
  return demoPlantedReads().flatMap((sighting, index) => {
    const camera = cameras.find((candidate) => candidate.key === sighting.cameraKey);
    if (!camera) return [];
    const vehicle = generateVehicle(Rng.for(context.seed, "planted-vehicle", sighting.plate));
    const seen: PlatedVehicle = {
      display: sighting.plate,
      plate: normalizePlate(sighting.plate),
      state: sighting.state as UsStateAbbreviation,
      vehicle,
    };
    const rng = Rng.for(context.seed, "planted", index);
    return [createRead(rng, seen, camera, context.now - sighting.secondsAgo * 1000, false)];
  });
}

function buildSharedPlates(seed: number): PlatedVehicle[] {
  const hotlist = DEMO_HOTLIST_PLATES.map((entry, index): PlatedVehicle => {
    const rng = Rng.for(seed, "hotlist", index);
    return {
      display: entry.plate,
      plate: normalizePlate(entry.plate),
      state: entry.state as UsStateAbbreviation,
      vehicle: HOTLIST_VEHICLES[normalizePlate(entry.plate)] ?? generateVehicle(rng),
    };
  });
  const generated = Array.from({ length: SHARED_GENERATED }, (_, index) => {
    const rng = Rng.for(seed, "shared", index);
    return { ...generatePlate(rng), vehicle: generateVehicle(rng) };
  });
  // Cameras misread plates (issue 19): a few demo hotlist plates are also read slightly wrong, on the
  // listed vehicle, so the search's Similar match has something to find. After the others, so their
  // random streams stay as they were.
  const misread = DEMO_MISREADS.flatMap(({ of, read }) => {
    const listed = hotlist.find((entry) => entry.plate === of);
    return listed ? [{ ...listed, display: read, plate: normalizePlate(read) }] : [];
  });
  return [...hotlist, ...generated, ...misread];
}

/** Misreads of demo hotlist plates: a confusion, a dropped character, a confusion plus an edit. */
export const DEMO_MISREADS: readonly { of: string; read: string }[] = [
  { of: "AK47281", read: "AK4728I" },
  { of: "AK47281", read: "AK4728" },
  { of: "KGL4821", read: "K6L4B21" },
  { of: "AD31964", read: "A031964" },
];

/** The seed's hotlist notes describe two of the vehicles; the pictures agree with them. */
const HOTLIST_VEHICLES: Record<string, Vehicle> = {
  AK47281: { make: "Honda", model: "Accord", bodyType: "sedan-standard", color: "Silver/Gray" },
  "1MPV482": { make: "Honda", model: "Odyssey", bodyType: "van-mini", color: "Silver/Gray" },
};

function buildPool(seed: number, reserved: Set<string>): PlatedVehicle[] {
  const pool: PlatedVehicle[] = [];
  for (let i = 0; pool.length < POOL_SIZE; i++) {
    const rng = Rng.for(seed, "vehicle", i);
    const plate = generatePlate(rng);
    if (reserved.has(plate.plate)) continue;
    reserved.add(plate.plate);
    pool.push({ ...plate, vehicle: generateVehicle(rng) });
  }
  return pool;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.values()];
}

function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
