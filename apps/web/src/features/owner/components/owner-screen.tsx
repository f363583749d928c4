import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function OwnerScreen() {
  return (
    <PlaceholderScreen
      title="Owner Panel"
      eyebrow="Owner"
      summary="Accounts across every agency on this Odin installation."
      arrivesWith="administration"
      capabilities={["Add users to any agency", "Reset a user's password", "Manage Rekor camera locations"]}
    />
  );
}
