import { CRS, latLng } from "leaflet";
import { describe, expect, it } from "vitest";
import {
  clusterPoints,
  isSinglePosition,
  projectToWorld,
  worldRect,
  worldSizePx,
  type ClusterablePoint,
  type MapCluster,
} from "./map-clustering";

interface TestPoint extends ClusterablePoint {
  id: number;
}

/** A deterministic pseudo-random sequence (no flaky tests). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function makePoint(id: number, lat: number, lng: number): TestPoint {
  return { id, lat, lng, ...projectToWorld(lat, lng) };
}

/** 5,000 points over Connecticut, a third of them piled on 20 fixed cameras (as real reads are). */
function connecticutPoints(count = 5000): TestPoint[] {
  const next = random(42);
  const cameras = Array.from({ length: 20 }, () => [41 + next() * 1, -73.7 + next() * 1.9] as const);
  return Array.from({ length: count }, (_, id) => {
    if (id % 3 === 0) {
      const [lat, lng] = cameras[id % cameras.length]!;
      return makePoint(id, lat, lng);
    }
    return makePoint(id, 41 + next() * 1, -73.7 + next() * 1.9);
  });
}

const CELL = 64;

function cellOf(point: ClusterablePoint, zoom: number): string {
  const cells = worldSizePx(zoom) / CELL;
  return `${Math.floor(point.x * cells)}:${Math.floor(point.y * cells)}`;
}

function membersOf<T>(entry: MapCluster<T>): T[] {
  return entry.kind === "point" ? [entry.point] : entry.members;
}

describe("projectToWorld", () => {
  it("matches Leaflet's Web Mercator pixels at any zoom", () => {
    for (const [lat, lng] of [
      [41.5, -72.7],
      [-33.9, 151.2],
      [0.1, 0.1],
      [84, -179],
    ] as const) {
      for (const zoom of [0, 9, 16]) {
        const leaflet = CRS.EPSG3857.latLngToPoint(latLng(lat, lng), zoom);
        const world = projectToWorld(lat, lng);
        expect(world.x * worldSizePx(zoom)).toBeCloseTo(leaflet.x, 3);
        expect(world.y * worldSizePx(zoom)).toBeCloseTo(leaflet.y, 3);
      }
    }
  });

  it("keeps the poles finite", () => {
    expect(Number.isFinite(projectToWorld(89.99, 0).y)).toBe(true);
    expect(Number.isFinite(projectToWorld(-89.99, 0).y)).toBe(true);
  });
});

