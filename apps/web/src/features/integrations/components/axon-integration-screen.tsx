import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function AxonIntegrationScreen() {
  return (
    <PlaceholderScreen
      title="Manage Axon"
      eyebrow="Integrations"
      summary="Odin's connection to Axon and the agencies it may search."
      arrivesWith="administration"
      capabilities={[
        "Connect Axon with your client credentials",
        "Move agencies between the authorized and blacklisted lists",
      ]}
    />
  );
}
