import type { TAlert } from "@odin/contract";
import { useCallback, useState } from "react";
import { Button } from "@/components/ui";

/** Remembered per browser: whether this user wants alert notifications here ("on" / "off"). */
export const NOTIFICATIONS_STORAGE_KEY = "odin.alerts.browser-notifications";
export const ENABLE_NOTIFICATIONS = "Enable browser notifications";

type Permission = NotificationPermission | "unsupported" | "insecure";

function currentPermission(): Permission {
  if (typeof Notification === "undefined") {
    // Browsers hide the API on pages not served over HTTPS (or localhost).
    return globalThis.isSecureContext === false ? "insecure" : "unsupported";
  }
  return Notification.permission;
}

function readChoice(): boolean {
  try {
    return localStorage.getItem(NOTIFICATIONS_STORAGE_KEY) === "on";
  } catch {
    return false; // storage disabled (privacy mode): ask again next time
  }
}

function storeChoice(on: boolean) {
  try {
    localStorage.setItem(NOTIFICATIONS_STORAGE_KEY, on ? "on" : "off");
  } catch {
    // the choice then lasts for this page only
  }
}

/**
 * Browser notifications for new alerts, shown only while the tab is hidden (a visible page already
 * highlights and announces the alert). Off until the user enables them here and the browser agrees.
 */
export function useBrowserNotifications() {
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const [wanted, setWanted] = useState(readChoice);
  const [dismissed, setDismissed] = useState(false);
  const enabled = wanted && permission === "granted";

  const enable = useCallback(async () => {
    if (typeof Notification === "undefined") return;
    const result = await Notification.requestPermission();
    setPermission(result);
    setDismissed(result === "default");
    if (result === "granted") {
      storeChoice(true);
      setWanted(true);
    }
  }, []);

  const disable = useCallback(() => {
    storeChoice(false);
    setWanted(false);
  }, []);

  const notify = useCallback(
    (alert: TAlert, groupName: string | null) => {
      // The permission is read again: the user may have revoked it in the browser's settings meanwhile.
      if (!enabled || currentPermission() !== "granted" || document.visibilityState !== "hidden") return;
      const where = [alert.camera, alert.agency].filter(Boolean).join(", ");
      const notification = new Notification(`Hotlist alert: ${alert.plate}`, {
        body: [groupName, alert.justification, where].filter(Boolean).join(" · "),
        tag: `odin-alert-${alert.id}`,
      });
      notification.onclick = () => {
        window.focus();
        notification.close();
      };
    },
    [enabled],
  );

  return { permission, enabled, dismissed, enable, disable, notify };
}

export type BrowserNotifications = ReturnType<typeof useBrowserNotifications>;

/** The history page's notifications control, with why it cannot be turned on when the browser says no. */
export function NotificationsControl({ notifications }: { notifications: BrowserNotifications }) {
  const { permission, enabled, dismissed, enable, disable } = notifications;
  if (permission === "unsupported") {
    return <p className="alert-notifications">This browser cannot show notifications.</p>;
  }
  if (permission === "insecure") {
    return (
      <p className="alert-notifications">
        Browsers show notifications only for pages served over HTTPS, so they cannot be turned on here.
      </p>
    );
  }
  if (permission === "denied") {
    return (
      <p className="alert-notifications">
        Your browser blocks notifications from Odin. Allow them in this site&apos;s settings (the icon at the
        left of the address bar), then reload the page.
      </p>
    );
  }
  if (enabled) {
    return (
      <div className="alert-notifications">
        <span>Browser notifications are on: new alerts are shown while this tab is in the background.</span>
        <Button variant="ghost" size="sm" onClick={disable}>
          Turn off
        </Button>
      </div>
    );
  }
  return (
    <div className="alert-notifications">
      <Button variant="secondary" size="sm" onClick={() => void enable()}>
        {ENABLE_NOTIFICATIONS}
      </Button>
      {dismissed && <span>Notifications were not enabled: the browser&apos;s prompt was closed.</span>}
    </div>
  );
}
