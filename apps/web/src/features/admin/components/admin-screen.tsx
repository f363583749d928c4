import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function AdminScreen() {
  return (
    <PlaceholderScreen
      title="User Administration"
      eyebrow="Administration"
      summary="Manage the Odin accounts of your agency."
      arrivesWith="administration"
      capabilities={[
        "Add users one at a time or from a CSV file",
        "Change roles, send password resets and remove users",
      ]}
    />
  );
}
