import { MESSAGES, type TAdminUser } from "@odin/contract";
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { useCurrentUserState } from "@/app/current-user";
import { MessagePage } from "@/components/layouts/message-page";
import { LoadFailed } from "@/components/layouts/load-failed";
import { Card, EmptyState, PageHeader, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { useQuery } from "@/lib/use-query";
import { getAdminData } from "../api/admin-users";
import { AddUserForm } from "./add-user-form";
import { BulkUploadCard } from "./bulk-upload-card";
import { CaseFieldsCard } from "./case-fields-card";
import { MfaPolicyCard } from "./mfa-policy-card";
import { RetentionCard } from "./retention-card";
import { TransparencyCard } from "./transparency-card";
import { UsersTable } from "./users-table";

/** Route /admin (001 §2): add a user, bulk upload, and the agency's user table. Role admin only. */
export function AdminScreen() {
  const { user, refresh } = useCurrentUserState();
  if (user?.role !== "admin") return <AdminAccessDenied />;
  return <AdminPanel currentUsername={user.username} refreshCurrentUser={refresh} />;
}

function AdminPanel({
  currentUsername,
  refreshCurrentUser,
}: {
  currentUsername: string;
  refreshCurrentUser: () => Promise<unknown>;
}) {
  const query = useQuery(getAdminData);
  // The last list stays on screen while it reloads after a change, so focus and scroll stay put.
  const [users, setUsers] = useState<TAdminUser[] | null>(null);
  useEffect(() => {
    if (query.status === "success") setUsers(query.data.users);
  }, [query.status, query.data]);

  if (isApiError(query.error, 403)) return <AdminAccessDenied />;

  const onChanged = (changed: TAdminUser) => {
    query.reload();
    if (changed.username === currentUsername) void refreshCurrentUser();
  };

  return (
    <>
      <PageHeader
        title="User Administration"
        eyebrow="Administration"
        description="Add the people of your agency to Odin, set their roles and help them back into their accounts."
      />
      <p>
        <Link to="/admin/webhooks">Alert webhooks for dispatch systems →</Link>
      </p>
      <div className="admin-grid">
        <AddUserForm onAdded={query.reload} />
        <BulkUploadCard onUploaded={query.reload} />
      </div>
      <MfaPolicyCard scope="agency" />
      <Card
        title="Users"
        actions={query.status === "loading" && users && <Spinner size="sm" label="Refreshing" hideLabel />}
      >
        {query.status === "error" && (
          <LoadFailed onRetry={query.reload}>{MESSAGES.failedToFetchAdminData}</LoadFailed>
        )}
        {query.status === "loading" && !users && <Spinner label={MESSAGES.loading} />}
        {query.status !== "error" && users?.length === 0 && (
          <EmptyState title="No users yet" description="Add the first user of your agency above." />
        )}
        {query.status !== "error" && users && users.length > 0 && (
          <UsersTable users={users} currentUsername={currentUsername} onChanged={onChanged} />
        )}
      </Card>
      <CaseFieldsCard />
      <RetentionCard />
      <TransparencyCard />
    </>
  );
}

function AdminAccessDenied() {
  return (
    <MessagePage tone="warning" title={MESSAGES.accessDenied}>
      <p>User administration is for the administrators of your agency.</p>
    </MessagePage>
  );
}
