import { ALERT_DISPOSITION_LABELS, ALERT_DISPOSITIONS } from "@odin/contract";
import { useId } from "react";
import { FieldLabel, FilterBar } from "@/components/forms";
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
  return (
    <FilterBar
      label="Alert history filters"
      className="alert-filters"
      collapsible
      applied={applied}
      empty={NO_ALERT_FILTERS}
      range={{ start: "from", end: "to", type: "datetime-local" }}
      normalise={(draft) => ({
        ...draft,
        plate: draft.plate.trim().toUpperCase(),
        camera: draft.camera.trim(),
      })}
      onApply={onApply}
    >
      {({ draft, set, range }) => (
        <>
          <div className="field">
            <FieldLabel htmlFor={`${id}-plate`}>Plate</FieldLabel>
            <input
              id={`${id}-plate`}
              className="input plate"
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
          {range}
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
        </>
      )}
    </FilterBar>
  );
}
