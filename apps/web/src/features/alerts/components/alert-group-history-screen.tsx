import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function AlertGroupHistoryScreen() {
  return (
    <PlaceholderScreen
      title="Alert History"
      eyebrow="Alerts"
      summary="Every alert raised for this hotlist group, newest first."
      arrivesWith="hotlists"
      capabilities={[
        "See where and when a listed plate was read",
        "Open an alert for its image, address and map",
      ]}
    />
  );
}
