import type { UsStateAbbreviation } from "@odin/contract";
import type { SimCamera } from "./cameras";
import { normalizePlate } from "./plates";
import { Rng } from "./prng";
import { createRead, type SimRead } from "./reads";
import { generateVehicle } from "./vehicles";

/** A read made on demand: a camera "sees" this plate now (or at `capturedAt`). */
export interface LiveReadOptions {
  /** As printed ("AK 47281"); the read carries it without separators, as readers report plates. */
  plate: string;
  state: UsStateAbbreviation;
  /** Epoch ms; now by default. */
  capturedAt?: number;
  /** A camera's `key` (e.g. "axis:hfd-lpv-01"); the vendor's first camera by default. */
  cameraKey?: string;
}

/**
 * Builds one read that was not in the generated history, with a vendor id no other read has, so a
 * test or the demo can make a hotlisted plate pass a camera at runtime (the Axon poller finds it on its
 * next poll; Rekor and Axis reads are pushed with sendRekorGroup / buildAxisEvent).
 */
export function buildLiveRead<C extends SimCamera>(
  cameras: readonly C[],
  existing: readonly SimRead<C>[],
  options: LiveReadOptions,
  serial: number,
): SimRead<C> {
  const camera = options.cameraKey
    ? cameras.find((candidate) => candidate.key === options.cameraKey)
    : cameras[0];
  if (!camera) throw new Error(`No simulated camera ${options.cameraKey ?? "at all"}`);
  const rng = Rng.for("live-read", camera.key, serial);
  const seen = {
    display: options.plate,
    plate: normalizePlate(options.plate),
    state: options.state,
    vehicle: generateVehicle(rng),
  };
  const read = createRead(rng, seen, camera, Math.floor(options.capturedAt ?? Date.now()), false);
  const sameCamera = existing.filter((other) => other.camera.key === camera.key);
  read.sequence = Math.max(0, ...sameCamera.map((other) => other.sequence)) + 1;
  const taken = new Set(existing.map((other) => other.id));
  read.id = liveId(read, serial);
  while (taken.has(read.id)) {
    read.capturedAt += 1;
    read.id = liveId(read, serial);
  }
  return read;
}

function liveId(read: SimRead, serial: number): string {
  const camera = read.camera;
  switch (camera.vendor) {
    case "rekor":
      return `${camera.agent.agentUid}-${camera.cameraId}-${read.capturedAt}`;
    case "axon":
      return Rng.for("live-axon-read", camera.key, serial, read.capturedAt).uuid();
    case "axis":
      return `${camera.integration.identifier}-${read.sequence}`;
  }
}

/** Inserts a read into a newest-first list at its place. */
export function insertNewestFirst<R extends { capturedAt: number }>(reads: R[], read: R): void {
  const index = reads.findIndex((other) => other.capturedAt <= read.capturedAt);
  reads.splice(index === -1 ? reads.length : index, 0, read);
}
