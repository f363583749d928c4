import { MESSAGES } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { isApiError } from "@/lib/api-client";
import { useCurrentUser } from "@/lib/auth/current-user";
import { hasMobilePush } from "@/lib/config";
import { Button, buttonClassName, EmptyState, Notice, PageHeader, Spinner } from "@/components/ui";
import { queryViewState } from "@/components/layouts/query-view";
import { alertQueries } from "../api/queries";
import { AlertGroupCard } from "./groups/alert-group-card";
import { AlertsAccessDenied } from "./groups-access-denied";
import { canManageGroups, canSeeAlerts } from "./groups/group-format";
import { PushAlertsToggle } from "./groups/push-alerts-toggle";

/**
 * Route /alerts, My Alert Groups (001 §2): a card per group, the push toggle, and — once the groups
 * have loaded, for those the server lets manage groups (admin or hotlist admin) — '+ Add Group' and
 * 'Edit Alerts Permissions'. A hotlist viewer sees neither: both screens' calls would refuse them.
 * Anyone without a hotlist flag (nor role admin) gets 'Access Denied', as does a 403 from the server
 * (issue 40). The iOS/Android push toggle shows only where the server can reach that app.
 */
export function AlertGroupsScreen() {
  const user = useCurrentUser();
  return canSeeAlerts(user) ? <AlertGroups /> : <AlertsAccessDenied />;
}

function AlertGroups() {
  const groups = useQuery(alertQueries.groups());
  const state = queryViewState(groups);
  const user = useCurrentUser();
  const manages = canManageGroups(user);
  if (isApiError(groups.error, 403)) return <AlertsAccessDenied />;

  const actions =
    state === "data" && manages ? (
      <>
        <Link to="/create-group" className={buttonClassName("primary")}>
          {MESSAGES.addGroup}
        </Link>
        <Link to="/edit-alerts-permissions" className={buttonClassName("secondary")}>
          {MESSAGES.editAlertsPermissions}
        </Link>
      </>
    ) : undefined;

  return (
    <>
      <PageHeader
        title="My Alert Groups"
        eyebrow="Alerts"
        description="Hotlist groups you belong to and the latest alert each one raised."
        actions={actions}
      />
      {hasMobilePush() && <PushAlertsToggle />}
      {state === "loading" && <Spinner label={MESSAGES.loading} />}
      {state === "error" && groups.error && (
        <div className="groups-error">
          <Notice tone="danger" title={MESSAGES.failedToLoadGroups}>
            {groups.error.message}
          </Notice>
          <Button variant="secondary" onClick={() => void groups.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {state === "data" && groups.data?.length === 0 && (
        <EmptyState
          title={MESSAGES.noGroupsToDisplay}
          description={
            user?.agency_id === null
              ? MESSAGES.groupsNeedAnAgency
              : manages
                ? "Create a group to start watching plates."
                : "You will see a group here once an administrator adds you to it."
          }
        />
      )}
      {state === "data" && groups.data && groups.data.length > 0 && (
        <ul className="alert-group-grid" aria-label="Alert groups">
          {groups.data.map((group) => (
            <AlertGroupCard key={group.id} group={group} />
          ))}
        </ul>
      )}
    </>
  );
}
