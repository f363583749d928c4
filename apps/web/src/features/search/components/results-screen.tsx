import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function ResultsScreen() {
  return (
    <PlaceholderScreen
      title="Search Results"
      eyebrow="Search"
      summary="Detections that match your search, newest first, as a table or on a map."
      arrivesWith="search"
      capabilities={[
        "Open any detection for its images, nearest address and map",
        "Export selected results as a PDF report or a ZIP",
        "Refine your previous search",
      ]}
    />
  );
}
