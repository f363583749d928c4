/**
 * The searches of the Axis store benches (bench/axis-store.ts, bench/growth.ts): plates picked from
 * reads stored in the store, searched through the real Axis source (createAxisSource(prisma).search)
 * as POST /search-data calls it: the plate through toPlatePattern (match "partial"), all five
 * integrations as targets,
 * the per-source limit, a 30-day range that holds the picked read.
 */
import type { PrismaClient } from "@odin/db";
import type { createAxisSource } from "../../src/sources/axis/axis.source";
import type { SourceQuery } from "../../src/sources/detection-source";
import { toPlatePattern } from "../../src/sources/plate-pattern";
import { sqlOn } from "./axis-store-fill";
import { log, prng, summarize, type LatencySummary } from "./harness";

const DAY = 86_400_000;
export const RANGE_DAYS = 30;

export type Kind = "exact" | "substring" | "wildcard" | "exact-equality";

export const KINDS: Kind[] = ["exact", "substring", "wildcard", "exact-equality"];
export const KIND_LABELS: Record<Kind, string> = {
  exact: "exact plate, 30 days (toPlatePattern, partial)",
  substring: "substring of 3-5 chars, 30 days",
  wildcard: "wildcard (AB?12* and others), 30 days",
  "exact-equality": "exact plate as { kind: exact } (reference)",
};

export interface PlannedQuery {
  kind: Kind;
  input: string;
  query: SourceQuery;
}

export interface Measured extends PlannedQuery {
  run: number;
  ms: number;
  rows: number;
}

export interface RowSummary {
  median: number;
  p95: number;
  max: number;
  total: number;
  atLimit: number;
}

export function summarizeRows(measured: readonly Measured[], limit: number): RowSummary {
  const rows = measured.map((m) => m.rows);
  const s = summarize(rows);
  return {
    median: s.p50,
    p95: s.p95,
    max: s.max,
    total: rows.reduce((sum, value) => sum + value, 0),
    atLimit: rows.filter((value) => value >= limit).length,
  };
}

export interface SearchSettings {
  runs: number;
  queries: number;
  warmup: number;
  limit: number;
}

/**
 * The searches, from reads picked at random in the store (so frequent plates come up as often as
 * investigators would meet them): each with a 30-day range that holds the read. Ids are drawn from
 * 1 to the highest id; ids no row holds (a gap left by other inserts) are skipped.
 */
