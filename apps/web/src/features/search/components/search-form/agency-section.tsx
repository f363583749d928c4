import type { UseQueryResult } from "@tanstack/react-query";
import { queryViewState } from "@/components/layouts/query-view";
import {
  Button,
  Checkbox,
  CollapsibleSection,
  Notice,
  SourceLogo,
  Spinner,
  type SourceName,
} from "@/components/ui";
import { setTicked, tickOf, type AgencyEntry } from "./agency-selection";

export const NO_AGENCIES_AVAILABLE = "No agencies available";

export interface AgencySectionProps<T> {
  source: SourceName;
  /** The source as users know it (Axis is RAVEN). */
  name: string;
  query: UseQueryResult<T[]>;
  toEntries: (data: T[]) => AgencyEntry[];
  /** The form's `agencies`, every source's entries together. */
  agencies: string[];
  onChange: (agencies: string[]) => void;
}

/** One source's collapsible list of agencies (000 §2, §4): select-all, one box per agency or camera. */
export function AgencySection<T>({
  source,
  name,
  query,
  toEntries,
  agencies,
  onChange,
}: AgencySectionProps<T>) {
  const state = queryViewState(query);
  const entries = state === "data" && query.data ? toEntries(query.data) : [];
  const selected = new Set(agencies);
  const all = entries.flatMap((entry) => entry.values);
  const allTick = tickOf(all, selected);
  const tickedCount = all.filter((value) => selected.has(value)).length;
  const toggle = (values: string[], on: boolean) => onChange(setTicked(agencies, values, on));

  return (
    <CollapsibleSection
      className="agency-section"
      label={`${name} agencies`}
      title={<SourceLogo source={source} />}
      count={state === "data" ? summary(agencies.length, tickedCount, all.length) : undefined}
      selectAll={
        all.length > 0
          ? {
              label: `Select all ${name} agencies`,
              checked: allTick === "all",
              indeterminate: allTick === "some",
              onChange: (on) => toggle(all, on),
            }
          : undefined
      }
    >
      {state === "loading" && <Spinner size="sm" label={`Loading ${name} agencies...`} />}
      {state === "error" && query.error && (
        <div className="agency-section__error">
          <Notice tone="danger">
            {name} agencies could not be loaded. {query.error.message}
          </Notice>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {state === "data" && entries.length === 0 && (
        <p className="agency-section__empty">{NO_AGENCIES_AVAILABLE}</p>
      )}
      {entries.length > 0 && (
        <ul className="checklist agency-list">
          {entries.map((entry) => {
            const tick = tickOf(entry.values, selected);
            return (
              <li key={entry.key}>
                <Checkbox
                  label={entry.label}
                  value={entry.value}
                  checked={tick === "all"}
                  indeterminate={tick === "some"}
                  disabled={entry.values.length === 0}
                  onChange={(event) => toggle(entry.values, event.target.checked)}
                />
                {entry.children && entry.children.length > 0 && (
                  <ul
                    className="checklist agency-list agency-list--nested"
                    aria-label={`${entry.label} integrations`}
                  >
                    {entry.children.map((child) => (
                      <li key={child.value}>
                        <Checkbox
                          className="agency-list__identifier"
                          label={child.label}
                          value={child.value}
                          checked={selected.has(child.value)}
                          onChange={(event) => toggle([child.value], event.target.checked)}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </CollapsibleSection>
  );
}

/** Nothing ticked anywhere searches everything; otherwise a source with nothing ticked is left out. */
function summary(tickedAnywhere: number, ticked: number, total: number): string {
  if (total === 0) return "None available";
  if (tickedAnywhere === 0) return "All agencies";
  return ticked > 0 ? `${ticked} of ${total} selected` : "Not searched";
}
