import { MESSAGES } from "@odin/contract";
import { Spinner } from "@/components/ui";

/** A whole screen waiting for something (sign-in state, the current user): a centred spinner. */
export function LoadingScreen({ label = MESSAGES.loading }: { label?: string }) {
  return (
    <div className="centered-page loading-screen">
      <Spinner size="lg" label={label} />
    </div>
  );
}
