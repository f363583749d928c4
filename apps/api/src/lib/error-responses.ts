import { ZApiError } from "@odin/contract";

/**
 * The response schemas for the statuses a route can fail with: every failure has the contract's one
 * shape, so a route names only which statuses it can answer (`errorResponses(400, 401, 403)`).
 */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof ZApiError> {
  return Object.fromEntries(statuses.map((status) => [status, ZApiError])) as Record<S, typeof ZApiError>;
}
