import {
  type TAgencyChangeResponse,
  type TManagedAgenciesResponse,
  type TManagedAgency,
} from "@odin/contract";
import { useEffect, useState } from "react";
import { LoadFailed } from "@/components/layouts/load-failed";
import { Button, Card, DataTable, EmptyState, Notice, RowActions, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { useQuery } from "@/lib/use-query";
import { getManagedAgencies } from "../api/agencies";
import { AgencyFormDialog } from "./agency-form-dialog";
import { AgencyStatusDialog } from "./agency-status-dialog";

/** The spec names no message for this load failure: Odin's. */
export const AGENCIES_FAILED = "Could not load the agencies.";

const COLUMNS = ["Name", "Code", "Time zone", "Users", "Status", { hidden: "Actions" }];

type Dialog =
  | { kind: "add" }
  | { kind: "edit"; agency: TManagedAgency }
  | { kind: "status"; agency: TManagedAgency }
  | null;

export interface AgenciesCardProps {
  /** "Add first admin": the owner's add-user form, with this agency and role admin chosen. */
  onAddFirstAdmin: (agency: TManagedAgency) => void;
  /** An agency was added or changed: lists that name agencies should load again. */
  onChanged: () => void;
  /** Changes when users were added elsewhere on the screen: the counts load again. */
  version?: number;
}

/** Odin's own (issue 15): the owner adds, edits, deactivates and reactivates agencies. */
export function AgenciesCard({ onAddFirstAdmin, onChanged, version = 0 }: AgenciesCardProps) {
  const query = useQuery(getManagedAgencies);
  const { reload } = query;
  // The last answer stays on screen while it reloads, so the table does not flicker after a change.
  const [data, setData] = useState<TManagedAgenciesResponse | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [flash, setFlash] = useState<string | null>(null);
  useEffect(() => {
    if (query.status === "success") setData(query.data);
  }, [query.status, query.data]);
  useEffect(() => {
    if (version > 0) reload();
  }, [version, reload]);

  const done = (reply: TAgencyChangeResponse) => {
    setDialog(null);
    setFlash(reply.message);
    query.reload();
    onChanged();
  };
  const addButton = <Button onClick={() => setDialog({ kind: "add" })}>Add agency</Button>;

  return (
    <Card
      title="Agencies"
      actions={query.status === "success" && query.data.agencies.length > 0 && addButton}
    >
      {flash && <Notice tone="success">{flash}</Notice>}
      {query.status === "loading" && <Spinner label="Loading agencies" />}
      {query.status === "error" && (
        <LoadFailed title={AGENCIES_FAILED} onRetry={query.reload}>
          {isApiError(query.error) && query.error.code && <p>{query.error.message}</p>}
        </LoadFailed>
      )}
      {query.status !== "error" && data?.agencies.length === 0 && (
        <EmptyState
          title="No agencies yet"
          description="Add the first agency, then its first admin, who adds everyone else."
          action={addButton}
        />
      )}
      {query.status !== "error" && data && data.agencies.length > 0 && (
        <DataTable columns={COLUMNS} busy={query.status === "loading"} label="Agency list">
          {data.agencies.map((agency) => (
            <tr key={agency.id}>
              <td>{agency.name}</td>
              <td>
                <code>{agency.code}</code>
              </td>
              <td>{agency.time_zone.replaceAll("_", " ")}</td>
              <td>
                {agency.user_count}
                {agency.user_count > 0 && agency.admin_count === 0 && " (no admin)"}
              </td>
              <td>
                <span className={agency.active ? "badge" : "badge badge--muted"}>
                  {agency.active ? "Active" : "Deactivated"}
                </span>
              </td>
              <td>
                <RowActions label={agency.name}>
                  {agency.active && agency.admin_count === 0 && (
                    <Button size="sm" onClick={() => onAddFirstAdmin(agency)}>
                      Add first admin
                    </Button>
                  )}
                  <Button variant="secondary" size="sm" onClick={() => setDialog({ kind: "edit", agency })}>
                    Edit
                  </Button>
                  <Button
                    variant={agency.active ? "ghost" : "secondary"}
                    size="sm"
                    onClick={() => setDialog({ kind: "status", agency })}
                  >
                    {agency.active ? "Deactivate" : "Reactivate"}
                  </Button>
                </RowActions>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {(dialog?.kind === "add" || dialog?.kind === "edit") && (
        <AgencyFormDialog
          agency={dialog.kind === "edit" ? dialog.agency : null}
          defaultRetentionDays={data?.default_retention_days ?? 30}
          onSaved={done}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "status" && (
        <AgencyStatusDialog agency={dialog.agency} onDone={done} onClose={() => setDialog(null)} />
      )}
    </Card>
  );
}
