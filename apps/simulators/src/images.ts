import sharp from "sharp";
import type { SimCamera } from "./data/cameras";
import { growBox, type Box } from "./data/layout";
import type { SimRead } from "./data/reads";
import { blendOver, type RawRgba } from "./render/blend";
import { getOrCreate, memoCache, type MemoCache } from "./render/lru";
import { backgroundSvg, isNight, stampSvg, vehicleOverlay } from "./render/scene-svg";

export interface ImageRendererOptions {
  /** Bytes of JPEG kept in memory (default 64 MB). */
  maxCacheBytes?: number;
  /** Bytes of decoded camera backgrounds kept in memory (default 48 MB). */
  maxBackgroundBytes?: number;
  quality?: number;
}

/** Margin around the plate in a plate crop, as a share of the plate's size. */
export const PLATE_CROP_MARGIN = 0.12;

interface RawImage {
  data: Buffer;
  info: { width: number; height: number };
}

/**
 * Draws the pictures of reads with sharp: the camera frame (JPEG of the camera's size), any crop of it,
 * and the plate crop. Everything is deterministic per read, so rendered JPEGs are cached (LRU by bytes).
 */
export class ImageRenderer {
  private readonly jpegs: MemoCache<Buffer>;
  private readonly backgrounds: MemoCache<RawImage>;
  private readonly quality: number;

  constructor(options: ImageRendererOptions = {}) {
    this.jpegs = memoCache(options.maxCacheBytes ?? 64 * 1024 * 1024, (buffer) => buffer.length);
    this.backgrounds = memoCache(options.maxBackgroundBytes ?? 48 * 1024 * 1024, (raw) => raw.data.length);
    this.quality = options.quality ?? 80;
  }

  get cachedBytes(): number {
    return this.jpegs.calculatedSize;
  }

  /** The whole frame: frame.width x frame.height pixels, the plate exactly on frame.plate. */
  vehicleImage(read: SimRead): Promise<Buffer> {
    return getOrCreate(this.jpegs, `${read.vendor}:${read.id}`, async () => {
      const overlay = vehicleOverlay(read);
      const [background, vehicle, stamp] = await Promise.all([
        this.background(read.camera, isNight(read.capturedAt)),
        rasterize(overlay.svg),
        rasterize(stampSvg(read)),
      ]);
      const { width, height } = background.info;
      const frame = Buffer.from(background.data);
      blendOver(frame, width, height, vehicle, overlay.left, overlay.top);
      blendOver(frame, width, height, stamp, 0, 0);
      return sharp(frame, { raw: { width, height, channels: 3 } })
        .jpeg({ quality: this.quality, optimiseCoding: false })
        .toBuffer();
    });
  }

  /** A region of the frame, clipped to it; undefined when the region falls outside the frame. */
  async crop(read: SimRead, region: Box): Promise<Buffer | undefined> {
    const box = clip(region, read.frame);
    if (!box) return undefined;
    const key = `${read.vendor}:${read.id}:${box.x},${box.y},${box.width},${box.height}`;
    return getOrCreate(this.jpegs, key, async () =>
      sharp(await this.vehicleImage(read))
        .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
        .jpeg({ quality: this.quality, optimiseCoding: false })
        .toBuffer(),
    );
  }

  /** The plate with a small margin, as vendors send it next to a read. */
  async plateCrop(read: SimRead): Promise<Buffer> {
    const crop = await this.crop(read, growBox(read.frame.plate, PLATE_CROP_MARGIN, read.frame));
    if (!crop) throw new Error(`Read ${read.id} has its plate outside its frame`);
    return crop;
  }

  private background(camera: SimCamera, night: boolean): Promise<RawImage> {
    return getOrCreate(this.backgrounds, `${camera.key}:${night ? "night" : "day"}`, async () => {
      const { data, info } = await sharp(Buffer.from(backgroundSvg(camera, night)))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data, info: { width: info.width, height: info.height } };
    });
  }
}

async function rasterize(svg: string): Promise<RawRgba> {
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height } };
}

function clip(region: Box, frame: { width: number; height: number }): Box | undefined {
  const x = Math.max(0, Math.floor(region.x));
  const y = Math.max(0, Math.floor(region.y));
  const right = Math.min(frame.width, Math.floor(region.x + region.width));
  const bottom = Math.min(frame.height, Math.floor(region.y + region.height));
  if (right <= x || bottom <= y) return undefined;
  return { x, y, width: right - x, height: bottom - y };
}
