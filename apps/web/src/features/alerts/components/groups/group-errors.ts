import { isApiError } from "@/lib/api-client";

/**
 * What a failed call adds to a screen's own message: the server's text and the failing fields when
 * they help the user act (a refused input, a missing group, no connection); nothing for a server
 * fault, whose body carries no detail worth showing.
 */
export function helpfulDetail(error: unknown): { message: string | null; details: string[] } {
  if (!isApiError(error) || error.status >= 500) return { message: null, details: [] };
  const details = error.details.map((issue) => issue.message).filter((text) => text !== error.message);
  return { message: error.message || null, details };
}
