import type { TSearchResult } from "@odin/contract";

/** 000 §9: the plate crop keeps 8% of the plate's size around its corners. */
export const PLATE_CROP_MARGIN = 0.08;

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The rectangle to cut from the vehicle image for the plate, from the plate's corner coordinates,
 * widened by the margin and clipped to the image; null when the corners are missing or degenerate.
 */
export function plateCropBox(
  result: Pick<
    TSearchResult,
    "plate_x1" | "plate_x2" | "plate_x3" | "plate_x4" | "plate_y1" | "plate_y2" | "plate_y3" | "plate_y4"
  >,
  image: { width: number; height: number },
  margin = PLATE_CROP_MARGIN,
): CropBox | null {
  const xs = [result.plate_x1, result.plate_x2, result.plate_x3, result.plate_x4];
  const ys = [result.plate_y1, result.plate_y2, result.plate_y3, result.plate_y4];
  if (![...xs, ...ys].every((value) => typeof value === "number" && Number.isFinite(value))) return null;
  const left = Math.min(...(xs as number[]));
  const right = Math.max(...(xs as number[]));
  const top = Math.min(...(ys as number[]));
  const bottom = Math.max(...(ys as number[]));
  if (right - left < 2 || bottom - top < 2) return null;
  const padX = (right - left) * margin;
  const padY = (bottom - top) * margin;
  const x = Math.max(0, Math.floor(left - padX));
  const y = Math.max(0, Math.floor(top - padY));
  const x2 = Math.min(image.width, Math.ceil(right + padX));
  const y2 = Math.min(image.height, Math.ceil(bottom + padY));
  if (x2 - x < 2 || y2 - y < 2) return null;
  return { x, y, width: x2 - x, height: y2 - y };
}
