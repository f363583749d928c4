import { Prisma } from "@odin/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexPendingSkeletons, recordRemotePlates } from "../src/sources/distinct-plates.repository";
import {
  compareSimilar,
  maxEditsFor,
  plateSkeleton,
  skeletonTranspositions,
  skeletonVariants,
} from "../src/sources/plate-skeleton";
import { similarPlatesSql } from "../src/sources/similar-plates.repository";
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
    // The skeleton-index job is off: the test indexes the queued skeletons itself.
    t = await buildTestApp({ SIMILAR_INDEX_INTERVAL_MS: "0" });
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

  it("finds in SQL every stored plate the TypeScript rule admits, and few others", async () => {
    // Stored plates near typed ones: confusions, substitutions, drops, inserts and swaps, one or two.
    let state = 1913;
    const rand = () => (state = (state * 48271) % 2147483647) / 2147483647;
    const pick = (from: string) => from[Math.floor(rand() * from.length)]!;
    const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    const edit = (plate: string): string => {
      const i = Math.floor(rand() * plate.length);
      const kind = rand();
      if (kind < 0.25 && i + 1 < plate.length)
        return plate.slice(0, i) + plate[i + 1] + plate[i] + plate.slice(i + 2);
      if (kind < 0.45) return plate.slice(0, i) + plate.slice(i + 1);
      if (kind < 0.6) return plate.slice(0, i) + pick(ALPHABET) + plate.slice(i);
      return plate.slice(0, i) + pick(ALPHABET) + plate.slice(i + 1);
    };
    const typed = Array.from({ length: 12 }, () =>
      Array.from({ length: 5 + Math.floor(rand() * 4) }, () => pick(ALPHABET)).join(""),
    );
    const stored = new Set<string>();
    for (const plate of typed) {
      for (let n = 0; n < 60; n++) {
        let near = plate;
        for (let e = 0, edits = 1 + Math.floor(rand() * 3); e < edits; e++) near = edit(near);
        if (near.length > 0) stored.add(near);
      }
    }
    await recordRemotePlates(
      t.prisma,
      [...stored].map((plateNormalized) => ({ plateNormalized, timestamp: new Date() })),
      "rekor_reads",
      { counted: true },
    );
    const similar = async (plate: string) =>
      (await t.prisma.$queryRaw<{ plate_normalized: string }[]>(similarPlatesSql(plate, { contains: false })))
        .map((row) => row.plate_normalized)
        .sort();
    // Their skeletons are queued (the job is off here): found by the queue's filter, then by the index.
    const queued = await Promise.all(typed.map(similar));
    expect(await t.prisma.pendingSkeleton.count()).toBeGreaterThan(500);
    while ((await indexPendingSkeletons(t.prisma, 100)) > 0);
    let extra = 0;
    let admitted = 0;
    for (const [index, plate] of typed.entries()) {
      const found = await similar(plate);
      expect(found, plate).toEqual(queued[index]);
      const expected = [...stored].filter((candidate) => compareSimilar(plate, candidate) !== null);
      expect(
        expected.filter((candidate) => !found.includes(candidate)),
        plate,
      ).toEqual([]);
      admitted += expected.length;
      extra += found.length - expected.length;
    }
    expect(admitted).toBeGreaterThan(200);
    expect(extra).toBeLessThanOrEqual(admitted / 20);
  });
});

describe("comparing a read with the typed plate", () => {
  it("swaps one adjacent pair, or two that do not overlap, of different characters", () => {
    expect(skeletonTranspositions("AB1", 1)).toEqual({ once: ["BA1", "A1B"], twice: [] });
    expect(skeletonTranspositions("AAB", 2)).toEqual({ once: ["ABA"], twice: [] });
    expect(skeletonTranspositions("ABCD", 2)).toEqual({
      once: ["BACD", "ACBD", "ABDC"],
      twice: ["BADC"],
    });
  });

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
    // Look-alikes are free on their own (any number), but beside a real edit each counts as one.
    expect(compareSimilar("MU12170", "MVI2I7O")).toBeNull(); // 1 edit + 3 look-alikes
    expect(compareSimilar("MU12170", "XU12I7Y")).toBeNull(); // 2 edits + 1 look-alike
    expect(compareSimilar("0TR1Z1", "0YR112")).toBeNull(); // 2 edits, one a swap hiding a look-alike
    expect(compareSimilar("MU12170", "MUIZI7O")).toMatchObject({ edits: 0, confusions: 4 });
    expect(compareSimilar("MU12170", "XU12I70")).toMatchObject({ edits: 1, confusions: 1 });
    expect(compareSimilar("MU12170", "XU12Y70")).toMatchObject({ edits: 2, confusions: 0 });
    expect(compareSimilar("MU12170", "XY12179")).toBeNull();
    const ranks = ["MU12170", "MU1217O", "MU1217", "MU12X7O", "M12X7O"].map(
      (plate) => compareSimilar("MU12170", plate)?.rank ?? Infinity,
    );
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
  });
});
