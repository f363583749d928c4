import { MESSAGES } from "@odin/contract";
import type { ComponentType } from "react";
import { useCurrentUser } from "@/lib/auth/current-user";
import { MessagePage } from "@/components/layouts/message-page";
import { canManageGroups } from "./groups/group-format";

/** What a user who may not manage groups sees instead of a form the server would refuse (issue 20 item 8). */
export function GroupsAccessDenied() {
  return (
    <MessagePage tone="warning" title={MESSAGES.accessDenied}>
      <p>
        Hotlist groups and their permissions are managed by your agency&apos;s administrators and hotlist
        admins.
      </p>
    </MessagePage>
  );
}

/** What a user without a hotlist flag (nor role admin) sees on the alerts pages (issue 40). */
export function AlertsAccessDenied() {
  return (
    <MessagePage tone="warning" title={MESSAGES.accessDenied}>
      <p>
        Alerts are for your agency&apos;s administrators, hotlist admins and hotlist viewers. An administrator
        can give you access on Edit Alerts Permissions.
      </p>
    </MessagePage>
  );
}

/**
 * A screen for those who may manage groups (admin or hotlist admin of an agency, as the server checks):
 * anyone else gets 'Access Denied' before the form loads or asks the server anything.
 */
export function groupManagersOnly(Screen: ComponentType): ComponentType {
  function GroupManagersOnly() {
    const user = useCurrentUser();
    return canManageGroups(user) ? <Screen /> : <GroupsAccessDenied />;
  }
  GroupManagersOnly.displayName = `GroupManagersOnly(${Screen.displayName ?? Screen.name})`;
  return GroupManagersOnly;
}
