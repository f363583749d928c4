import { MESSAGES } from "@odin/contract";
import { Checkbox } from "@/components/ui";
import { FILTER_FLAGS, type FilterFlag, type SearchForm } from "../../search-params";

export const FLAG_LABELS: Record<FilterFlag, string> = {
  top_rack: "Top rack",
  back_rack: "Back rack",
  bumper_stickers: "Bumper stickers",
  window_stickers: "Window stickers",
};

export interface FeatureFlagsProps {
  filters: SearchForm["filters"];
  onChange: (filters: SearchForm["filters"]) => void;
}

/**
 * The four flags of the search request (000 §3). None of the connected programs reports these
 * features, so the form says they do not narrow results instead of ignoring them silently.
 */
export function FeatureFlags({ filters, onChange }: FeatureFlagsProps) {
  return (
    <>
      <ul className="search-flags">
        {FILTER_FLAGS.map((flag) => (
          <li key={flag}>
            <Checkbox
              label={FLAG_LABELS[flag]}
              value={flag}
              checked={filters[flag]}
              onChange={(event) => onChange({ ...filters, [flag]: event.target.checked })}
            />
          </li>
        ))}
      </ul>
      <p className="field__hint search-flags__hint">{MESSAGES.featuresNotApplied}</p>
    </>
  );
}
