import { type TAgencyChangeResponse, type TManagedAgency } from "@odin/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { QueryView } from "@/components/layouts/query-view";
import { Button, Card, DataTable, EmptyState, Notice, RowActions, Spinner } from "@/components/ui";
import { isApiError } from "@/lib/api-client";
import { useInvalidate } from "@/lib/query-client";
import { ownerKeys, ownerQueries } from "../api/queries";
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
}

/** Odin's own (issue 15): the owner adds, edits, deactivates and reactivates agencies. */
export function AgenciesCard({ onAddFirstAdmin, onChanged }: AgenciesCardProps) {
  // The last answer stays on screen while it reloads (also after users are added elsewhere on the
  // screen, which invalidates the counts), so the table does not flicker after a change.
  const query = useQuery(ownerQueries.agencies());
  const data = query.data;
  const invalidate = useInvalidate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [flash, setFlash] = useState<string | null>(null);

  const done = (reply: TAgencyChangeResponse) => {
    setDialog(null);
    setFlash(reply.message);
    invalidate(ownerKeys.agencies);
    onChanged();
  };
  const addButton = <Button onClick={() => setDialog({ kind: "add" })}>Add agency</Button>;

  return (
    <Card
      title="Agencies"
      actions={query.status === "success" && query.data.agencies.length > 0 && addButton}
    >
      {flash && <Notice tone="success">{flash}</Notice>}
      <QueryView
        query={query}
        loading={<Spinner label="Loading agencies" />}
        failedTitle={AGENCIES_FAILED}
        failed={(error) => isApiError(error) && error.code && <p>{error.message}</p>}
        isEmpty={(loaded) => loaded.agencies.length === 0}
        empty={
          <EmptyState
            title="No agencies yet"
            description="Add the first agency, then its first admin, who adds everyone else."
            action={addButton}
          />
        }
      >
        {(loaded) => (
          <DataTable columns={COLUMNS} busy={query.isRefetching} label="Agency list">
            {loaded.agencies.map((agency) => (
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
      </QueryView>
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
