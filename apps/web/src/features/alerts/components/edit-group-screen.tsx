import { MESSAGES } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router-dom";
import { Button, buttonClassName, EmptyState, PageHeader, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { queryViewState } from "@/components/layouts/query-view";
import { alertQueries } from "../api/queries";
import { EditGroupForm } from "./groups/edit-group-form";
import { parseGroupId } from "./groups/group-format";

/**
 * Route /groups/{groupId}/edit (001 §2): loads GET /groups/{groupId}/edit-data, then the edit form.
 * The server answers only admins and hotlist admins of the group's agency; anyone else, and a group
 * that does not exist, sees 'Group not found or failed to load.'
 */
export interface EditGroupScreenProps {
  /** Cards of other features under the form, e.g. the group's alerting settings (composed in app/screens.tsx). */
  extraCards?: (groupId: number) => ReactNode;
}

export function EditGroupScreen({ extraCards }: EditGroupScreenProps) {
  const groupId = parseGroupId(useParams().groupId);
  const data = useQuery(alertQueries.editGroupData(groupId));
  const state = queryViewState(data);

  return (
    <>
      <PageHeader
        title="Edit Group"
        eyebrow="Alerts"
        description={state === "data" ? data.data?.group.name : undefined}
      />
      {state === "loading" && <Spinner label={MESSAGES.loading} />}
      {state === "error" && data.error && (
        <EmptyState
          title={MESSAGES.groupNotFound}
          description={data.error.message === MESSAGES.groupNotFound ? undefined : data.error.message}
          action={
            <div className="form-actions">
              {/* A refusal or a missing group does not change on a retry; a failed load may. */}
              {!(isApiError(data.error, 403) || isApiError(data.error, 404) || !groupId) && (
                <Button variant="secondary" onClick={() => void data.refetch()}>
                  Try again
                </Button>
              )}
              <Link to="/alerts" className={buttonClassName("secondary")}>
                Back to My Alert Groups
              </Link>
            </div>
          }
        />
      )}
      {state === "data" && data.data && groupId && (
        <>
          <EditGroupForm groupId={groupId} data={data.data} />
          {extraCards?.(groupId)}
        </>
      )}
    </>
  );
}
