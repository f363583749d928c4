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
 * Why the flags do not narrow results yet: none of the connected programs reports these features.
 * Shown under the flags, and on the results of a search that ticked one, so nobody trusts a filter
 * that was not applied.
 */
export const FLAGS_NOT_APPLIED =
  "Rekor, Axon and RAVEN do not report these features yet: they are kept with the search in the audit " +
  "log but do not narrow the results.";

/** The four flags of the search request (000 §3). */
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
      <p className="field__hint search-flags__hint">{FLAGS_NOT_APPLIED}</p>
    </>
  );
}
