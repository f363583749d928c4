import type { UsStateAbbreviation } from "@odin/contract";
import {
  clampToConnecticut,
  type AxisCamera,
  type AxonCamera,
  type RekorCamera,
  type SimCamera,
} from "./cameras";
import { layoutFrame, type FrameLayout } from "./layout";
import type { GeneratedPlate } from "./plates";
import { Rng } from "./prng";
import type { Vehicle } from "./vehicles";

export type Vendor = SimCamera["vendor"];

/** A vehicle with its plate: what a camera sees. */
export interface PlatedVehicle extends GeneratedPlate {
  vehicle: Vehicle;
}

/** One plate read, vendor-neutral; each server turns it into its own payload. */
export interface SimRead<C extends SimCamera = SimCamera> {
  vendor: C["vendor"];
  /** The vendor's id: Rekor best_uuid, Axon read_id, Axis "{identifier}-{carID}". */
  id: string;
  plate: string;
  display: string;
  state: UsStateAbbreviation;
  vehicle: Vehicle;
  camera: C;
  /** Epoch ms when the vehicle entered the view; it left `durationMs` later. */
  capturedAt: number;
  durationMs: number;
  latitude: number;
  longitude: number;
  /** OCR confidence of the best plate read, 0..1. */
  confidence: number;
  /** Compass direction of travel, degrees. */
  direction: number;
  frame: FrameLayout;
  /** Stable random bits for small choices a payload makes (crossover or not, silver or gray...). */
  traits: number;
  /** Counts the camera's reads, oldest first, from 1 (Axis carID and packetCounter). */
  sequence: number;
  /** One of the plates every vendor reads. */
  shared: boolean;
}

export type RekorRead = SimRead<RekorCamera>;
export type AxonRead = SimRead<AxonCamera>;
export type AxisRead = SimRead<AxisCamera>;

export const DAY_MS = 86_400_000;
export const HISTORY_MS = 90 * DAY_MS;

// Traffic by hour of day (Eastern time): quiet nights, morning and evening peaks.
const HOURLY = [
  0.2, 0.12, 0.1, 0.1, 0.15, 0.35, 0.7, 1, 1, 0.8, 0.7, 0.75, 0.8, 0.8, 0.8, 0.9, 1, 1, 0.85, 0.65, 0.5, 0.4,
  0.35, 0.25,
];

/** A moment between `minAgeMs` and `maxAgeMs` before `now`, denser when traffic is heavy. */
export function sampleTime(rng: Rng, now: number, minAgeMs: number, maxAgeMs: number): number {
  let time = now - rng.float(minAgeMs, maxAgeMs);
  for (let attempt = 0; attempt < 8; attempt++) {
    const easternHour = (new Date(time).getUTCHours() + 19) % 24;
    if (rng.next() < (HOURLY[easternHour] ?? 1)) break;
    time = now - rng.float(minAgeMs, maxAgeMs);
  }
  return Math.floor(time);
}

/** Builds one read (without its id and sequence, given once the camera's reads are in time order). */
export function createRead<C extends SimCamera>(
  rng: Rng,
  seen: PlatedVehicle,
  camera: C,
  capturedAt: number,
  shared: boolean,
): SimRead<C> {
  const frame = layoutFrame(rng, camera, seen.vehicle.bodyType, seen.state);
  let { latitude, longitude } = camera;
  if (camera.vendor === "axon") {
    [latitude, longitude] = clampToConnecticut(
      latitude + rng.float(-1, 1) * camera.roamDegrees,
      longitude + rng.float(-1, 1) * camera.roamDegrees * 1.3,
    );
  }
  const headingOffset = frame.view === "front" ? 180 : 0;
  return {
    vendor: camera.vendor,
    id: "",
    plate: seen.plate,
    display: seen.display,
    state: seen.state,
    vehicle: seen.vehicle,
    camera,
    capturedAt,
    durationMs: rng.int(400, 3200),
    latitude: round(latitude, 6),
    longitude: round(longitude, 6),
    confidence: round(rng.float(0.78, 0.995), 4),
    direction: round((camera.heading + headingOffset + rng.float(-12, 12) + 360) % 360, 2),
    frame,
    traits: Math.floor(rng.next() * 2 ** 31),
    sequence: 0,
    shared,
  };
}

/**
 * Puts a vendor's reads in time order, numbers each camera's reads and gives every read its vendor id;
 * returns them newest first, the order the search APIs answer by default.
 */
export function finalizeReads<C extends SimCamera>(reads: SimRead<C>[], seed: number): SimRead<C>[] {
  reads.sort((a, b) => a.capturedAt - b.capturedAt || a.camera.key.localeCompare(b.camera.key));
  const counters = new Map<string, number>();
  const taken = new Set<string>();
  for (const read of reads) {
    const sequence = (counters.get(read.camera.key) ?? 0) + 1;
    counters.set(read.camera.key, sequence);
    read.sequence = sequence;
    read.id = vendorId(read, seed);
    // Rekor's ids embed the camera and the millisecond; two reads in one ms move the later one by 1 ms.
    while (taken.has(read.id)) {
      read.capturedAt += 1;
      read.id = vendorId(read, seed);
    }
    taken.add(read.id);
  }
  return reads.reverse();
}

function vendorId(read: SimRead, seed: number): string {
  const camera = read.camera;
  switch (camera.vendor) {
    case "rekor":
      return `${camera.agent.agentUid}-${camera.cameraId}-${read.capturedAt}`;
    case "axon":
      return Rng.for(seed, "axon-read", camera.key, read.sequence).uuid();
    case "axis":
      return `${camera.integration.identifier}-${read.sequence}`;
  }
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
