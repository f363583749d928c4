import sharp from "sharp";
import { getOrCreate, memoCache, type MemoCache } from "../render/lru";
import { isValidTile } from "./mercator";
import { tileSvg, type TileStyleName } from "./tile-svg";

export interface TileRendererOptions {
  /** Bytes of PNG kept in memory (default 32 MB, some 3,000 tiles). */
  maxCacheBytes?: number;
}

/** Renders map tiles (SVG → 256×256 PNG with sharp) and keeps them (LRU by bytes). Deterministic. */
export class TileRenderer {
  private readonly pngs: MemoCache<Buffer>;

  constructor(options: TileRendererOptions = {}) {
    this.pngs = memoCache(options.maxCacheBytes ?? 32 * 1024 * 1024, (buffer) => buffer.length);
  }

  get cachedTiles(): number {
    return this.pngs.size;
  }

  /** The tile as PNG; throws RangeError for a tile that does not exist at that zoom. */
  render(style: TileStyleName, z: number, x: number, y: number): Promise<Buffer> {
    if (!isValidTile(z, x, y)) return Promise.reject(new RangeError(`No tile ${z}/${x}/${y}`));
    return getOrCreate(this.pngs, `${style}/${z}/${x}/${y}`, () =>
      sharp(Buffer.from(tileSvg(style, z, x, y)))
        .png({ compressionLevel: 6, adaptiveFiltering: false })
        .toBuffer(),
    );
  }
}
