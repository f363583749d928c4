import type { THotlistPlate } from "@odin/contract";
import { useState } from "react";
import { Button, DataTable, EmptyState, Notice, Plate } from "@/components/ui";
import type { NewPlate } from "../../api/groups";
import { formatDate, matchStrategyLabel } from "./group-format";

const COLUMNS = ["Plate", "State", "Match", "Reason", "Notes", "Date Added", { hidden: "Actions" }];

export interface EditPlatesListProps {
  saved: THotlistPlate[];
  added: NewPlate[];
  removing: number | null;
  error: string | null;
  onRemoveSaved: (plate: THotlistPlate) => void;
  onDropAdded: (key: string) => void;
  disabled?: boolean;
}

/**
 * The group's plates on the edit screen, each with Remove; new ones are marked until saved. A saved
 * plate leaves the server at once, so its Remove asks first (issue 20 item 10): "Confirm remove" or
 * "Keep" in its row. A new plate is only dropped from the list, so it goes at once.
 */
export function EditPlatesList(props: EditPlatesListProps) {
  const { saved, added, removing, error, onRemoveSaved, onDropAdded, disabled = false } = props;
  const [confirming, setConfirming] = useState<number | null>(null);
  return (
    <>
      {error && <Notice tone="danger">{error}</Notice>}
      {saved.length === 0 && added.length === 0 ? (
        <EmptyState
          title="No plates on this hotlist yet."
          description="Add one above or upload a CSV file."
        />
      ) : (
        <DataTable columns={COLUMNS} className="plates-table" caption="Plates of this group">
          {added.map((plate) => (
            <tr key={plate.key} className="plates-table__new">
              <td className="plates-table__plate">
                <Plate>{plate.number}</Plate>
              </td>
              <td>{plate.state || "—"}</td>
              <td>{matchStrategyLabel(plate.matchStrategy)}</td>
              <td>{plate.reason || "—"}</td>
              <td className="plates-table__notes">
                {plate.notes || "—"}
                {plate.attachment && <span className="plates-table__file">{plate.attachment.name}</span>}
              </td>
              <td>
                <span className="badge">Not saved yet</span>
              </td>
              <td className="plates-table__action">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={disabled}
                  aria-label={`Remove ${plate.number}`}
                  onClick={() => onDropAdded(plate.key)}
                >
                  Remove
                </Button>
              </td>
            </tr>
          ))}
          {saved.map((plate) => (
            <tr key={plate.id}>
              <td className="plates-table__plate">
                <Plate>{plate.plate_number}</Plate>
              </td>
              <td>{plate.state || "—"}</td>
              <td>{matchStrategyLabel(plate.match_strategy)}</td>
              <td>{plate.reason || "—"}</td>
              <td className="plates-table__notes">{plate.notes || "—"}</td>
              <td>{formatDate(plate.created_at)}</td>
              <td className="plates-table__action">
                {confirming === plate.id || removing === plate.id ? (
                  <div className="row-actions" role="group" aria-label={`Remove ${plate.plate_number}?`}>
                    <Button
                      variant="danger"
                      size="sm"
                      busy={removing === plate.id}
                      disabled={disabled || removing !== null}
                      aria-label={`Confirm removing ${plate.plate_number}`}
                      onClick={() => {
                        setConfirming(null);
                        onRemoveSaved(plate);
                      }}
                    >
                      Confirm remove
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={removing === plate.id}
                      aria-label={`Keep ${plate.plate_number}`}
                      onClick={() => setConfirming(null)}
                    >
                      Keep
                    </Button>
                  </div>
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={disabled || removing !== null}
                    aria-label={`Remove ${plate.plate_number}`}
                    onClick={() => setConfirming(plate.id)}
                  >
                    Remove
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
