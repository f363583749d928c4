import { describe, expect, it } from "vitest";
import { createDataset } from "../src/data/dataset";
import { growBox } from "../src/data/layout";
import type { SimRead } from "../src/data/reads";
import { ImageRenderer, PLATE_CROP_MARGIN } from "../src/images";
import { jpegSize, meanBrightness, NOW, SEED } from "./helpers";

const dataset = createDataset({ seed: SEED, now: NOW });
const renderer = new ImageRenderer();

// Connecticut plates are light with dark characters, in a recess darker than the plate: a good probe
// that the plate is drawn exactly where the layout says. Daytime reads only (night darkens the frame).
const daytimeCt = (reads: readonly SimRead[]) =>
  reads.filter((read) => {
    const hour = (new Date(read.capturedAt).getUTCHours() + 19) % 24;
    return read.state === "CT" && hour >= 9 && hour < 17 && read.vehicle.bodyType !== "Motorcycle";
  });

describe("vehicle images", () => {
  it("are JPEGs of the frame's size with the plate exactly on its box", async () => {
    const reads = [...daytimeCt(dataset.rekor()).slice(0, 3), ...daytimeCt(dataset.axis()).slice(0, 2)];
    for (const read of reads) {
      const jpeg = await renderer.vehicleImage(read);
      expect(await jpegSize(jpeg)).toEqual({
        format: "jpeg",
        width: read.frame.width,
        height: read.frame.height,
      });
      const { x, y, width, height } = read.frame.plate;
      // The band between the state name and the characters is bare plate background.
      const band = { left: x + 6, top: Math.round(y + height * 0.22), width: width - 12, height: 3 };
      const plate = await meanBrightness(jpeg, band);
      expect(plate).toBeGreaterThan(180);
      // Along each edge, the 2 pixels inside are plate background and the 2 outside the darker recess:
      // a plate drawn even 2 pixels off its reported corners fails one of these.
      const edges = [
        [{ left: x + 4, top: y, width: width - 8, height: 2 }, { top: -2 }],
        [{ left: x + 4, top: y + height - 2, width: width - 8, height: 2 }, { top: 2 }],
        [{ left: x, top: y + 4, width: 2, height: height - 8 }, { left: -2 }],
        [{ left: x + width - 2, top: y + 4, width: 2, height: height - 8 }, { left: 2 }],
      ] as const;
      for (const [inside, step] of edges) {
        const outside = { ...inside, top: inside.top + ("top" in step ? step.top : 0) };
        outside.left += "left" in step ? step.left : 0;
        const within = await meanBrightness(jpeg, inside);
        expect(within).toBeGreaterThan(160);
        expect(within - (await meanBrightness(jpeg, outside))).toBeGreaterThan(30);
      }
    }
  });

  it("crop the plate with a margin, and any region of the frame", async () => {
    const read = daytimeCt(dataset.axon())[0]!;
    const expected = growBox(read.frame.plate, PLATE_CROP_MARGIN, read.frame);
    expect(await jpegSize(await renderer.plateCrop(read))).toMatchObject({
      width: expected.width,
      height: expected.height,
    });
    const crop = await renderer.crop(read, { x: 10, y: 20, width: 300, height: 200 });
    expect(await jpegSize(crop!)).toMatchObject({ width: 300, height: 200 });
    // Clipped to the frame; nothing left when the region lies outside it.
    const edge = await renderer.crop(read, { x: read.frame.width - 50, y: 0, width: 500, height: 40 });
    expect(await jpegSize(edge!)).toMatchObject({ width: 50, height: 40 });
    expect(
      await renderer.crop(read, { x: read.frame.width + 1, y: 0, width: 10, height: 10 }),
    ).toBeUndefined();
  });

  it("are cached, deterministic and quick", async () => {
    const reads = dataset.rekor().slice(100, 112);
    const fresh = new ImageRenderer();
    await fresh.vehicleImage(dataset.rekor()[0]!);
    const started = performance.now();
    for (const read of reads) await fresh.vehicleImage(read);
    const perImage = (performance.now() - started) / reads.length;
    // 20-50 ms on an idle two-core machine; the bound leaves room for a busy CI runner.
    expect(perImage).toBeLessThan(250);
    const again = await fresh.vehicleImage(reads[0]!);
    expect(again).toBe(await fresh.vehicleImage(reads[0]!));
    expect(Buffer.compare(again, await new ImageRenderer().vehicleImage(reads[0]!))).toBe(0);
  });

  it("keep the cache within its byte budget", async () => {
    const small = new ImageRenderer({ maxCacheBytes: 200_000 });
    for (const read of dataset.axon().slice(0, 8)) await small.vehicleImage(read);
    expect(small.cachedBytes).toBeLessThanOrEqual(200_000);
    expect(small.cachedBytes).toBeGreaterThan(0);
  });
});
