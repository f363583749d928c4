import type { TCurrentUser } from "@odin/contract";

const DATE = new Intl.DateTimeFormat("en-US", { month: "2-digit", day: "2-digit", year: "numeric" });

/** A creation date as MM/DD/YYYY in the browser's zone; "—" when missing or not a date. */
export function formatDate(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? DATE.format(date) : "—";
}

/** A hotlist plate's match strategy as the plate lists show it (issue 19); absent means Exact. */
export function matchStrategyLabel(strategy: string | null | undefined): string {
  return strategy === "lenient" ? "Lenient" : "Exact";
}

/**
 * Who may create, edit and archive groups and set alert permissions: role admin or the hotlist_admin
 * flag, the same rule the server applies. A hotlist viewer sees their groups, handles their alerts and
 * adds plates to them from search results (Add Plate to Hotlist), nothing more.
 */
export function canManageGroups(
  user: Pick<TCurrentUser, "role" | "hotlist_admin" | "agency_id"> | null,
): boolean {
  // Groups belong to an agency: a user without one (the owner) cannot create any (the server refuses).
  return user !== null && user.agency_id !== null && (user.role === "admin" || user.hotlist_admin);
}

/**
 * Who may open the alerts pages at all: role admin or either hotlist flag, the spec's Alerts link rule
 * and the server's `hotlist_viewer` access level. Anyone else gets 'Access Denied' (issue 40).
 */
export function canSeeAlerts(
  user: Pick<TCurrentUser, "role" | "hotlist_admin" | "hotlist_viewer"> | null,
): boolean {
  return user !== null && (user.role === "admin" || user.hotlist_admin || user.hotlist_viewer);
}

/** The numeric group id of a route, or null for anything else (nothing is asked of the server then). */
export function parseGroupId(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}
