import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function LoginScreen() {
  return (
    <PlaceholderScreen
      title="Welcome to Odin"
      summary="License-plate search and hotlist alerting for law enforcement. Sign in with your agency account to begin."
      arrivesWith="sign-in"
      capabilities={[
        "Sign in through your agency's identity provider",
        "Go straight to Search once your session is ready",
      ]}
    />
  );
}
