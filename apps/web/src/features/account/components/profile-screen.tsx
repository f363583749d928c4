import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function ProfileScreen() {
  return (
    <PlaceholderScreen
      title="Profile"
      eyebrow="Account"
      summary="Your account details as your agency set them up."
      arrivesWith="sign-in"
      capabilities={["See your username, email and role", "Email yourself a secure password-reset link"]}
    />
  );
}
