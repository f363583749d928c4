import { useId, useState, type ReactNode } from "react";
import { FILTER_FLAGS, type SearchForm } from "../../search-params";
import { FLAG_LABELS } from "./feature-flags";
import { VEHICLE_FIELD_LABELS, vehicleValueLabel } from "./vehicle-fields";

export const MORE_FILTERS = "More filters";
/** Under the button, so what the drawer holds is never a guess. */
export const MORE_FILTERS_HINT = "State, color, make, body type, agencies and vehicle features.";

export type MoreFilterValues = Pick<
  SearchForm,
  "plate_state" | "vehicle_color" | "vehicle_make" | "vehicle_body_type" | "agencies" | "filters"
>;

/** What the drawer's filters narrow, one short phrase each: "Make Honda", "Agencies 3", "Top rack". */
export function moreFiltersSet(values: MoreFilterValues): string[] {
  const vehicle = VEHICLE_FIELD_LABELS.filter(({ name }) => values[name]).map(
    ({ name, label }) => `${label} ${vehicleValueLabel(name, values[name])}`,
  );
  const agencies = values.agencies.length ? [`Agencies ${values.agencies.length}`] : [];
  const flags = FILTER_FLAGS.filter((flag) => values.filters[flag]).map((flag) => FLAG_LABELS[flag]);
  return [...vehicle, ...agencies, ...flags];
}

/** The button's words after "More filters": "2 set: Make Honda, Agencies 3", or "none set". */
export function moreFiltersSummary(values: MoreFilterValues): string {
  const set = moreFiltersSet(values);
  return set.length ? `${set.length} set: ${set.join(", ")}` : "none set";
}

export interface MoreFiltersProps {
  values: MoreFilterValues;
  children: ReactNode;
}

/**
 * Issue 40 item 2: the filters a search seldom sets, in a drawer after Search and the time range, so
 * that plate, justification, match, case fields and Search are the first Tab stops. Folded, it says what
 * is set; its controls stay mounted (the agency lists load, Clear resets them) but leave the Tab order.
 */
export function MoreFilters({ values, children }: MoreFiltersProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="more-filters">
      <button
        type="button"
        className="more-filters__toggle"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        aria-describedby={`${id}-hint`}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="more-filters__chevron" aria-hidden="true" />
        <span className="more-filters__title">{MORE_FILTERS}</span>
        <span className="more-filters__summary"> · {moreFiltersSummary(values)}</span>
      </button>
      <p id={`${id}-hint`} className="field__hint more-filters__hint">
        {MORE_FILTERS_HINT}
      </p>
      <div id={`${id}-body`} className="more-filters__body" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
