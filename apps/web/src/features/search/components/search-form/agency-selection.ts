import type { TAxisAgency, TAxonAuthorizedIntegration, TRekorAgency } from "@odin/contract";

/**
 * One row of an agency section: the `agencies` entries of the search request it stands for, and for
 * Axis (RAVEN) the integration identifiers under it, each tickable on its own.
 */
export interface AgencyEntry {
  key: string;
  label: string;
  /** The checkbox's value attribute (Rekor: String(id), Axon: base_url); none for an Axis agency. */
  value?: string;
  values: string[];
  children?: { value: string; label: string }[];
}

const byLabel = (a: AgencyEntry, b: AgencyEntry) => a.label.localeCompare(b.label);

export const rekorEntries = (agencies: TRekorAgency[]): AgencyEntry[] =>
  agencies
    .map(({ id, agency }) => ({ key: String(id), label: agency, value: String(id), values: [String(id)] }))
    .sort(byLabel);

export const axonEntries = (integrations: TAxonAuthorizedIntegration[]): AgencyEntry[] =>
  integrations
    .map(({ base_url, agency_name }) => ({
      key: base_url,
      label: agency_name,
      value: base_url,
      values: [base_url],
    }))
    .sort(byLabel);

/** Ticking an Axis agency ticks all of its integration identifiers (000 §3). */
export const axisEntries = (agencies: TAxisAgency[]): AgencyEntry[] =>
  agencies
    .map(({ id, agency_name, integrations }) => {
      const identifiers = integrations.map((integration) => integration.identifier);
      return {
        key: String(id),
        label: agency_name,
        values: identifiers,
        children: identifiers.map((identifier) => ({ value: identifier, label: identifier })),
      };
    })
    .sort(byLabel);

export type Tick = "none" | "some" | "all";

/** How much of `values` is ticked: drives a box's checked and indeterminate (mixed) state. */
export function tickOf(values: readonly string[], selected: ReadonlySet<string>): Tick {
  const ticked = values.filter((value) => selected.has(value)).length;
  if (ticked === 0) return "none";
  return ticked === values.length ? "all" : "some";
}

/** `agencies` with `values` ticked (added once, in order) or unticked (removed). */
export function setTicked(agencies: readonly string[], values: readonly string[], on: boolean): string[] {
  if (on) return [...new Set([...agencies, ...values])];
  const removed = new Set(values);
  return agencies.filter((value) => !removed.has(value));
}
