import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function ChangePasswordScreen() {
  return (
    <PlaceholderScreen
      title="Change Password"
      eyebrow="Account"
      summary="Choose a new password for your Odin account."
      arrivesWith="sign-in"
      capabilities={[
        "Set a new password that meets the listed requirements",
        "Confirm it and return to Search",
      ]}
    />
  );
}
