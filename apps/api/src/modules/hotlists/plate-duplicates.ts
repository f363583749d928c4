import { MESSAGES, type TFieldIssue } from "@odin/contract";
import { AppError } from "../../lib/app-error";
import { isUniqueViolation } from "../admin/users.repository";
import { findListedEntries } from "./hotlist.repository";
import type { PlateRow } from "./plate-input";
import type { Database, Transaction } from "../../lib/database";

/**
 * A plate is listed once per group (issue 17): entries are the same when their normalised plate and
 * state (none = '') are, the key of the unique index hotlist_plates_group_plate_state_key. A no-state
 * entry and a CT entry are two entries; the matcher still alerts a group once per read.
 */
export function entryKey(row: Pick<PlateRow, "plateNormalized" | "state">): string {
  return `${row.plateNormalized}\n${(row.state ?? "").toUpperCase()}`;
}

/** The keys of the group's entries among `rows`' plates (read inside the transaction that adds them). */
export async function findListedKeys(
  tx: Transaction | Database,
  groupId: number,
  rows: readonly Pick<PlateRow, "plateNormalized">[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const listed = await findListedEntries(tx, groupId, [...new Set(rows.map((row) => row.plateNormalized))]);
  return new Set(listed.map(entryKey));
}

export interface Repeat {
  /** Where it was typed: `plates[2][number]` or `line 7`. */
  path: string;
  plate: string;
  /** The earlier place in the same request it repeats, if not the group's list. */
  earlier?: number;
}

/**
 * The rows that repeat an entry of the group (`listed`) or an earlier row of the same request.
 * `placeOf` names a row's place (its form index or CSV line), used for both the path and `earlier`.
 */
export function findRepeats<T extends Pick<PlateRow, "plateNumber" | "plateNormalized" | "state">>(
  rows: readonly T[],
  listed: ReadonlySet<string>,
  placeOf: (row: T, index: number) => { path: string; place: number },
): Repeat[] {
  const seen = new Map<string, number>();
  const repeats: Repeat[] = [];
  rows.forEach((row, index) => {
    const key = entryKey(row);
    const { path, place } = placeOf(row, index);
    const earlier = seen.get(key);
    if (listed.has(key)) repeats.push({ path, plate: row.plateNumber });
    else if (earlier !== undefined) repeats.push({ path, plate: row.plateNumber, earlier });
    else seen.set(key, place);
  });
  return repeats;
}

/** The 409 for one plate already on the group (the direct add, or a concurrent add that won). */
export function alreadyListed(plate: string, groupName: string, path?: string): AppError {
  const message = MESSAGES.plateAlreadyOnGroup(plate, groupName);
  return new AppError("CONFLICT", message, path ? [{ path, message }] : undefined);
}

/**
 * The 409 for repeated rows of a form or a CSV, every one named by its place; `repeatsEarlier` words a
 * row that repeats an earlier one of the same request.
 */
export function repeatsError(
  repeats: readonly Repeat[],
  groupName: string,
  repeatsEarlier: (plate: string, earlier: number) => string,
): AppError {
  const details: TFieldIssue[] = repeats.map((repeat) => ({
    path: repeat.path,
    message:
      repeat.earlier === undefined
        ? MESSAGES.plateAlreadyOnGroup(repeat.plate, groupName)
        : repeatsEarlier(repeat.plate, repeat.earlier),
  }));
  const message =
    repeats.length === 1 ? details[0]!.message : MESSAGES.platesAlreadyListed(repeats.length, groupName);
  return new AppError("CONFLICT", message, details);
}

/**
 * Runs `work`, turning the unique index's refusal (a concurrent add of the same plate committed first)
 * into the 409 the checks inside `work` give when they see the entry.
 */
export async function refusingRepeats<T>(
  work: () => Promise<T>,
  conflict: () => Promise<AppError>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // P2002: the index hotlist_plates_group_plate_state_key refused the row.
    if (isUniqueViolation(error)) throw await conflict();
    throw error;
  }
}
