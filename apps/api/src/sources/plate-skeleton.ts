/**
 * The confusable skeleton (issue 19): characters a plate reader confuses share one class, so a plate
 * and its misreads share one key. The SQL twin is `odin_plate_skeleton()` (migration
 * 20261125100000_plate_skeleton); test/plate-skeleton.test.ts proves both agree on a table of cases.
 */
export const CONFUSABLE_CLASSES = ["0ODQ", "1IL", "2Z", "5S", "6G", "8B"] as const;

const CLASS_OF = new Map<string, string>(
  CONFUSABLE_CLASSES.flatMap((members) => [...members].map((c) => [c, members[0]!] as const)),
);

/** A normalised plate with each character replaced by its class (every other character as itself). */
export function plateSkeleton(plate: string): string {
  return [...plate.toUpperCase()].map((c) => CLASS_OF.get(c) ?? c).join("");
}

/** The peer's bound, kept: at most two edits, and at most a quarter of the typed plate's length. */
export function maxEditsFor(plate: string): number {
  return Math.min(2, Math.ceil(plate.length / 4));
}

/** The skeleton and its symmetric-delete variants (one or two characters removed), as SQL stores them. */
export function skeletonVariants(skeleton: string, deletes = 2): string[] {
  const variants = new Set([skeleton]);
  let frontier = [skeleton];
  for (let round = 0; round < deletes; round++) {
    const next: string[] = [];
    for (const value of frontier) {
      for (let i = 0; i < value.length; i++) {
        const shorter = value.slice(0, i) + value.slice(i + 1);
        if (!variants.has(shorter)) {
          variants.add(shorter);
          next.push(shorter);
        }
      }
    }
    frontier = next;
  }
  return [...variants];
}

/** The skeleton with one adjacent pair of different characters swapped at position i (0-based). */
const swapAt = (value: string, i: number) =>
  value.slice(0, i) + value[i + 1]! + value[i]! + value.slice(i + 2);

/**
 * The skeleton with one adjacent pair swapped (`once`), and with two pairs that do not overlap swapped
 * (`twice`, asked only for two edits). Within `edits` edits counting a swap as one (what compareSimilar
 * measures), a stored skeleton is either within `edits` Levenshtein edits of the typed one, or within
 * `edits - 1` of one of `once`, or one of `twice`: the SQL filter of Similar candidates (similar-plates.repository.ts)
 * uses this, with PostgreSQL's levenshtein, to keep only those before reading their reads.
 */
export function skeletonTranspositions(skeleton: string, edits: number): { once: string[]; twice: string[] } {
  const once = new Set<string>();
  const twice = new Set<string>();
  if (edits < 1) return { once: [], twice: [] };
  for (let i = 0; i + 1 < skeleton.length; i++) {
    if (skeleton[i] === skeleton[i + 1]) continue;
    const swapped = swapAt(skeleton, i);
    once.add(swapped);
    if (edits < 2) continue;
    for (let j = i + 2; j + 1 < skeleton.length; j++) {
      if (swapped[j] !== swapped[j + 1]) twice.add(swapAt(swapped, j));
    }
  }
  return { once: [...once], twice: [...twice] };
}

type Step =
  | { kind: "same" }
  | { kind: "confusable" | "substitute"; typed: string; read: string; position: number }
  | { kind: "missing"; typed: string; position: number }
  | { kind: "extra"; read: string; position: number }
  | { kind: "swap"; typed: string; position: number };

export interface SimilarMatch {
  /** Edits between the skeletons (confusions cost nothing): 0 for the same skeleton. */
  edits: number;
  /** Characters read as a confusable one. */
  confusions: number;
  /** Exact first, then fewer edits, then fewer confusions. */
  rank: number;
  /** Why it matched, or undefined when the plate is the one typed. */
  reason: string | undefined;
}

/**
 * Compares a read's plate with the typed one (both normalised) by optimal string alignment on their
 * skeletons (insert, delete, substitute, transpose adjacent), and explains the cheapest alignment.
 * The Similar rule (issue 19): the same skeleton (any number of look-alike characters), or within
 * `maxEditsFor(typed)` edits of the typed plate with each look-alike character counted as an edit too
 * (`editDistance` on the plates as written). Null otherwise. A plate two edits away on the skeleton
 * that also has a look-alike character is three reader errors away: the peer does not find it either,
 * and admitting it more than doubled the look-alikes returned (docs/benchmarks.md, Similar).
 */
