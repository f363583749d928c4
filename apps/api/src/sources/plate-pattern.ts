/**
 * How a searched plate matches: normalised like stored plates (upper case, no spaces or dashes);
 * `*` (any run) and `?` (one character) are wildcards; without wildcards, 3 or more characters also
 * find plates that contain them (partial plates from witnesses), fewer must match exactly.
 */
export type PlatePattern =
  | { kind: "exact"; value: string }
  | { kind: "contains"; value: string }
  | { kind: "wildcard"; value: string; like: string; regex: RegExp };

export const MIN_PARTIAL_PLATE = 3;

export function normalizePlate(plate: string): string {
  return plate.toUpperCase().replace(/[\s\-–·.]/g, "");
}

export function toPlatePattern(input: string | undefined): PlatePattern | undefined {
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
  return value.length >= MIN_PARTIAL_PLATE ? { kind: "contains", value } : { kind: "exact", value };
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
    case "wildcard":
      return pattern.regex.test(normalized);
  }
}