export async function planQueries(
  session: PrismaClient,
  now: number,
  { runs, queries, warmup, limit }: SearchSettings,
): Promise<Record<Kind, PlannedQuery[]>> {
  const client = sqlOn(session);
  const random = prng(20261122);
  const perKind = warmup + runs * queries;
  const [{ max }] = (await client.query<{ max: bigint | number }>("SELECT max(id) AS max FROM detections"))
    .rows as [{ max: bigint | number }];
  const highest = Number(max);
  const ids = Array.from({ length: perKind * 3 }, () => 1 + Math.floor(random() * highest));
  const { rows } = await client.query<{ id: bigint; plate_normalized: string; timestamp: Date }>(
    "SELECT id, plate_normalized, timestamp FROM detections WHERE id = ANY($1::bigint[])",
    [ids],
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const samples = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
  // A gap in the ids (another bench's pushes between two fills) only shortens the list: top it up.
  while (samples.length < perKind * 3) {
    const extra = Array.from({ length: perKind }, () => 1 + Math.floor(random() * highest));
    const more = await client.query<{ id: bigint; plate_normalized: string; timestamp: Date }>(
      "SELECT id, plate_normalized, timestamp FROM detections WHERE id = ANY($1::bigint[])",
      [extra],
    );
    const found = new Map(more.rows.map((row) => [Number(row.id), row]));
    if (found.size === 0) throw new Error("could not sample enough stored reads");
    for (const id of extra) {
      const row = found.get(id);
      if (row && samples.length < perKind * 3) samples.push(row);
    }
  }

  const range = (at: Date) => {
    const end = Math.min(now, at.getTime() + random() * RANGE_DAYS * DAY);
    return { start: new Date(end - RANGE_DAYS * DAY), end: new Date(end) };
  };
  // match "partial": what toPlatePattern gave a full plate or a substring with no match named before
  // issue 19 made "similar" the default (these figures stay comparable with the earlier ones; the
  // store has no skeleton neighbourhood, which Similar reads: bench/similar.ts times that path). Since
  // issue 21 "partial" reads the store's distinct_plates, which fillStore keeps as ingest does.
  const query = (input: string, at: Date): SourceQuery => ({
    plate: toPlatePattern(input, "partial"),
    plateState: undefined,
    color: undefined,
    make: undefined,
    bodyType: undefined,
    ...range(at),
    limit,
  });
  const shapes = [
    (p: string) => `${p.slice(0, 2)}?${p.slice(3, 5)}*`, // AB?12*
    (p: string) => `?${p.slice(1, 4)}*`, // ?B12*
    (p: string) => `${p.slice(0, 2)}*${p.slice(-2)}`, // AB*45
    (p: string) => `*${p.slice(-4, -1)}?`, // *234?
  ];
  const plan: Record<Kind, PlannedQuery[]> = { exact: [], substring: [], wildcard: [], "exact-equality": [] };
  for (let i = 0; i < perKind; i++) {
    const a = samples[i]!;
    const b = samples[perKind + i]!;
    const c = samples[2 * perKind + i]!;
    const exact = query(a.plate_normalized, a.timestamp);
    plan.exact.push({ kind: "exact", input: a.plate_normalized, query: exact });
    // The same search with the plate as an equality (the B-tree on plate_normalized, timestamp).
    plan["exact-equality"].push({
      kind: "exact-equality",
      input: a.plate_normalized,
      query: { ...exact, plate: { kind: "exact", value: a.plate_normalized } },
    });
    const length = 3 + Math.floor(random() * 3);
    const offset = Math.floor(random() * Math.max(1, b.plate_normalized.length - length + 1));
    const part = b.plate_normalized.slice(offset, offset + length);
    plan.substring.push({ kind: "substring", input: part, query: query(part, b.timestamp) });
    const pattern = shapes[i % shapes.length]!(c.plate_normalized);
    plan.wildcard.push({ kind: "wildcard", input: pattern, query: query(pattern, c.timestamp) });
  }
  return plan;
}

type AxisSource = ReturnType<typeof createAxisSource>;
type Targets = Parameters<AxisSource["search"]>[1];

/**
 * Warms up (connections, the planner's caches, the indexes' upper pages), then times `runs` runs of
 * `queries` searches of each kind, one after another. Answers every search timed, and per kind the
 * summary of each run.
 */
export async function timeSearches(
  source: AxisSource,
  targets: Targets,
  plan: Record<Kind, PlannedQuery[]>,
  { runs: RUNS, queries: QUERIES, warmup: WARMUP, limit }: SearchSettings,
  /**
   * Other ways of answering the partial searches, by name (growth: `scan`, the one statement over every
   * read that answered them before issue 21; `firstPage`, the newest page of a paged answer): each timed
   * after each run's kinds on that run's substring and wildcard searches, so it meets the pages they warmed.
   */
  references: Record<string, (query: SourceQuery) => Promise<unknown[]>> = {},
): Promise<{
  all: Measured[];
  runs: Record<Kind, { summary: LatencySummary; rows: RowSummary }[]>;
  /** Each reference's p95 per run (substring and wildcard together). */
  referenceP95PerRun: Record<string, number[]>;
}> {
  for (const kind of KINDS) {
    for (const planned of plan[kind].slice(0, WARMUP)) {
      await source.search(planned.query, targets, new AbortController().signal);
    }
  }
  const runs: Record<Kind, { summary: LatencySummary; rows: RowSummary }[]> = {
    exact: [],
    substring: [],
    wildcard: [],
    "exact-equality": [],
  };
  const all: Measured[] = [];
  const referenceP95PerRun: Record<string, number[]> = Object.fromEntries(
    Object.keys(references).map((name) => [name, []]),
  );
  for (let run = 0; run < RUNS; run++) {
    for (const kind of KINDS) {
      const batch = plan[kind].slice(WARMUP + run * QUERIES, WARMUP + (run + 1) * QUERIES);
      const measured: Measured[] = [];
      for (const planned of batch) {
        const t0 = performance.now();
        const results = await source.search(planned.query, targets, new AbortController().signal);
        measured.push({ ...planned, run, ms: performance.now() - t0, rows: results.length });
      }
      all.push(...measured);
      runs[kind].push({
        summary: summarize(measured.map((m) => m.ms)),
        rows: summarizeRows(measured, limit),
      });
    }
    for (const [name, answer] of Object.entries(references)) {
      const batch = (["substring", "wildcard"] as const).flatMap((kind) =>
        plan[kind].slice(WARMUP + run * QUERIES, WARMUP + (run + 1) * QUERIES),
      );
      const ms: number[] = [];
      for (const planned of batch) {
        const t0 = performance.now();
        await answer(planned.query);
        ms.push(performance.now() - t0);
      }
      referenceP95PerRun[name]!.push(summarize(ms).p95);
    }
    log(`run ${run + 1}/${RUNS} done`);
  }
  return { all, runs, referenceP95PerRun };
}
