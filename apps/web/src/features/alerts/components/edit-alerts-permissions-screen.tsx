import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function EditAlertsPermissionsScreen() {
  return (
    <PlaceholderScreen
      title="Edit Alerts Permissions"
      eyebrow="Alerts"
      summary="Decide who in your agency may manage or view hotlist groups."
      arrivesWith="hotlists"
      capabilities={["Grant or remove Hotlist Admin and Hotlist Viewer for each user"]}
    />
  );
}
