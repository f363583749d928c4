import type { TSearchResult } from "@odin/contract";
import { normalizePlate } from "../../sources/plate-pattern";
import { compareSimilar } from "../../sources/plate-skeleton";

/** Plates that only contain the typed text rank after every misread of it. */
const CONTAINS_RANK = 1_000;

/**
 * A Similar search's answer from every source, filtered by one rule, each read saying why it matched
 * (`match_reason`), ranked: the plate as typed first, then by number and kind of differences (a
 * confusion before an edit), then plates that merely contain it; newest first within a rank.
 */
export function rankSimilar(typed: string, results: TSearchResult[]): TSearchResult[] {
  const ranked: { result: TSearchResult; rank: number }[] = [];
  // Decided once per plate: a plate read often comes back once per read.
  const verdicts = new Map<string, { reason: string | undefined; rank: number } | null>();
  const verdictOf = (plate: string) => {
    const similar = compareSimilar(typed, plate);
    const contains = plate !== typed && plate.includes(typed);
    if (!similar && !contains) return null;
    // A plate holding the typed one is explained by that, not by the edits around it.
    return { reason: contains ? `contains ${typed}` : similar?.reason, rank: similar?.rank ?? CONTAINS_RANK };
  };
  for (const result of results) {
    const plate = normalizePlate(result.plate);
    let verdict = verdicts.get(plate);
    if (verdict === undefined) verdicts.set(plate, (verdict = verdictOf(plate)));
    if (!verdict) continue;
    ranked.push({
      result: verdict.reason ? { ...result, match_reason: verdict.reason } : result,
      rank: verdict.rank,
    });
  }
  return ranked
    .sort((a, b) => a.rank - b.rank || Date.parse(b.result.timestamp) - Date.parse(a.result.timestamp))
    .map((entry) => entry.result);
}
