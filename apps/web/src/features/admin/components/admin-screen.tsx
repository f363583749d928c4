import { MESSAGES, type TAdminUser } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { useCurrentUserState } from "@/lib/auth/current-user";
import { MessagePage } from "@/components/layouts/message-page";
import { QueryView } from "@/components/layouts/query-view";
import { Card, EmptyState, PageHeader, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { useInvalidate } from "@/lib/query-client";
import { adminKeys, adminQueries } from "../api/queries";
import { AddUserForm } from "./add-user-form";
import { AlertEmailCard } from "./alert-email-card";
import { BulkUploadCard } from "./bulk-upload-card";
import { CaseFieldsCard } from "./case-fields-card";
import { MfaPolicyCard } from "./mfa-policy-card";
import { RetentionCard } from "./retention-card";
import { ScimTokenCard } from "./scim-token-card";
import { ApiClientsCard } from "./api-clients-card";
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
  // The last list stays on screen while it reloads after a change, so focus and scroll stay put.
  const query = useQuery(adminQueries.users());
  const invalidate = useInvalidate();
  const reloadUsers = () => invalidate(adminKeys.users);

  if (isApiError(query.error, 403)) return <AdminAccessDenied />;

  const onChanged = (changed: TAdminUser) => {
    reloadUsers();
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
        <AddUserForm onAdded={reloadUsers} />
        <BulkUploadCard onUploaded={reloadUsers} />
      </div>
      <MfaPolicyCard scope="agency" />
      <ScimTokenCard />
      <ApiClientsCard />
      <Card
        title="Users"
        actions={query.isRefetching && query.isSuccess && <Spinner size="sm" label="Refreshing" hideLabel />}
      >
        <QueryView
          query={query}
          failed={() => MESSAGES.failedToFetchAdminData}
          isEmpty={(data) => data.users.length === 0}
          empty={<EmptyState title="No users yet" description="Add the first user of your agency above." />}
        >
          {(data) => (
            <UsersTable users={data.users} currentUsername={currentUsername} onChanged={onChanged} />
          )}
        </QueryView>
      </Card>
      <CaseFieldsCard />
      <RetentionCard />
      <AlertEmailCard />
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
