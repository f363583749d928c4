import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function EditGroupScreen() {
  return (
    <PlaceholderScreen
      title="Edit Group"
      eyebrow="Alerts"
      summary="Change this group's name, members and hotlist plates."
      arrivesWith="hotlists"
      capabilities={[
        "Add or remove members by agency",
        "Add plates one at a time or upload a CSV",
        "Archive the group",
      ]}
    />
  );
}
