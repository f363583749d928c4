import { MESSAGES } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { LoadFailed } from "@/components/layouts/load-failed";
import { queryViewState } from "@/components/layouts/query-view";
import { buttonClassName, Card, EmptyState, PageHeader, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { useInvalidate } from "@/lib/query-client";
import { ownerKeys, ownerQueries } from "../api/queries";
import { AgenciesCard } from "./agencies-card";
import { SignInRulesCard } from "./sign-in-rules-card";
import { OwnerAccessDenied } from "./owner-access-denied";
import { OwnerAddUserForm, type FirstAdminPreset } from "./owner-add-user-form";
import { OwnerUsersTable } from "./owner-users-table";

/** The spec names no message for this load failure: Odin's. */
export const OWNER_DATA_FAILED = "Could not load the users and agencies.";

/**
 * Route /owner (001 §2): add a user to any agency, every user with Reset Password, and the way to
 * camera management; and Odin's Agencies card (issue 15), whose "Add first admin" fills the add-user
 * form. The API decides who the owner is; anyone else gets 'Access Denied'.
 */
export interface OwnerScreenProps {
  /** Cards of other features after the agencies, e.g. the two-step sign-in rule for every agency (app/screens.tsx). */
  extraCards?: ReactNode;
}

export function OwnerScreen({ extraCards }: OwnerScreenProps) {
  // The last answer stays on screen while it reloads after an addition, so the form keeps its message.
  const query = useQuery(ownerQueries.data());
  const state = queryViewState(query);
  const data = query.data;
  const invalidate = useInvalidate();
  // A new preset (another "Add first admin") opens a fresh form: the nonce is its key.
  const [preset, setPreset] = useState<(FirstAdminPreset & { nonce: number }) | null>(null);
  // A user added: the users load again, and the Agencies card counts them (and drops "Add first admin").
  const usersAdded = () => {
    invalidate(ownerKeys.data);
    invalidate(ownerKeys.agencies);
  };
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
      {state === "loading" && <Spinner label={MESSAGES.loading} />}
      {state === "error" && (
        <Card>
          <LoadFailed title={OWNER_DATA_FAILED} onRetry={() => void query.refetch()}>
            {isApiError(query.error) && query.error.code && <p>{query.error.message}</p>}
          </LoadFailed>
        </Card>
      )}
      {state === "data" && data && (
        <>
          <AgenciesCard
            onChanged={() => invalidate(ownerKeys.data)}
            onAddFirstAdmin={(agency) =>
              setPreset({ agencyId: agency.id, agencyName: agency.name, nonce: Date.now() })
            }
          />
          {extraCards}
          <SignInRulesCard agencies={data.agencies} />
          <OwnerAddUserForm
            key={preset?.nonce ?? 0}
            agencies={data.agencies}
            preset={preset}
            onAdded={usersAdded}
          />
          <Card
            title="Users"
            actions={query.isRefetching && <Spinner size="sm" label="Refreshing" hideLabel />}
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
