import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function GroupDetailsScreen() {
  return (
    <PlaceholderScreen
      title="Group Details"
      eyebrow="Alerts"
      summary="The members and hotlist plates of this group."
      arrivesWith="hotlists"
      capabilities={[
        "See who receives this group's alerts",
        "Review the plates on its hotlist and their attachments",
      ]}
    />
  );
}
