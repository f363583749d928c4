import { MESSAGES } from "./messages";

/**
 * One plate normalisation (issue 36, F18) for search, the audit row, the supervisor review and
 * hotlists: the characters a plate is written with but that are not part of it (spaces, dashes,
 * dots, middle dots) are removed and the case folded, so `912-RZ8`, `91 2rz8` and `912RZ8` are one
 * plate everywhere. Stored reads' and hotlist plates' `plate_normalized` columns hold this form.
 */
const SEPARATORS = /[\s\-–·.]/g;

export function normalizePlate(plate: string): string {
  return plate.toUpperCase().replace(SEPARATORS, "");
}

/** `*` (any run) and `?` (one character): the only wildcards of a searched plate. */
export const PLATE_WILDCARDS = /[*?]/;
/** Without wildcards, a plate this long or longer also finds plates that contain it (Partial). */
export const MIN_PARTIAL_PLATE = 3;
/**
 * A plate with wildcards needs this many letters or digits: `PG*` narrows to about 1 plate in 1,300,
 * `A*` to 1 in 36 (near every read), `*` or `???` to all of them.
 */
export const MIN_WILDCARD_LITERALS = 2;

/**
 * Why a searched plate would match (nearly) every read, or undefined when it is a plate: after
 * normalisation only letters, digits and the wildcards; at least one letter or digit; with a
 * wildcard, at least MIN_WILDCARD_LITERALS. (`%` and `_` are LIKE's wildcards, never a plate's.)
 */
export function plateSearchProblem(plate: string): string | undefined {
  const value = normalizePlate(plate);
  if (!/^[A-Z0-9*?]*$/.test(value)) return MESSAGES.plateCharactersInvalid;
  const literals = value.replace(/[*?]/g, "").length;
  if (PLATE_WILDCARDS.test(value)) {
    return literals < MIN_WILDCARD_LITERALS ? MESSAGES.plateWildcardTooBroad : undefined;
  }
  return literals === 0 ? MESSAGES.plateNeedsCharacter : undefined;
}
