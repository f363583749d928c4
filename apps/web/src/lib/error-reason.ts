import { isApiError } from "@/lib/api-client";

/**
 * The words to show for a failed call: Odin's own error message, or the client's note that the server
 * could not be reached. Anything else (a bare status, a reply that does not parse) has none.
 */
export function errorReason(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  return error.code || error.status === 0 ? error.message || undefined : undefined;
}

/** Anything thrown, as an Error (its message to show). */
export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
