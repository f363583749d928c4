import { MESSAGES, type TOwnerDataResponse } from "@odin/contract";
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { LoadFailed } from "@/components/layouts/load-failed";
import { buttonClassName, Card, EmptyState, PageHeader, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { useQuery } from "@/lib/use-query";
import { getOwnerData } from "../api/owner";
import { OwnerAccessDenied } from "./owner-access-denied";
import { OwnerAddUserForm } from "./owner-add-user-form";
import { OwnerUsersTable } from "./owner-users-table";

/** The spec names no message for this load failure: Odin's. */
export const OWNER_DATA_FAILED = "Could not load the users and agencies.";

/**
 * Route /owner (001 §2): add a user to any agency, every user with Reset Password, and the way to
 * camera management. The API decides who the owner is; anyone else gets 'Access Denied'.
 */
export function OwnerScreen() {
  const query = useQuery(getOwnerData);
  // The last answer stays on screen while it reloads after an addition, so the form keeps its message.
  const [data, setData] = useState<TOwnerDataResponse | null>(null);
  useEffect(() => {
    if (query.status === "success") setData(query.data);
  }, [query.status, query.data]);
  if (isApiError(query.error, 403)) return <OwnerAccessDenied />;

  return (
    <>
      <PageHeader
        title="Owner Panel"
        eyebrow="Owner"
        description="Accounts across every agency on this Odin installation."
        actions={
          <Link to="/rekor-camera-management" className={buttonClassName("secondary")}>
            Rekor Camera Management
          </Link>
        }
      />
      {query.status === "loading" && !data && <Spinner label={MESSAGES.loading} />}
      {query.status === "error" && (
        <Card>
          <LoadFailed title={OWNER_DATA_FAILED} onRetry={query.reload}>
            {isApiError(query.error) && query.error.code && <p>{query.error.message}</p>}
          </LoadFailed>
        </Card>
      )}
      {query.status !== "error" && data && (
        <>
          <OwnerAddUserForm agencies={data.agencies} onAdded={query.reload} />
          <Card
            title="Users"
            actions={query.status === "loading" && <Spinner size="sm" label="Refreshing" hideLabel />}
          >
            {data.users.length === 0 ? (
              <EmptyState title="No users yet" />
            ) : (
              <OwnerUsersTable users={data.users} />
            )}
          </Card>
        </>
      )}
    </>
  );
}
