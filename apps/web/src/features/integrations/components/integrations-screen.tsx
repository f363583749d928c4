import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function IntegrationsScreen() {
  return (
    <PlaceholderScreen
      title="Integrations"
      eyebrow="Administration"
      summary="Connect your agency's camera programs to Odin."
      arrivesWith="administration"
      capabilities={["Manage Rekor API keys", "Manage the Axon integration and its agency list"]}
    />
  );
}
