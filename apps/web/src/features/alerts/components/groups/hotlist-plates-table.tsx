import { MESSAGES, type THotlistPlate } from "@odin/contract";
import { useState } from "react";
import { Button, DataTable, EmptyState, Notice, Plate } from "@/components/ui";
import { orNotAvailable } from "@/lib/format";
import { getAttachmentUrl } from "../../api/groups";
import { formatDate, matchStrategyLabel } from "./group-format";

/** The spec's columns, then Odin's "Match" (issue 19: Exact or Lenient). */
const COLUMNS = [
  "Plate",
  "State",
  "Reason",
  "Notes",
  "Date Added",
  "Added By",
  "Agency",
  "Attachment View",
  "Match",
];

/**
 * The group's hotlist plates (001 §2): Plate, State, Reason, Notes, Date Added, Added By, Agency,
 * Attachment View. An attachment opens through a short-lived URL asked for on click, in a new tab.
 */
export function HotlistPlatesTable({ plates }: { plates: THotlistPlate[] }) {
  const [opening, setOpening] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  if (plates.length === 0) {
    return (
      <EmptyState title="No plates on this hotlist yet." description="Plates added to the group show here." />
    );
  }

  const open = async (plate: THotlistPlate, filename: string) => {
    setOpening(plate.id);
    setFailed(false);
    try {
      const url = await getAttachmentUrl(filename, plate.id);
      window.open(url, "_blank", "noopener,noreferrer");
    } catch {
      setFailed(true);
    } finally {
      setOpening(null);
    }
  };

  return (
    <>
      {failed && <Notice tone="danger">{MESSAGES.failedToLoadAttachment}</Notice>}
      <DataTable columns={COLUMNS} className="plates-table" caption="Hotlist plates">
        {plates.map((plate) => (
          <tr key={plate.id}>
            <td className="plates-table__plate">
              <Plate>{plate.plate_number}</Plate>
            </td>
            <td>{orNotAvailable(plate.state)}</td>
            <td>{orNotAvailable(plate.reason)}</td>
            <td className="plates-table__notes">{orNotAvailable(plate.notes)}</td>
            <td>{formatDate(plate.created_at)}</td>
            <td>{orNotAvailable(plate.added_by_name)}</td>
            <td>{orNotAvailable(plate.added_by_agency)}</td>
            <td>
              {plate.attachment_path ? (
                <Button
                  variant="secondary"
                  size="sm"
                  busy={opening === plate.id}
                  aria-label={`View attachment of ${plate.plate_number}`}
                  onClick={() => void open(plate, plate.attachment_path!)}
                >
                  View
                </Button>
              ) : (
                <span className="text-muted">None</span>
              )}
            </td>
            <td>{matchStrategyLabel(plate.match_strategy)}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