describe("clusterPoints with 5,000 points", () => {
  const points = connecticutPoints();

  it("puts every point in exactly one entry, grouped by grid cell and merged only with neighbouring cells", () => {
    const zoom = 9;
    const entries = clusterPoints(points, { zoom, cellSize: CELL });

    const seen = entries.flatMap(membersOf).map((point) => point.id);
    expect(seen).toHaveLength(points.length);
    expect(new Set(seen).size).toBe(points.length);

    const occupiedCells = new Set(points.map((point) => cellOf(point, zoom)));
    expect(entries.length).toBeLessThanOrEqual(occupiedCells.size);
    const cellsTaken = new Set<string>();
    for (const entry of entries) {
      const members = membersOf(entry);
      expect(entry.kind).toBe(members.length === 1 ? "point" : "cluster");
      if (entry.kind === "point") continue;
      // A cluster's key names its own cell; its members come from that cell and the 8 around it.
      const [, column, row] = entry.key.split(":").map(Number);
      for (const member of members) {
        const [memberColumn, memberRow] = cellOf(member, zoom).split(":").map(Number);
        expect(Math.abs(memberColumn! - column!)).toBeLessThanOrEqual(1);
        expect(Math.abs(memberRow! - row!)).toBeLessThanOrEqual(1);
      }
      // A cell's points are never split between two entries.
      for (const cell of new Set(members.map((member) => cellOf(member, zoom)))) {
        expect(cellsTaken.has(cell)).toBe(false);
        cellsTaken.add(cell);
      }
    }
    // Far fewer markers than points at the regional zoom: this is what keeps the map usable.
    expect(entries.length).toBeLessThan(points.length / 5);
  });

  it("merges points either side of a cell edge but not points a marker apart", () => {
    const zoom = 12;
    const size = worldSizePx(zoom);
    // World coordinates of pixel positions around the cell edge at x = 64·1000.
    const at = (id: number, px: number, py: number): TestPoint => ({
      id,
      x: px / size,
      y: py / size,
      lat: 41,
      lng: -72 + id / 1000,
    });
    const edge = 64 * 1000;
    const close = clusterPoints([at(1, edge - 2, 32_010), at(2, edge + 2, 32_010)], { zoom, cellSize: CELL });
    expect(close).toHaveLength(1);
    expect(close[0]?.kind).toBe("cluster");

    const apart = clusterPoints([at(1, edge - 40, 32_010), at(2, edge + 40, 32_010)], {
      zoom,
      cellSize: CELL,
    });
    expect(apart.map((entry) => entry.kind)).toEqual(["point", "point"]);
  });

  it("gives each cluster its members' mean position and bounding box", () => {
    const entries = clusterPoints(points, { zoom: 11, cellSize: CELL });
    const clusters = entries.filter((entry) => entry.kind === "cluster");
    expect(clusters.length).toBeGreaterThan(0);
    for (const cluster of clusters) {
      const lats = cluster.members.map((member) => member.lat);
      const lngs = cluster.members.map((member) => member.lng);
      expect(cluster.lat).toBeCloseTo(lats.reduce((a, b) => a + b, 0) / lats.length, 9);
      expect(cluster.lng).toBeCloseTo(lngs.reduce((a, b) => a + b, 0) / lngs.length, 9);
      expect(cluster.bounds).toEqual({
        south: Math.min(...lats),
        north: Math.max(...lats),
        west: Math.min(...lngs),
        east: Math.max(...lngs),
      });
    }
  });

  it("only clusters the points inside the view", () => {
    const view = worldRect({ south: 41.3, west: -73, north: 41.7, east: -72.4 });
    const entries = clusterPoints(points, { zoom: 12, cellSize: CELL, view });
    const inside = points.filter(
      (point) => point.lat >= 41.3 && point.lat <= 41.7 && point.lng >= -73 && point.lng <= -72.4,
    );
    const seen = entries.flatMap(membersOf);
    expect(seen.map((point) => point.id).sort((a, b) => a - b)).toEqual(inside.map((point) => point.id));
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.length).toBeLessThan(points.length);
  });

  it("keeps cluster keys stable when the view pans (cells are anchored to the world)", () => {
    const a = clusterPoints(points, {
      zoom: 12,
      cellSize: CELL,
      view: worldRect({ south: 41.2, west: -73.2, north: 41.8, east: -72.4 }),
    });
    const b = clusterPoints(points, {
      zoom: 12,
      cellSize: CELL,
      view: worldRect({ south: 41.2, west: -73.1, north: 41.8, east: -72.3 }),
    });
    const keysA = new Map(a.map((entry) => [entry.key, membersOf(entry).length]));
    const shared = b.filter((entry) => keysA.has(entry.key));
    expect(shared.length).toBeGreaterThan(0);
  });

  it("leaves points alone at a high zoom when they are apart, but still groups reads at one spot", () => {
    const zoom = 18;
    const next = random(7);
    // 5,000 distinct points on a 0.002° grid (about 160 m apart: hundreds of pixels at zoom 18)...
    const spread = Array.from({ length: 5000 }, (_, id) =>
      makePoint(id, 41 + Math.floor(id / 100) * 0.002, -73 + (id % 100) * 0.002 + next() * 1e-6),
    );
    const entries = clusterPoints(spread, { zoom, cellSize: CELL, pointKey: (point) => `id${point.id}` });
    expect(entries).toHaveLength(5000);
    expect(entries.every((entry) => entry.kind === "point")).toBe(true);
    expect(entries.map((entry) => entry.key)).toContain("id4999");

    // ...while 30 reads of one camera form a single cluster that zooming cannot split.
    const camera = Array.from({ length: 30 }, (_, id) => makePoint(id, 41.5, -72.7));
    const [only, ...rest] = clusterPoints(camera, { zoom: 19, cellSize: CELL });
    expect(rest).toHaveLength(0);
    expect(only?.kind).toBe("cluster");
    if (only?.kind !== "cluster") return;
    expect(only.members).toHaveLength(30);
    expect(isSinglePosition(only.bounds)).toBe(true);
  });

  it("handles no points and a single point", () => {
    expect(clusterPoints([], { zoom: 9, cellSize: CELL })).toEqual([]);
    const single = makePoint(0, 41.5, -72.7);
    expect(clusterPoints([single], { zoom: 9, cellSize: CELL })).toEqual([
      { kind: "point", key: "p0", point: single },
    ]);
  });
});
