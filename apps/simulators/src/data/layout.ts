import type { BodyTypeValue } from "@odin/contract";
import type { Rng } from "./prng";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where things are in a read's picture. The renderer draws the plate exactly on `plate`, so the
 * corners the vendors report are the real corners of the plate in the JPEG.
 */
export interface FrameLayout {
  width: number;
  height: number;
  /** Front: the vehicle comes towards the camera; rear: it drives away. */
  view: "front" | "rear";
  vehicle: Box;
  plate: Box;
}

/** Width of the vehicle relative to the frame, its height/width ratio, and the plate's share of its width. */
const SHAPES: Record<BodyTypeValue, { scale: number; aspect: number; plate: number }> = {
  "sedan-standard": { scale: 0.46, aspect: 0.72, plate: 0.25 },
  "sedan-convertible": { scale: 0.44, aspect: 0.62, plate: 0.26 },
  "sedan-wagon": { scale: 0.46, aspect: 0.74, plate: 0.25 },
  "sedan-sports": { scale: 0.45, aspect: 0.6, plate: 0.26 },
  "sedan-compact": { scale: 0.42, aspect: 0.76, plate: 0.27 },
  SUV: { scale: 0.5, aspect: 0.86, plate: 0.23 },
  "truck-standard": { scale: 0.52, aspect: 0.86, plate: 0.22 },
  "tractor-trailer": { scale: 0.6, aspect: 1.05, plate: 0.17 },
  "van-full": { scale: 0.5, aspect: 1.08, plate: 0.22 },
  "van-mini": { scale: 0.48, aspect: 0.88, plate: 0.24 },
  Motorcycle: { scale: 0.17, aspect: 1.9, plate: 0.45 },
};

/** Plate height over width: 12 x 6 inches for cars, 7 x 4 for motorcycles. */
const PLATE_RATIO = { car: 0.5, motorcycle: 4 / 7 } as const;

/** States that issue no front plate: their vehicles (and every motorcycle) are read from behind. */
const REAR_PLATE_ONLY = new Set("AL AZ AR DE FL GA IN KS KY LA MI MS NM NC OH OK PA SC TN WV".split(" "));

export function layoutFrame(
  rng: Rng,
  size: { width: number; height: number },
  body: BodyTypeValue,
  state: string,
): FrameLayout {
  const shape = SHAPES[body];
  const { width, height } = size;
  const rearOnly = body === "Motorcycle" || REAR_PLATE_ONLY.has(state);
  const view = rearOnly || rng.chance(0.55) ? "rear" : "front";
  let vehicleWidth = width * shape.scale * rng.float(0.9, 1.15);
  // Keep the whole vehicle in the frame with a margin above it.
  vehicleWidth = Math.min(vehicleWidth, (height * 0.85) / shape.aspect);
  const vehicleHeight = vehicleWidth * shape.aspect;
  const groundY = height * rng.float(0.9, 0.97);
  const centerX = width * rng.float(0.36, 0.64);
  const vehicle = roundBox({
    x: centerX - vehicleWidth / 2,
    y: groundY - vehicleHeight,
    width: vehicleWidth,
    height: vehicleHeight,
  });

  const plateWidth = vehicle.width * shape.plate;
  const plateHeight = plateWidth * (body === "Motorcycle" ? PLATE_RATIO.motorcycle : PLATE_RATIO.car);
  // Cars carry the plate on the bumper, about two thirds down; a motorcycle under its tail light.
  const plateCenterY = vehicle.y + vehicle.height * (body === "Motorcycle" ? 0.45 : 0.7);
  const plate = roundBox({
    x: vehicle.x + vehicle.width / 2 - plateWidth / 2,
    y: plateCenterY - plateHeight / 2,
    width: plateWidth,
    height: plateHeight,
  });
  return { width, height, view, vehicle, plate };
}

/** The plate's corners clockwise from top-left, as OpenALPR reports them. */
export function plateCorners(plate: Box): { x: number; y: number }[] {
  const right = plate.x + plate.width;
  const bottom = plate.y + plate.height;
  return [
    { x: plate.x, y: plate.y },
    { x: right, y: plate.y },
    { x: right, y: bottom },
    { x: plate.x, y: bottom },
  ];
}

/** A box grown by `margin` of its size on each side, kept inside the frame. */
export function growBox(box: Box, margin: number, frame: { width: number; height: number }): Box {
  const dx = Math.round(box.width * margin);
  const dy = Math.round(box.height * margin);
  const x = Math.max(0, box.x - dx);
  const y = Math.max(0, box.y - dy);
  return {
    x,
    y,
    width: Math.min(frame.width, box.x + box.width + dx) - x,
    height: Math.min(frame.height, box.y + box.height + dy) - y,
  };
}

function roundBox(box: Box): Box {
  return {
    x: Math.round(box.x),
    y: Math.round(box.y),
    width: Math.round(box.width),
    height: Math.round(box.height),
  };
}
