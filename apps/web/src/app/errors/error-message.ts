import { isRouteErrorResponse } from "react-router-dom";

/** A readable line for whatever a route threw: an Error, a thrown Response, or anything else. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === "string" && error.data ? `: ${error.data}` : "";
    return `${error.status} ${error.statusText}${detail}`.trim();
  }
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === "string" && error) return error;
  return "An unknown error occurred.";
}
