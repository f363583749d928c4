import type { TInvestigationType } from "@odin/contract";
import { AreaTab } from "./area-tab";
import { CompanionsTab } from "./companions-tab";
import { PatternTab } from "./pattern-tab";
import { PlacesTab } from "./places-tab";

export const INVESTIGATION_TABS: { type: TInvestigationType; label: string }[] = [
  { type: "area", label: "Area and time" },
  { type: "places", label: "Seen at several places" },
  { type: "companions", label: "Travelling with" },
  { type: "pattern", label: "Vehicle pattern" },
];

/** One investigation's tab panel (issue 22). */
export function InvestigationPanel({ type }: { type: TInvestigationType }) {
  switch (type) {
    case "area":
      return <AreaTab />;
    case "places":
      return <PlacesTab />;
    case "companions":
      return <CompanionsTab />;
    case "pattern":
      return <PatternTab />;
  }
}