export function compareSimilar(typed: string, read: string): SimilarMatch | null {
  const bound = maxEditsFor(typed);
  if (Math.abs(typed.length - read.length) > bound) return null;
  const a = plateSkeleton(typed);
  const b = plateSkeleton(read);
  const rows = a.length + 1;
  const cols = b.length + 1;
  // cost[i][j]: edits aligning a[0..i) with b[0..j); ties prefer fewer confusions (second matrix).
  const cost: number[][] = Array.from({ length: rows }, () => new Array<number>(cols).fill(0));
  const conf: number[][] = Array.from({ length: rows }, () => new Array<number>(cols).fill(0));
  for (let i = 0; i < rows; i++) cost[i]![0] = i;
  for (let j = 0; j < cols; j++) cost[0]![j] = j;
  const better = (c: number, f: number, i: number, j: number) =>
    c < cost[i]![j]! || (c === cost[i]![j]! && f < conf[i]![j]!);
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const same = a[i - 1] === b[j - 1];
      const isConfusion = same && typed[i - 1] !== read[j - 1] ? 1 : 0;
      cost[i]![j] = cost[i - 1]![j - 1]! + (same ? 0 : 1);
      conf[i]![j] = conf[i - 1]![j - 1]! + isConfusion;
      if (better(cost[i - 1]![j]! + 1, conf[i - 1]![j]!, i, j)) {
        cost[i]![j] = cost[i - 1]![j]! + 1;
        conf[i]![j] = conf[i - 1]![j]!;
      }
      if (better(cost[i]![j - 1]! + 1, conf[i]![j - 1]!, i, j)) {
        cost[i]![j] = cost[i]![j - 1]! + 1;
        conf[i]![j] = conf[i]![j - 1]!;
      }
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] && a[i - 1] !== b[j - 1]) {
        if (better(cost[i - 2]![j - 2]! + 1, conf[i - 2]![j - 2]!, i, j)) {
          cost[i]![j] = cost[i - 2]![j - 2]! + 1;
          conf[i]![j] = conf[i - 2]![j - 2]!;
        }
      }
    }
  }
  const edits = cost[a.length]![b.length]!;
  if (edits > bound) return null;
  const confusions = conf[a.length]![b.length]!;
  // Look-alike characters are free only on their own (the same skeleton). Beside a real edit each
  // counts as one: the plate as read must be within the bound of the typed one, character for character.
  if (edits > 0 && editDistance(typed, read, bound) > bound) return null;
  const steps = backtrace(typed, read, a, b, cost, conf);
  return { edits, confusions, rank: edits * 10 + confusions, reason: describe(steps) };
}

/**
 * Optimal string alignment distance of two strings (insert, delete, substitute, swap adjacent: one each),
 * exact up to `bound`, and `bound + 1` for anything further.
 */
export function editDistance(a: string, b: string, bound: number): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let value = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > bound) return bound + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, bound + 1);
}

function backtrace(
  typed: string,
  read: string,
  a: string,
  b: string,
  cost: number[][],
  conf: number[][],
): Step[] {
  const steps: Step[] = [];
  let i = a.length;
  let j = b.length;
  const at = (r: number, c: number) => [cost[r]![c]!, conf[r]![c]!] as const;
  const is = (r: number, c: number, dc: number, df: number) =>
    at(r, c)[0] + dc === cost[i]![j]! && at(r, c)[1] + df === conf[i]![j]!;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && a[i - 1] === b[j - 1]) {
      const confused = typed[i - 1] !== read[j - 1];
      if (is(i - 1, j - 1, 0, confused ? 1 : 0)) {
        steps.push(
          confused
            ? { kind: "confusable", typed: typed[i - 1]!, read: read[j - 1]!, position: i }
            : { kind: "same" },
        );
        i--;
        j--;
        continue;
      }
    }
    if (i > 0 && j > 0 && a[i - 1] !== b[j - 1] && is(i - 1, j - 1, 1, 0)) {
      steps.push({ kind: "substitute", typed: typed[i - 1]!, read: read[j - 1]!, position: i });
      i--;
      j--;
    } else if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] && is(i - 2, j - 2, 1, 0)) {
      steps.push({ kind: "swap", typed: typed.slice(i - 2, i), position: i - 1 });
      i -= 2;
      j -= 2;
    } else if (i > 0 && is(i - 1, j, 1, 0)) {
      steps.push({ kind: "missing", typed: typed[i - 1]!, position: i });
      i--;
    } else {
      steps.push({ kind: "extra", read: read[j - 1]!, position: i + 1 });
      j--;
    }
  }
  return steps.reverse();
}

const COUNT = ["", "one", "two"];

function describe(steps: Step[]): string | undefined {
  const parts: string[] = [];
  const missing = steps.filter((step) => step.kind === "missing");
  const extra = steps.filter((step) => step.kind === "extra");
  for (const step of steps) {
    if (step.kind === "confusable" || step.kind === "substitute") {
      parts.push(`${step.typed} read as ${step.read} at position ${step.position}`);
    } else if (step.kind === "swap") {
      parts.push(`${step.typed} swapped at position ${step.position}`);
    }
  }
  if (missing.length) {
    parts.push(
      `${COUNT[missing.length] ?? missing.length} character${missing.length > 1 ? "s" : ""} missing`,
    );
  }
  if (extra.length) {
    parts.push(`${COUNT[extra.length] ?? extra.length} extra character${extra.length > 1 ? "s" : ""}`);
  }
  return parts.length ? parts.join(", ") : undefined;
}
