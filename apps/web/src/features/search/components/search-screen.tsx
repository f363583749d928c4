import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";
import { Card, SourceLogo, type SourceName } from "@/components/ui";

const SOURCES: { source: SourceName; description: string }[] = [
  { source: "Rekor", description: "Searched live with your agencies' Rekor keys" },
  { source: "Axon", description: "Searched live through your Axon integration" },
  { source: "Axis", description: "Reads sent by RAVEN cameras straight to Odin" },
];

export function SearchScreen() {
  return (
    <PlaceholderScreen
      title="Search LPR Records"
      eyebrow="Search"
      summary="Search license-plate detections from Rekor, Axon and RAVEN cameras in one request."
      arrivesWith="search"
      capabilities={[
        "Filter by plate, state, color, make, body type and time range",
        "Choose the agencies to search in each source",
        "Record the justification every search requires",
      ]}
    >
      <Card title="Sources">
        <ul className="source-list">
          {SOURCES.map(({ source, description }) => (
            <li key={source}>
              <SourceLogo source={source} />
              <span>{description}</span>
            </li>
          ))}
        </ul>
      </Card>
    </PlaceholderScreen>
  );
}
