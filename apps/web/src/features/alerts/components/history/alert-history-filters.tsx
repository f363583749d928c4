import { ALERT_DISPOSITION_LABELS, ALERT_DISPOSITIONS, MESSAGES } from "@odin/contract";
import { useId, useState, type FormEvent } from "react";
import { DateRangeFields, FieldLabel } from "@/components/forms";
import { Button, Notice } from "@/components/ui";
import { NO_ALERT_FILTERS, type AlertHistoryFilters } from "../../api/alerts";

/** Odin's own: the alert history's filters (plate, camera, the read's time, disposition). */
export function AlertHistoryFiltersForm({
  applied,
  onApply,
}: {
  applied: AlertHistoryFilters;
  onApply: (filters: AlertHistoryFilters) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(applied);
  const [invalid, setInvalid] = useState(false);
  const set = (patch: Partial<AlertHistoryFilters>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const backwards = draft.from !== "" && draft.to !== "" && draft.to < draft.from;
    setInvalid(backwards);
    if (!backwards)
      onApply({ ...draft, plate: draft.plate.trim().toUpperCase(), camera: draft.camera.trim() });
  };
  const clear = () => {
    setDraft(NO_ALERT_FILTERS);
    setInvalid(false);
    onApply(NO_ALERT_FILTERS);
  };

  return (
    <form className="alert-filters" onSubmit={submit} noValidate aria-label="Alert history filters">
      <div className="field">
        <FieldLabel htmlFor={`${id}-plate`}>Plate</FieldLabel>
        <input
          id={`${id}-plate`}
          className="input"
          value={draft.plate}
          onChange={(event) => set({ plate: event.target.value })}
          maxLength={20}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <div className="field">
        <FieldLabel htmlFor={`${id}-camera`}>Camera</FieldLabel>
        <input
          id={`${id}-camera`}
          className="input"
          value={draft.camera}
          onChange={(event) => set({ camera: event.target.value })}
          maxLength={200}
          autoComplete="off"
        />
      </div>
      <DateRangeFields
        type="datetime-local"
        start={draft.from}
        end={draft.to}
        onChange={(patch) =>
          set({
            ...(patch.start !== undefined ? { from: patch.start } : {}),
            ...(patch.end !== undefined ? { to: patch.end } : {}),
          })
        }
        backwards={invalid}
      />
      <div className="field">
        <FieldLabel htmlFor={`${id}-disposition`}>Disposition</FieldLabel>
        <select
          id={`${id}-disposition`}
          className="input"
          value={draft.disposition}
          onChange={(event) => set({ disposition: event.target.value })}
        >
          <option value="">Any</option>
          <option value="none">Not yet judged</option>
          {ALERT_DISPOSITIONS.map((value) => (
            <option key={value} value={value}>
              {ALERT_DISPOSITION_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="alert-filters__actions">
        <Button type="submit">Apply</Button>
        <Button variant="secondary" onClick={clear}>
          Clear
        </Button>
      </div>
      {invalid && (
        <div className="alert-filters__alert">
          <Notice tone="danger">{MESSAGES.endBeforeStart}</Notice>
        </div>
      )}
    </form>
  );
}
