import {
  US_STATES,
  ZGroupPlateFields,
  type TGroupPlateFields,
  type THotlistMatchStrategy,
} from "@odin/contract";
import { normalizePlate } from "../../sources/plate-pattern";
import { plateSkeleton } from "../../sources/plate-skeleton";

/**
 * One rule for a plate however it arrives (add from a search result, the edit form, a CSV row):
 * the plate as entered (trimmed, upper case) plus its normalised form for the matcher, the state as
 * one of the 50 US states' abbreviations (names are accepted and turned into them) or null for "any
 * state", and a reason that may be blank except where the screen requires one (add from a result).
 */
export interface PlateRow {
  plateNumber: string;
  plateNormalized: string;
  state: string | null;
  reason: string;
  notes: string | null;
  /** Exact unless the entry says lenient (issue 19); lenient entries match on `plateSkeleton`. */
  matchStrategy: THotlistMatchStrategy;
  plateSkeleton: string;
}

export interface PlateIssue {
  field: "number" | "state" | "reason" | "notes" | "match_strategy";
  message: string;
}

export const PLATE_CHARACTERS_MESSAGE = "Plate number may hold only letters, digits, spaces and dashes.";
export const PLATE_STATE_MESSAGE = "State must be one of the 50 US states (for example CT or Connecticut).";

const STATE_BY_KEY = new Map<string, string>(
  US_STATES.flatMap(({ abbreviation, name }) => [
    [abbreviation, abbreviation],
    [name.toUpperCase(), abbreviation],
  ]),
);

/** The abbreviation of a state given by abbreviation or name (any case); null when blank. */
export function toStateAbbreviation(state: string | undefined): string | null | undefined {
  if (!state?.trim()) return null;
  return STATE_BY_KEY.get(state.trim().toUpperCase());
}

/** Applies the rules to fields already trimmed by the contract's schemas. */
export function toPlateRow(fields: TGroupPlateFields): { row: PlateRow } | { issues: PlateIssue[] } {
  const issues: PlateIssue[] = [];
  const plateNormalized = normalizePlate(fields.number);
  if (!/^[A-Z0-9]+$/.test(plateNormalized))
    issues.push({ field: "number", message: PLATE_CHARACTERS_MESSAGE });
  const state = toStateAbbreviation(fields.state);
  if (state === undefined) issues.push({ field: "state", message: PLATE_STATE_MESSAGE });
  if (issues.length > 0 || state === undefined) return { issues };
  return {
    row: {
      plateNumber: fields.number,
      plateNormalized,
      state,
      reason: fields.reason ?? "",
      notes: fields.notes ?? null,
      matchStrategy: fields.match_strategy ?? "exact",
      plateSkeleton: plateSkeleton(plateNormalized),
    },
  };
}

/** Text fields from a form or a CSV row: the contract's schema, then the rules above. */
export function parsePlateFields(raw: Record<string, unknown>): { row: PlateRow } | { issues: PlateIssue[] } {
  const parsed = ZGroupPlateFields.safeParse(raw);
  if (!parsed.success) {
    return {
      issues: parsed.error.issues.map((issue) => ({
        field: String(issue.path[0] ?? "number") as PlateIssue["field"],
        message: issue.message,
      })),
    };
  }
  return toPlateRow(parsed.data);
}
