import type { TCurrentUser } from "@odin/contract";

/**
 * 'Add Plate to Hotlist' shows only for a user who is approved, belongs to an agency, and is an admin,
 * a hotlist admin or a hotlist viewer (000 §6). The server enforces the same rule on the call.
 */
export function canAddToHotlist(
  user: Pick<TCurrentUser, "approved" | "agency_id" | "role" | "hotlist_admin" | "hotlist_viewer"> | null,
): boolean {
  if (!user?.approved || user.agency_id === null || user.agency_id === undefined) return false;
  return user.role === "admin" || user.hotlist_admin || user.hotlist_viewer;
}
