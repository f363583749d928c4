import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function AlertGroupsScreen() {
  return (
    <PlaceholderScreen
      title="My Alert Groups"
      eyebrow="Alerts"
      summary="Hotlist groups you belong to and the latest alert each one raised."
      arrivesWith="hotlists"
      capabilities={[
        "View the alerts of each group",
        "Create groups and edit who may manage them",
        "Turn push alerts on or off for the mobile app",
      ]}
    />
  );
}
