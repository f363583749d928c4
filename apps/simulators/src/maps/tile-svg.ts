/**
 * One map tile as SVG: background, sea, Connecticut with its border, the Connecticut River, a made-up
 * street grid close in, the major roads, a graticule and the towns. Geometry is clipped to the tile
 * (plus a margin) so the SVG stays small and librsvg never sees huge coordinates.
 */
import { hashSeed } from "../data/prng";
import { escapeXml, n, SANS_FONT } from "../render/svg-util";
import {
  CONNECTICUT_OUTLINE,
  CONNECTICUT_RIVER,
  LONG_ISLAND,
  ROADS,
  SEA,
  TOWNS,
  type LatLon,
  type Road,
  type Town,
} from "./geography";
import {
  clipPolygon,
  clipPolyline,
  project,
  TILE_SIZE,
  tileBounds,
  type Point,
  type TileBounds,
} from "./mercator";

export const TILE_STYLES = ["dark", "light"] as const;
export type TileStyleName = (typeof TILE_STYLES)[number];

interface TileStyle {
  /** Land outside Connecticut, and everything beyond the simulated area. */
  background: string;
  water: string;
  land: string;
  border: string;
  borderDash: string;
  graticule: string;
  street: string;
  motorway: string;
  motorwayCasing: string;
  trunk: string;
  trunkCasing: string;
  label: string;
  halo: string;
  dot: string;
}

/** Dark after CARTO's dark matter, light after OpenStreetMap's standard style. */
const STYLES: Record<TileStyleName, TileStyle> = {
  dark: {
    background: "#22252a",
    water: "#111317",
    land: "#2b2e34",
    border: "#5b616c",
    borderDash: "6 4",
    graticule: "rgba(255,255,255,0.07)",
    street: "#393d45",
    motorway: "#6e6a5e",
    motorwayCasing: "#2b2e34",
    trunk: "#5a5e66",
    trunkCasing: "#2b2e34",
    label: "#c8ccd3",
    halo: "#17191d",
    dot: "#8fb4ff",
  },
  light: {
    background: "#e4e1dc",
    water: "#aad3df",
    land: "#f2efe9",
    border: "#9e8fb0",
    borderDash: "8 4 2 4",
    graticule: "rgba(0,0,0,0.08)",
    street: "#ffffff",
    motorway: "#e892a2",
    motorwayCasing: "#c24e6b",
    trunk: "#f9b29c",
    trunkCasing: "#c84e2f",
    label: "#333333",
    halo: "#ffffff",
    dot: "#333333",
  },
};

/** Where the simulated geography lies; tiles elsewhere are background and graticule only. */
const DATA_AREA: TileBounds = { north: 43.6, south: 36.4, west: -76, east: -66.9 };
/** Geometry is kept this far outside the tile so strokes and labels meet across tile edges. */
const MARGIN = 64;

const GRATICULE_STEPS = [30, 10, 5, 2, 1, 0.5, 0.25, 0.1, 0.05, 0.025, 0.01, 0.005, 0.0025, 0.001, 0.0005];

/** The made-up street grid: about 200 m between streets, every third a through road. */
const STREET_STEP = { lat: 0.0018, lon: 0.0024 } as const;

export function tileSvg(style: TileStyleName, z: number, x: number, y: number): string {
  const colours = STYLES[style];
  const bounds = tileBounds(z, x, y);
  const origin: Point = [x * TILE_SIZE, y * TILE_SIZE];
  const toTile = (point: LatLon): Point => {
    const [px, py] = project(point, z);
    return [px - origin[0], py - origin[1]];
  };
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}" viewBox="0 0 ${TILE_SIZE} ${TILE_SIZE}">`,
    `<rect width="${TILE_SIZE}" height="${TILE_SIZE}" fill="${colours.background}"/>`,
  ];

  if (intersects(bounds, DATA_AREA)) {
    const area = (outline: readonly LatLon[]) =>
      clipPolygon(outline.map(toTile), -MARGIN, TILE_SIZE + MARGIN);
    const sea = area(SEA);
    if (sea.length > 2) parts.push(`<path d="${pathOf(sea, true)}" fill="${colours.water}"/>`);
    const longIsland = area(LONG_ISLAND);
    if (longIsland.length > 2)
      parts.push(`<path d="${pathOf(longIsland, true)}" fill="${colours.background}"/>`);
    const connecticut = area(CONNECTICUT_OUTLINE);
    if (connecticut.length > 2) {
      const outline = pathOf(connecticut, true);
      parts.push(`<path d="${outline}" fill="${colours.land}"/>`);
      parts.push(...streets(bounds, z, toTile, outline, colours));
    }
    parts.push(...river(z, toTile, colours));
    // The border over the land: drawn from the outline itself, not the clipped polygon's tile edges.
    if (z >= 5) {
      const border = lines(
        clipPolyline(
          [...CONNECTICUT_OUTLINE, CONNECTICUT_OUTLINE[0]!].map(toTile),
          -MARGIN,
          TILE_SIZE + MARGIN,
        ),
      );
      if (border)
        parts.push(
          `<path d="${border}" fill="none" stroke="${colours.border}" stroke-width="${z >= 10 ? 2 : 1.2}" stroke-dasharray="${colours.borderDash}"/>`,
        );
    }
    parts.push(...roads(z, toTile, colours));
  }
  parts.push(...graticule(bounds, z, toTile, colours));
  if (intersects(bounds, DATA_AREA)) parts.push(...labels(z, origin, colours));
  parts.push(`</svg>`);
  return parts.join("");
}

