import { MESSAGES } from "@odin/contract";
import { useCallback } from "react";
import { Link, useParams } from "react-router-dom";
import { Button, buttonClassName, EmptyState, PageHeader, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { useQuery } from "@/lib/use-query";
import { GroupAlertSettingsCard } from "@/features/alert-delivery/components/group-alert-settings-card";
import { getEditGroupData } from "../api/groups";
import { EditGroupForm } from "./groups/edit-group-form";
import { parseGroupId } from "./groups/group-format";

const notFound = () => Promise.reject(new Error(MESSAGES.groupNotFound));

/**
 * Route /groups/{groupId}/edit (001 §2): loads GET /groups/{groupId}/edit-data, then the edit form.
 * The server answers only admins and hotlist admins of the group's agency; anyone else, and a group
 * that does not exist, sees 'Group not found or failed to load.'
 */
export function EditGroupScreen() {
  const groupId = parseGroupId(useParams().groupId);
  const data = useQuery(useCallback(() => (groupId ? getEditGroupData(groupId) : notFound()), [groupId]));

  return (
    <>
      <PageHeader
        title="Edit Group"
        eyebrow="Alerts"
        description={data.status === "success" ? data.data.group.name : undefined}
      />
      {data.status === "loading" && <Spinner label={MESSAGES.loading} />}
      {data.status === "error" && (
        <EmptyState
          title={MESSAGES.groupNotFound}
          description={data.error.message === MESSAGES.groupNotFound ? undefined : data.error.message}
          action={
            <div className="form-actions">
              {/* A refusal or a missing group does not change on a retry; a failed load may. */}
              {!(isApiError(data.error, 403) || isApiError(data.error, 404) || !groupId) && (
                <Button variant="secondary" onClick={data.reload}>
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
      {data.status === "success" && groupId && (
        <>
          <EditGroupForm groupId={groupId} data={data.data} />
          <GroupAlertSettingsCard groupId={groupId} />
        </>
      )}
    </>
  );
}
