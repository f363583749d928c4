import { MESSAGES } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "react-oidc-context";
import { Button, Card, Notice, PageHeader, Spinner } from "@/components/ui";
import { signinState } from "@/lib/return-to";
import { isApiError } from "@/lib/api-client";
import { queryViewState } from "@/components/layouts/query-view";
import { alertQueries } from "../api/queries";
import { PermissionsTable } from "./groups/permissions-table";

/**
 * Route /edit-alerts-permissions (001 §2): who in the agency may manage hotlist groups (Hotlist
 * Admin) and who may see the groups they belong to (Hotlist Viewer). The words say what the server
 * enforces (group-access.ts, issue 40): a viewer also handles the alerts of those groups and adds
 * plates to them from search results (000 §6 offers Add Plate to Hotlist to viewers), nothing more.
 */
export function EditAlertsPermissionsScreen() {
  const users = useQuery(alertQueries.agencyUsers());
  const state = queryViewState(users);
  const auth = useAuth();
  // 001 §8: a 401 (still refused after the client's token refresh) means signing in again; the user
  // starts it, as on the other session pages, so a misconfigured server cannot cause a redirect loop.
  const signInAgain = () => void auth.signinRedirect({ state: signinState("/edit-alerts-permissions") });
  return (
    <>
      <PageHeader
        title="Edit Alerts Permissions"
        eyebrow="Alerts"
        description="Who in your agency works with hotlist groups and their alerts."
      />
      <ul className="permission-rights" aria-label="What each permission allows">
        <li>
          <strong>Hotlist Admin:</strong> creates, edits and archives every group of the agency, adds, removes
          and uploads their plates, and sets these permissions.
        </li>
        <li>
          <strong>Hotlist Viewer:</strong> sees the groups they are a member of and their alerts, acknowledges
          those alerts and sets their dispositions, and adds plates to those groups from search results (Add
          Plate to Hotlist). A viewer cannot edit a group, remove its plates or upload a plate list.
        </li>
      </ul>
      <Card>
        {state === "loading" && <Spinner label={MESSAGES.loading} />}
        {state === "error" && isApiError(users.error, 401) && (
          <div className="groups-error">
            <Notice tone="warning">{MESSAGES.signInRequired}</Notice>
            <Button onClick={signInAgain}>Sign in again</Button>
          </div>
        )}
        {state === "error" && !isApiError(users.error, 401) && (
          <div className="groups-error">
            <Notice tone="danger">{MESSAGES.couldNotLoadAgencyUsers}</Notice>
            <Button variant="secondary" onClick={() => void users.refetch()}>
              Try again
            </Button>
          </div>
        )}
        {state === "data" && users.data && <PermissionsTable initial={users.data.users} />}
      </Card>
    </>
  );
}
