import { Prisma } from "@odin/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareSimilar, maxEditsFor, plateSkeleton, skeletonVariants } from "../src/sources/plate-skeleton";
import { buildTestApp, type TestApp } from "./helpers";

/** Plates and their skeletons: every class, every member, and characters outside the classes. */
const CASES: [string, string][] = [
  ["MU12170", "MU12170"],
  ["MU1217O", "MU12170"],
  ["ODQ0", "0000"],
  ["IL1", "111"],
  ["Z2", "22"],
  ["S5", "55"],
  ["G6", "66"],
  ["B8", "88"],
  ["ACEFHJKMNPRTUVWXY34790", "ACEFHJKMNPRTUVWXY34790"],
  ["BOS-1LZ", "805-112"],
  ["", ""],
];

describe("the confusable skeleton", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it("maps each character to its class, the same in TypeScript and in SQL", async () => {
    const rows = await t.prisma.$queryRaw<{ plate: string; skeleton: string }[]>(Prisma.sql`
      SELECT c.plate, odin_plate_skeleton(c.plate) AS skeleton
      FROM unnest(${CASES.map(([plate]) => plate)}::text[]) AS c(plate)`);
    const sql = new Map(rows.map((row) => [row.plate, row.skeleton]));
    for (const [plate, skeleton] of CASES) {
      expect(plateSkeleton(plate), plate).toBe(skeleton);
      expect(sql.get(plate), plate).toBe(skeleton);
    }
  });

  it("removes up to two characters the same way in TypeScript and in SQL", async () => {
    for (const skeleton of ["MU12170", "AB1", "A"]) {
      const rows = await t.prisma.$queryRaw<{ v: string }[]>(
        Prisma.sql`SELECT v FROM odin_skeleton_variants(${skeleton}) AS v`,
      );
      expect(rows.map((row) => row.v).sort()).toEqual(skeletonVariants(skeleton).sort());
    }
  });
});

describe("comparing a read with the typed plate", () => {
  it("bounds edits like the peer: at most two, at most a quarter of the length", () => {
    expect(maxEditsFor("MU12170")).toBe(2);
    expect(maxEditsFor("AB12")).toBe(1);
    expect(maxEditsFor("ABCDEFGHI")).toBe(2);
  });

  it("says why each misread matches, and ranks the plate as typed first", () => {
    expect(compareSimilar("MU12170", "MU12170")).toEqual({
      edits: 0,
      confusions: 0,
      rank: 0,
      reason: undefined,
    });
    expect(compareSimilar("MU1217O", "MU12170")).toMatchObject({
      edits: 0,
      confusions: 1,
      reason: "O read as 0 at position 7",
    });
    expect(compareSimilar("8OS1234", "BOS1Z34")?.reason).toBe(
      "8 read as B at position 1, 2 read as Z at position 5",
    );
    expect(compareSimilar("MU12170", "MU1217")).toMatchObject({ edits: 1, reason: "one character missing" });
    expect(compareSimilar("MU12170", "MU121700")).toMatchObject({ edits: 1, reason: "one extra character" });
    expect(compareSimilar("MU12170", "MU21170")).toMatchObject({
      edits: 1,
      reason: "12 swapped at position 3",
    });
    expect(compareSimilar("MU12170", "MU12X7O")).toMatchObject({
      edits: 1,
      confusions: 1,
      reason: "1 read as X at position 5, 0 read as O at position 7",
    });
    expect(compareSimilar("MU12170", "MU1")).toBeNull();
    expect(compareSimilar("MU12170", "XY12179")).toBeNull();
    const ranks = ["MU12170", "MU1217O", "MU1217", "MU12X7O", "M12X7O"].map(
      (plate) => compareSimilar("MU12170", plate)?.rank ?? Infinity,
    );
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
  });
});
