import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function CameraManagementScreen() {
  return (
    <PlaceholderScreen
      title="Rekor Camera Management"
      eyebrow="Owner"
      summary="Correct the locations and agencies of Rekor cameras."
      arrivesWith="administration"
      capabilities={["Set a camera's corrected latitude and longitude", "Assign cameras to agencies"]}
    />
  );
}
