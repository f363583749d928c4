import { defaultPlateMatch, MIN_PARTIAL_PLATE, normalizePlate, type TPlateMatch } from "@odin/contract";
import { compareSimilar } from "./plate-skeleton";

/**
 * How a searched plate matches: normalised like stored plates (normalizePlate, in the contract).
 * Partial: `*` (any run) and `?` (one character) are wildcards; without wildcards, 3 or more
 * characters also find plates that contain them (partial plates from witnesses), fewer must match
 * exactly. Similar (issue 19): what Partial finds, plus plates within one or two edits of the typed
 * one on the confusable skeleton (plate-skeleton.ts). Exact: the plate as typed.
 */
export type PlatePattern =
  | { kind: "exact"; value: string }
  | { kind: "contains"; value: string }
  | { kind: "similar"; value: string }
  | { kind: "wildcard"; value: string; like: string; regex: RegExp };

// The one normalisation (issue 36) lives in the contract: search, audit, review and hotlists share it.
export { MIN_PARTIAL_PLATE, normalizePlate };

/**
 * normalizePlate in SQL, for rows that kept a plate as typed: audit rows written before issue 36
 * (upper-cased only) count with the new ones. `column` is a trusted column name, never input.
 */
export const normalizedPlateSql = (column: string) =>
  `upper(regexp_replace(${column}, '[[:space:].·–-]', '', 'g'))`;

export function toPlatePattern(
  input: string | undefined,
  match: TPlateMatch = defaultPlateMatch(input),
): PlatePattern | undefined {
  if (!input) return undefined;
  const value = normalizePlate(input);
  if (!value) return undefined;
  if (/[*?]/.test(value)) {
    const literal = value.replace(/[%_\\]/g, (c) => `\\${c}`);
    const like = literal.replace(/\*/g, "%").replace(/\?/g, "_");
    const regex = new RegExp(
      `^${value
        .replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replace(/\*/g, ".*")
        .replace(/\?/g, ".")}$`,
    );
    return { kind: "wildcard", value, like, regex };
  }
  if (match === "exact" || value.length < MIN_PARTIAL_PLATE) return { kind: "exact", value };
  return match === "similar" ? { kind: "similar", value } : { kind: "contains", value };
}

/** The same rule in memory, for sources whose vendor cannot express it (checked after fetching). */
export function plateMatches(pattern: PlatePattern | undefined, plate: string): boolean {
  if (!pattern) return true;
  const normalized = normalizePlate(plate);
  switch (pattern.kind) {
    case "exact":
      return normalized === pattern.value;
    case "contains":
      return normalized.includes(pattern.value);
    case "similar":
      return normalized.includes(pattern.value) || compareSimilar(pattern.value, normalized) !== null;
    case "wildcard":
      return pattern.regex.test(normalized);
  }
}
