import { MESSAGES, ZSearchRequestFields, type TAlert, type TSearchResult } from "@odin/contract";
import { useState, type FormEvent } from "react";
import { Field, Input } from "@/components/forms";
import { Button, Card, DataTable, Notice, SourceLogo } from "@/components/ui";
import { formatTimestamp, orNotAvailable, utcNaiveToIso } from "@/lib/format";
import { maxLengthOf } from "@/lib/forms/limits";
import { searchPlateReads } from "../../api/alerts";

const JUSTIFICATION_MAX = maxLengthOf(ZSearchRequestFields.shape.justification);

const DAY_MS = 24 * 3_600_000;

type ReadsState =
  | { status: "idle" }
  | { status: "busy" }
  | { status: "failed" }
  | { status: "done"; reads: TSearchResult[]; justification: string };

/** The alert's own read, left out of "other reads": same program, time and camera. */
function isAlertRead(alert: TAlert, read: TSearchResult): boolean {
  return (
    read.source_program === alert.source_program &&
    Date.parse(read.timestamp) === Date.parse(utcNaiveToIso(alert.timestamp)) &&
    (read.camera_name ?? null) === (alert.camera ?? null)
  );
}

/**
 * The alert page's "other reads of this plate in the last 24 hours" (issue 20). It is a search like
 * any other (POST /search-data: the caller's searchable agencies only, one audit row with the plate and
 * the justification), run only when asked, with a justification that names the alert and may be
 * edited: opening an alert writes nothing to the audit log.
 */
export function PlateReads({ alert }: { alert: TAlert }) {
  const [justification, setJustification] = useState(
    `Hotlist alert #${alert.id}: other reads of ${alert.plate}`,
  );
  const [state, setState] = useState<ReadsState>({ status: "idle" });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = justification.trim();
    if (!reason || state.status === "busy") return;
    setState({ status: "busy" });
    const now = Date.now();
    try {
      const results = await searchPlateReads({
        plate: alert.plate,
        match: "exact",
        plate_state: undefined,
        vehicle_color: undefined,
        vehicle_make: undefined,
        vehicle_body_type: undefined,
        justification: reason,
        start_time: new Date(now - DAY_MS).toISOString(),
        end_time: new Date(now).toISOString(),
        agencies: [],
        filters: { top_rack: false, back_rack: false, bumper_stickers: false, window_stickers: false },
      });
      setState({
        status: "done",
        reads: results.filter((read) => !isAlertRead(alert, read)),
        justification: reason,
      });
    } catch {
      setState({ status: "failed" });
    }
  };

  return (
    <Card title={`Other reads of ${alert.plate}, last 24 hours`} className="plate-reads">
      <form className="plate-reads__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field
          label="Justification"
          name="justification"
          className="plate-reads__field"
          hint="Looking up the plate is a search: it is recorded in the audit log with this justification."
        >
          <Input
            value={justification}
            maxLength={JUSTIFICATION_MAX}
            autoComplete="off"
            required
            onValue={setJustification}
          />
        </Field>
        <Button type="submit" busy={state.status === "busy"} disabled={!justification.trim()}>
          Show reads
        </Button>
      </form>
      <div aria-live="polite">
        {state.status === "failed" && <Notice tone="danger">{MESSAGES.searchFailed}</Notice>}
        {state.status === "done" && state.reads.length === 0 && (
          <p className="plate-reads__none">No other reads of {alert.plate} in the last 24 hours.</p>
        )}
      </div>
      {state.status === "done" && state.reads.length > 0 && (
        <DataTable
          columns={["Program", "Timestamp", "Camera", "Agency", "State"]}
          label={`Other reads of ${alert.plate}`}
        >
          {state.reads.map((read) => (
            <tr key={`${read.source_program}:${read.id}`}>
              <td>
                <SourceLogo source={read.source_program} size="sm" />
              </td>
              <td>{formatTimestamp(read.timestamp)}</td>
              <td>{orNotAvailable(read.camera_name)}</td>
              <td>{orNotAvailable(read.agency)}</td>
              <td>{orNotAvailable(read.plate_state)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}
