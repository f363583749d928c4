import { describe, expect, it } from "vitest";
import { plateCropBox } from "./plate-crop";

const corners = {
  plate_x1: 600,
  plate_y1: 480,
  plate_x2: 750,
  plate_y2: 480,
  plate_x3: 750,
  plate_y3: 560,
  plate_x4: 600,
  plate_y4: 560,
};

describe("plateCropBox", () => {
  it("widens the plate's box by 8% on each side", () => {
    expect(plateCropBox(corners, { width: 1280, height: 720 })).toEqual({
      x: 588,
      y: 473,
      width: 174,
      height: 94,
    });
  });

  it("clips to the image and refuses missing or flat corners", () => {
    expect(plateCropBox({ ...corners, plate_x1: 0, plate_x4: 0 }, { width: 1280, height: 720 })?.x).toBe(0);
    expect(
      plateCropBox({ ...corners, plate_y3: 560, plate_y4: 900 }, { width: 1280, height: 720 })?.height,
    ).toBe(720 - 446);
    expect(plateCropBox({ ...corners, plate_x1: null }, { width: 1280, height: 720 })).toBeNull();
    expect(
      plateCropBox({ ...corners, plate_x2: 600, plate_x3: 600 }, { width: 1280, height: 720 }),
    ).toBeNull();
  });
});
