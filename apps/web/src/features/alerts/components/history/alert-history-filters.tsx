import { ALERT_DISPOSITION_LABELS, ALERT_DISPOSITIONS, ZGroupAlertsQuery } from "@odin/contract";
import { Field, FilterBar, Input, PlateInput, Options } from "@/components/forms";
import { maxLengthOf } from "@/lib/forms/limits";
import { NO_ALERT_FILTERS, type AlertHistoryFilters } from "../../api/alerts";

const ALERT_FILTER_LIMITS = {
  plate: maxLengthOf(ZGroupAlertsQuery.shape.plate),
  camera: maxLengthOf(ZGroupAlertsQuery.shape.camera),
};

/** Odin's own: the alert history's filters (plate, camera, the read's time, disposition). */
export function AlertHistoryFiltersForm({
  applied,
  onApply,
}: {
  applied: AlertHistoryFilters;
  onApply: (filters: AlertHistoryFilters) => void;
}) {
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
      {({ draft, set, bind, range }) => (
        <>
          <Field label="Plate" name="plate">
            <PlateInput {...bind("plate")} maxLength={ALERT_FILTER_LIMITS.plate} />
          </Field>
          <Field label="Camera" name="camera">
            <Input {...bind("camera")} maxLength={ALERT_FILTER_LIMITS.camera} autoComplete="off" />
          </Field>
          {range}
          <Field label="Disposition" name="disposition">
            <select
              className="input"
              value={draft.disposition}
              onChange={(event) => set({ disposition: event.target.value })}
            >
              <option value="">Any</option>
              <option value="none">Not yet judged</option>
              <Options
                options={ALERT_DISPOSITIONS.map((value) => ({
                  value,
                  label: ALERT_DISPOSITION_LABELS[value],
                }))}
              />
            </select>
          </Field>
        </>
      )}
    </FilterBar>
  );
}
