import { PlaceholderScreen } from "@/components/layouts/placeholder-screen";

export function CallbackScreen() {
  return (
    <PlaceholderScreen
      title="Signing you in"
      summary="Odin is completing your sign-in with your identity provider."
      arrivesWith="sign-in"
      capabilities={["Return here from your identity provider and continue to Search"]}
    />
  );
}
