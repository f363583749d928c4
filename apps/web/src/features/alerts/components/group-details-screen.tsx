import { MESSAGES, type TGroupDetailsResponse } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useParams } from "react-router-dom";
import { useCurrentUser } from "@/lib/auth/current-user";
import { buttonClassName, Card, EmptyState, Notice, PageHeader, Spinner } from "@/components/ui";
import { queryViewState } from "@/components/layouts/query-view";
import { alertQueries } from "../api/queries";
import { canManageGroups, formatDate, parseGroupId } from "./groups/group-format";
import { GroupImage } from "./groups/group-image";
import { HotlistPlatesTable } from "./groups/hotlist-plates-table";

/**
 * Routes /groups/{groupId} and /groups/{groupId}/details (001 §2): name, image, created date,
 * description, members, the hotlist plates; 'Edit Group' for admins and hotlist admins; a link to the
 * group's alert history.
 */
export function GroupDetailsScreen() {
  const groupId = parseGroupId(useParams().groupId);
  const details = useQuery(alertQueries.groupDetails(groupId));
  const state = queryViewState(details);
  const manages = canManageGroups(useCurrentUser());
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;

  const actions = groupId ? (
    <>
      <Link to={`/alerts/group/${groupId}`} className={buttonClassName("secondary")}>
        {MESSAGES.viewAlerts}
      </Link>
      {manages && state === "data" && (
        <Link to={`/groups/${groupId}/edit`} className={buttonClassName("primary")}>
          {MESSAGES.editGroup}
        </Link>
      )}
    </>
  ) : undefined;

  return (
    <>
      <PageHeader
        title={state === "data" && details.data ? details.data.group.name : "Group Details"}
        eyebrow="Alert group"
        actions={actions}
      />
      {typeof notice === "string" && <Notice tone="success">{notice}</Notice>}
      {state === "loading" && <Spinner label={MESSAGES.loading} />}
      {state === "error" && (
        <EmptyState
          title={MESSAGES.groupNotFound}
          action={
            <Link to="/alerts" className={buttonClassName("secondary")}>
              Back to My Alert Groups
            </Link>
          }
        />
      )}
      {state === "data" && details.data && <GroupDetails data={details.data} />}
    </>
  );
}

function GroupDetails({ data: { group, members, plates } }: { data: TGroupDetailsResponse }) {
  return (
    <>
      <Card title="Group">
        <div className="group-summary">
          <GroupImage src={group.image_url} name={group.name} size="large" />
          <dl className="details-list">
            <div>
              <dt>Name</dt>
              <dd>{group.name}</dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>{formatDate(group.created_at)}</dd>
            </div>
            <div className="group-summary__description">
              <dt>Description</dt>
              <dd>{group.description || "—"}</dd>
            </div>
          </dl>
        </div>
      </Card>
      <Card title={`Members (${members.length})`}>
        {members.length === 0 ? (
          <p className="text-muted">This group has no members yet.</p>
        ) : (
          <ul className="member-list">
            {members.map((member) => (
              <li key={member.id}>
                <span className="member-list__name">{member.name}</span>
                <span className="member-list__email">{member.email}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={`Hotlist plates (${plates.length})`}>
        <HotlistPlatesTable plates={plates} />
      </Card>
    </>
  );
}
