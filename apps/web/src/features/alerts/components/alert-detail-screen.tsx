import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function AlertDetailScreen() {
  return (
    <PlaceholderScreen
      title="Alert Detail"
      eyebrow="Alerts"
      summary="One alert: the read that matched a hotlist plate and why the plate was listed."
      arrivesWith="hotlists"
      capabilities={[
        "See the image, location and time of the read",
        "See when and why the plate was added to the hotlist",
      ]}
    />
  );
}