function intersects(a: TileBounds, b: TileBounds): boolean {
  return a.west < b.east && a.east > b.west && a.south < b.north && a.north > b.south;
}

function pathOf(points: readonly Point[], closed: boolean): string {
  const body = points.map(([px, py], i) => `${i === 0 ? "M" : "L"}${n(px)} ${n(py)}`).join("");
  return closed ? `${body}Z` : body;
}

function lines(runs: readonly Point[][]): string {
  return runs.map((run) => pathOf(run, false)).join("");
}

function river(z: number, toTile: (p: LatLon) => Point, colours: TileStyle): string[] {
  if (z < 7) return [];
  const d = lines(clipPolyline(CONNECTICUT_RIVER.map(toTile), -MARGIN, TILE_SIZE + MARGIN));
  if (!d) return [];
  const width = Math.min(40, 0.6 * 1.6 ** (z - 7));
  return [
    `<path d="${d}" fill="none" stroke="${colours.water}" stroke-width="${n(Math.max(1, width))}" stroke-linecap="round" stroke-linejoin="round"/>`,
  ];
}

function roads(z: number, toTile: (p: LatLon) => Point, colours: TileStyle): string[] {
  if (z < 6) return [];
  const out: string[] = [];
  const width = (road: Road) => Math.min(22, (road.kind === "motorway" ? 1.4 : 1.1) * 1.45 ** (z - 6));
  // Casings first, then fills, so crossings look joined.
  const drawn = ROADS.map((road) => ({
    road,
    d: lines(clipPolyline(road.path.map(toTile), -MARGIN, TILE_SIZE + MARGIN)),
  })).filter(({ d }) => d);
  for (const { road, d } of drawn) {
    const casing = road.kind === "motorway" ? colours.motorwayCasing : colours.trunkCasing;
    if (z >= 8)
      out.push(
        `<path d="${d}" fill="none" stroke="${casing}" stroke-width="${n(width(road) + 2)}" stroke-linecap="round" stroke-linejoin="round"/>`,
      );
  }
  for (const { road, d } of drawn) {
    const fill = road.kind === "motorway" ? colours.motorway : colours.trunk;
    out.push(
      `<path d="${d}" fill="none" stroke="${fill}" stroke-width="${n(width(road))}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  }
  return out;
}

/**
 * A deterministic street grid inside Connecticut from zoom 13 (through roads) and 15 (all streets):
 * each block side exists or not by a hash of its grid position, so neighbouring tiles agree.
 */
function streets(
  bounds: TileBounds,
  z: number,
  toTile: (p: LatLon) => Point,
  clipOutline: string,
  colours: TileStyle,
): string[] {
  if (z < 13) return [];
  const every = z >= 15 ? 1 : 3;
  const pad = 2;
  const rowFrom = Math.floor(bounds.south / STREET_STEP.lat) - pad;
  const rowTo = Math.ceil(bounds.north / STREET_STEP.lat) + pad;
  const colFrom = Math.floor(bounds.west / STREET_STEP.lon) - pad;
  const colTo = Math.ceil(bounds.east / STREET_STEP.lon) + pad;
  const segments: string[] = [];
  const segment = (a: LatLon, b: LatLon) => {
    const [ax, ay] = toTile(a);
    const [bx, by] = toTile(b);
    segments.push(`M${n(ax)} ${n(ay)}L${n(bx)} ${n(by)}`);
  };
  for (let row = rowFrom; row <= rowTo; row++) {
    for (let col = colFrom; col <= colTo; col++) {
      const lat = row * STREET_STEP.lat;
      const lon = col * STREET_STEP.lon;
      // An east-west side from this corner, and a north-south one.
      if (row % every === 0 && hashSeed("street-ew", row, col) % 6 !== 0)
        segment([lat, lon], [lat, lon + STREET_STEP.lon]);
      if (col % every === 0 && hashSeed("street-ns", row, col) % 6 !== 0)
        segment([lat, lon], [lat + STREET_STEP.lat, lon]);
    }
  }
  if (segments.length === 0) return [];
  const width = z >= 15 ? Math.min(14, 2.2 * 1.5 ** (z - 15)) : 1.4;
  return [
    `<clipPath id="ct"><path d="${clipOutline}"/></clipPath>`,
    `<path d="${segments.join("")}" clip-path="url(#ct)" fill="none" stroke="${colours.street}" stroke-width="${n(width)}" stroke-linecap="square"/>`,
  ];
}

function graticule(
  bounds: TileBounds,
  z: number,
  toTile: (p: LatLon) => Point,
  colours: TileStyle,
): string[] {
  const pixelsPerDegree = (TILE_SIZE * 2 ** z) / 360;
  const step = [...GRATICULE_STEPS].reverse().find((candidate) => candidate * pixelsPerDegree >= 200) ?? 30;
  const d: string[] = [];
  for (let i = Math.ceil(bounds.west / step); i * step <= bounds.east; i++) {
    const [px] = toTile([0, i * step]);
    d.push(`M${n(px)} 0V${TILE_SIZE}`);
  }
  for (let i = Math.ceil(bounds.south / step); i * step <= bounds.north; i++) {
    const [, py] = toTile([i * step, 0]);
    d.push(`M0 ${n(py)}H${TILE_SIZE}`);
  }
  if (d.length === 0) return [];
  return [`<path d="${d.join("")}" fill="none" stroke="${colours.graticule}" stroke-width="1"/>`];
}

interface PlacedLabel {
  text: string;
  /** The dot, in global pixels at the zoom; none for the state's name. */
  dot?: { x: number; y: number; radius: number };
  x: number;
  y: number;
  size: number;
  weight: number;
  anchor: "start" | "middle";
  spacing: number;
  box: { left: number; top: number; right: number; bottom: number };
}

const placedByZoom = new Map<number, readonly PlacedLabel[]>();

/**
 * The labels of a zoom level, placed once for the whole map (in global pixels), bigger places first:
 * a label that would overlap one already placed is left out, so every tile agrees on what is shown.
 */
function placedLabels(z: number): readonly PlacedLabel[] {
  const cached = placedByZoom.get(z);
  if (cached) return cached;
  const placed: PlacedLabel[] = [];
  const overlaps = (box: PlacedLabel["box"]) =>
    placed.some(
      (other) =>
        box.left < other.box.right &&
        box.right > other.box.left &&
        box.top < other.box.bottom &&
        box.bottom > other.box.top,
    );
  if (z >= 5 && z <= 6) {
    const [x, y] = project([41.62, -72.75], z);
    const size = z === 5 ? 10 : 12;
    const width = "CONNECTICUT".length * (size * 0.72 + 1.5);
    placed.push({
      text: "CONNECTICUT",
      x,
      y,
      size,
      weight: 700,
      anchor: "middle",
      spacing: 1.5,
      box: { left: x - width / 2, right: x + width / 2, top: y - size, bottom: y + 4 },
    });
  }
  const maxRank = z >= 10 ? 3 : z >= 9 ? 2 : z >= 7 ? 1 : 0;
  const towns = TOWNS.filter((town) => town.rank <= maxRank).sort((a, b) => a.rank - b.rank);
  for (const town of towns) {
    const label = townLabel(town, z);
    if (overlaps(label.box)) continue;
    placed.push(label);
  }
  placedByZoom.set(z, placed);
  return placed;
}

function townLabel(town: Town, z: number): PlacedLabel {
  const [x, y] = project([town.lat, town.lon], z);
  const size = town.rank === 1 ? 13 : town.rank === 2 ? 12 : 11;
  const weight = town.rank === 1 ? 700 : 400;
  const radius = town.rank === 1 ? 3.5 : 2.5;
  // DejaVu Sans averages about 0.6 em a character (0.66 bold).
  const width = town.name.length * size * (weight === 700 ? 0.66 : 0.6);
  const left = x + radius + 3;
  return {
    text: town.name,
    dot: { x, y, radius },
    x: left,
    y: y + size / 3,
    size,
    weight,
    anchor: "start",
    spacing: 0,
    box: { left: x - radius - 2, right: left + width + 2, top: y - size * 0.75, bottom: y + size * 0.55 },
  };
}

function labels(z: number, origin: Point, colours: TileStyle): string[] {
  const out: string[] = [];
  const [ox, oy] = origin;
  for (const label of placedLabels(z)) {
    const { box } = label;
    if (box.right < ox || box.left > ox + TILE_SIZE || box.bottom < oy || box.top > oy + TILE_SIZE) continue;
    if (label.dot)
      out.push(
        `<circle cx="${n(label.dot.x - ox)}" cy="${n(label.dot.y - oy)}" r="${label.dot.radius}" fill="${colours.dot}" stroke="${colours.halo}" stroke-width="1.2"/>`,
      );
    out.push(text(label, label.x - ox, label.y - oy, colours));
  }
  return out;
}

/** The label with its halo in one element (paint-order: the stroke under the fill). */
function text(label: PlacedLabel, x: number, y: number, colours: TileStyle): string {
  return (
    `<text x="${n(x)}" y="${n(y)}" font-family="${SANS_FONT}" font-size="${label.size}" font-weight="${label.weight}" ` +
    `text-anchor="${label.anchor}" letter-spacing="${label.spacing}" fill="${colours.label}" stroke="${colours.halo}" ` +
    `stroke-width="3" stroke-linejoin="round" paint-order="stroke">${escapeXml(label.text)}</text>`
  );
}
