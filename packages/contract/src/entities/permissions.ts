import { z } from "zod";
import { ZBooleanInput } from "../common";

/** `hotlist_admin_{userId}` or `hotlist_viewer_{userId}`. */
export const PERMISSION_KEY_PATTERN = /^hotlist_(admin|viewer)_([1-9]\d*)$/;

/**
 * The body of POST /update-alert-permissions-api (001 section 3): for each user, boolean keys
 * hotlist_admin_{userId} and hotlist_viewer_{userId}. Any other key is refused.
 */
export const ZPermissionUpdate = z.record(
  z.string().regex(PERMISSION_KEY_PATTERN, "Expected hotlist_admin_{id} or hotlist_viewer_{id}"),
  ZBooleanInput,
);
export type TPermissionUpdate = z.infer<typeof ZPermissionUpdate>;

export interface UserPermissionChange {
  userId: number;
  hotlist_admin?: boolean;
  hotlist_viewer?: boolean;
}

/** Groups a validated payload per user, in ascending user id, for the service to apply. */
export function groupPermissionUpdates(update: TPermissionUpdate): UserPermissionChange[] {
  const byUser = new Map<number, UserPermissionChange>();
  for (const [key, value] of Object.entries(update)) {
    const match = PERMISSION_KEY_PATTERN.exec(key);
    if (!match) continue;
    const userId = Number(match[2]);
    const change = byUser.get(userId) ?? { userId };
    if (match[1] === "admin") change.hotlist_admin = value;
    else change.hotlist_viewer = value;
    byUser.set(userId, change);
  }
  return [...byUser.values()].sort((a, b) => a.userId - b.userId);
}
