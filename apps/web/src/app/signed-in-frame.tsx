import { useEffect } from "react";
import { Outlet } from "react-router-dom";
import { renewStalePushSubscription } from "@/features/alert-delivery/components/browser-notifications";

/**
 * Around every screen of a signed-in user (inside RequireAuth): once a page load, a browser whose
 * notifications were subscribed under an earlier VAPID key is moved to the current one (issue 24),
 * so a changed key pair does not silently stop its alerts. Quiet: nothing is shown, a failure is
 * left for the profile's control to show.
 */
export function SignedInFrame() {
  useEffect(() => {
    renewStalePushSubscription().catch(() => undefined);
  }, []);
  return <Outlet />;
}
