import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function CreateGroupScreen() {
  return (
    <PlaceholderScreen
      title="Create Group"
      eyebrow="Alerts"
      summary="Start a new hotlist group for your agency."
      arrivesWith="hotlists"
      capabilities={["Name and describe the group", "Choose its members by agency"]}
    />
  );
}
