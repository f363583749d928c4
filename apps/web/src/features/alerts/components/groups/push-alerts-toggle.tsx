import { MESSAGES } from "@odin/contract";
import { useState } from "react";
import { useCurrentUserState } from "@/lib/auth/current-user";
import { Notice } from "@/components/ui";
import { toError } from "@/lib/error-reason";
import { togglePushAlerts } from "../../api/groups";

/**
 * 'Activate push alerts for the iOS/Android app' (001 §2, §4). The call flips the stored setting, so
 * the box shows only what the server answers; it starts from the current user's push_alerts (off when
 * the user carries none).
 */
export function PushAlertsToggle() {
  const { user, refresh } = useCurrentUserState();
  const [enabled, setEnabled] = useState(user?.push_alerts ?? false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      const reply = await togglePushAlerts();
      setEnabled(reply.push_alerts);
      void refresh(); // other screens read the current user's setting
    } catch (failure) {
      setError(`Push alerts could not be changed. ${toError(failure).message}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="push-toggle">
      <label className="push-toggle__label">
        <input
          type="checkbox"
          role="switch"
          className="push-toggle__switch"
          checked={enabled}
          disabled={busy}
          aria-busy={busy || undefined}
          onChange={() => void toggle()}
        />
        <span>{MESSAGES.activatePushAlerts}</span>
      </label>
      {error && <Notice tone="danger">{error}</Notice>}
    </div>
  );
}
