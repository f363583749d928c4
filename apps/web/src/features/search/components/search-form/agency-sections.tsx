import { useAxisAgencies, useAxonIntegrations, useRekorAgencies } from "../../api/search";
import { AgencySection } from "./agency-section";
import { axisEntries, axonEntries, rekorEntries } from "./agency-selection";

export const ALL_AGENCIES_HINT = "Nothing ticked searches every agency you have access to.";

export interface AgencySectionsProps {
  agencies: string[];
  onChange: (agencies: string[]) => void;
}

/** The three sources' agency lists, each loaded on its own so one failing source does not hide the others. */
export function AgencySections({ agencies, onChange }: AgencySectionsProps) {
  const rekor = useRekorAgencies();
  const axon = useAxonIntegrations();
  const axis = useAxisAgencies();
  const shared = { agencies, onChange };
  return (
    <>
      <div className="agency-sections">
        <AgencySection source="Rekor" name="Rekor" query={rekor} toEntries={rekorEntries} {...shared} />
        <AgencySection source="Axon" name="Axon" query={axon} toEntries={axonEntries} {...shared} />
        <AgencySection source="Axis" name="RAVEN" query={axis} toEntries={axisEntries} {...shared} />
      </div>
      <p className="field__hint agency-sections__hint">{ALL_AGENCIES_HINT}</p>
    </>
  );
}
