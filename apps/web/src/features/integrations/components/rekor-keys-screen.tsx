import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function RekorKeysScreen() {
  return (
    <PlaceholderScreen
      title="Manage Rekor"
      eyebrow="Integrations"
      summary="The Rekor API keys Odin uses to search your agencies' cameras."
      arrivesWith="administration"
      capabilities={["Add keys one at a time or from a CSV file", "Remove keys that are no longer in use"]}
    />
  );
}
