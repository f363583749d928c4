import { MESSAGES } from "@odin/contract";
import { use, useEffect, useRef, useState, type FormEvent } from "react";
import { Field } from "@/components/forms";
import { CurrentUserContext } from "@/lib/auth/current-user";
import { Button, Card, Notice } from "@/components/ui";
import { formatTimestamp } from "@/lib/format";
import { loadRecentSearches, type RecentSearch } from "../search-memory";
import { fromSearchRequest, presetRange } from "../search-params";
import { JustificationInput } from "./search-form/justification-bar";
import { SearchLoadingModal } from "./search-form/search-loading-modal";
import { useSearchSubmit } from "./search-form/use-search-submit";
import { MATCH_LABELS } from "./search-form/vehicle-fields";

/**
 * One line saying what a recent search asked: the plate with its match mode, and the case number
 * (issue 40 item 2), then the vehicle, the range and the agencies.
 */
export function describeRecentSearch(entry: RecentSearch): string {
  const { params } = entry;
  const parts = [
    params.plate ? `Plate ${params.plate.toUpperCase()}` : "Any plate",
    // A search without a plate compares none: it has no match mode.
    ...(params.plate ? [`${MATCH_LABELS[params.match ?? "similar"]} match`] : []),
    params.case_number ? `Case ${params.case_number}` : "No case number",
    ...(params.offense_category ? [params.offense_category] : []),
    ...[params.plate_state, params.vehicle_make, params.vehicle_color, params.vehicle_body_type].filter(
      Boolean,
    ),
    entry.preset
      ? `Last ${entry.preset}`
      : `${formatTimestamp(params.start_time)} to ${formatTimestamp(params.end_time)}`,
    params.agencies?.length
      ? `${params.agencies.length} ${params.agencies.length === 1 ? "agency" : "agencies"}`
      : "all agencies",
  ];
  return parts.join(" · ");
}

/**
 * "Recent searches" on the search screen (issue 20), beside the form on wide screens (issue 40 item 2):
 * this tab's last searches, newest first, each re-run in place. The justification is never kept: a re-run asks for it again, and the search is
 * audited like any other. A preset's range ("Last 24 hours") is re-run up to now.
 */
export function RecentSearches() {
  const owner = use(CurrentUserContext).user?.username ?? "";
  const [searches] = useState(() => loadRecentSearches(owner));
  const [running, setRunning] = useState<number | null>(null);
  if (searches.length === 0) return null;
  return (
    <Card title="Recent searches" className="recent-searches">
      <ol className="recent-searches__list">
        {searches.map((entry, index) => (
          <li key={`${entry.ran_at}-${index}`} className="recent-searches__item">
            <div className="recent-searches__summary">
              <span className="recent-searches__what">{describeRecentSearch(entry)}</span>
              <span className="recent-searches__when">Ran {formatTimestamp(entry.ran_at)}</span>
            </div>
            {running === index ? (
              <RerunForm entry={entry} onCancel={() => setRunning(null)} />
            ) : (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Run again: ${describeRecentSearch(entry)}`}
                onClick={() => setRunning(index)}
              >
                Run again
              </Button>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}

function RerunForm({ entry, onCancel }: { entry: RecentSearch; onCancel: () => void }) {
  const [justification, setJustification] = useState("");
  const input = useRef<HTMLInputElement>(null);
  // The form opens from its Run again button: the justification it asks for takes the focus.
  useEffect(() => input.current?.focus(), []);
  const { state, submit } = useSearchSubmit();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = fromSearchRequest({ ...entry.params, justification });
    void submit(entry.preset ? { ...form, preset: entry.preset, ...presetRange(entry.preset) } : form);
  };
  return (
    <form className="recent-searches__rerun" onSubmit={onSubmit} noValidate aria-label="Run the search again">
      <Field label="Justification" name="justification">
        <JustificationInput ref={input} value={justification} onValue={setJustification} />
      </Field>
      <div className="recent-searches__actions">
        <Button type="submit" size="sm" busy={state.status === "busy"}>
          Search
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {state.status === "invalid" && <Notice tone="danger">{state.message}</Notice>}
      {state.status === "failed" && <Notice tone="danger">{MESSAGES.searchFailed}</Notice>}
      <SearchLoadingModal open={state.status === "busy"} />
    </form>
  );
}
