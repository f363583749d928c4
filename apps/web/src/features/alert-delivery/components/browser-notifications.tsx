import type { TWebPushSubscriptionRequest } from "@odin/contract";
import { useCallback, useEffect, useState } from "react";
import { Button, Notice, Spinner } from "@/components/ui";
import { toError } from "@/lib/error-reason";
import {
  getWebPushSubscriptions,
  rotateWebPush,
  subscribeWebPush,
  unsubscribeWebPush,
} from "../api/alert-delivery";

/** The service worker (apps/web/public/sw.js), served at the site root so its scope is the whole site. */
export const SERVICE_WORKER_URL = "/sw.js";

export type BrowserPushState = "checking" | "unsupported" | "denied" | "on" | "off" | "working";

/** Whether this browser can take Web Push at all (a service worker, the Push API, notifications). */
export function browserPushSupported(): boolean {
  return (
    typeof navigator !== "undefined" &&
    "serviceWorker" in navigator &&
    typeof window !== "undefined" &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** A base64url key as PushManager.subscribe's applicationServerKey wants it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The VAPID key a subscription was made with (base64url); null when the browser does not say. */
function keyOf(subscription: PushSubscription): string | null {
  const key = subscription.options?.applicationServerKey;
  return key ? toBase64url(new Uint8Array(key)) : null;
}

/**
 * A subscription made with another VAPID key than the server's now (the operator changed the key
 * pair) reaches nothing: the push service refuses Odin's messages (403). Replaces it in the browser
 * with one for the current key, and at Odin through the rotate call, proven by the old one's endpoint
 * and auth secret, so the user's channel choice stays as it was. Answers the new subscription and
 * whether Odin took it (it refuses when it no longer knows the old one); null when nothing was stale.
 */
export async function renewStaleSubscription(
  registration: ServiceWorkerRegistration,
  serverKey: string,
): Promise<{ subscription: PushSubscription; rotated: boolean } | null> {
  const old = await registration.pushManager.getSubscription();
  const oldKey = old && keyOf(old);
  if (!old || !oldKey || oldKey === serverKey) return null;
  const proof = old.toJSON();
  await old.unsubscribe();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: applicationServerKey(serverKey),
  });
  let rotated = false;
  if (proof.endpoint && proof.keys?.auth) {
    try {
      await rotateWebPush({
        old_endpoint: proof.endpoint,
        old_auth: proof.keys.auth,
        subscription: subscription.toJSON() as TWebPushSubscriptionRequest,
      });
      rotated = true;
    } catch {
      // Odin no longer knows the old subscription: the caller decides what the new one is for.
    }
  }
  // The service worker keeps the current subscription's proof, to renew it if the push service replaces it.
  void navigator.serviceWorker.ready.then((ready) =>
    ready.active?.postMessage({ type: "odin.push-subscribed" }),
  );
  return { subscription, rotated };
}

/**
 * Once a page load, in the app's frame: a browser subscribed under an earlier VAPID key is moved to
 * the current one without the user doing anything (renewStaleSubscription). Does nothing (and asks
 * Odin nothing) where this browser has no subscription. A subscription Odin no longer knows is dropped,
 * so that the profile shows notifications off rather than a subscription no alert would reach.
 */
export async function renewStalePushSubscription(): Promise<void> {
  if (!browserPushSupported() || Notification.permission !== "granted") return;
  const registration = await navigator.serviceWorker.getRegistration("/");
  if (!registration || !(await registration.pushManager.getSubscription())) return;
  const { vapid_public_key } = await getWebPushSubscriptions();
  const renewed = await renewStaleSubscription(registration, vapid_public_key);
  if (renewed && !renewed.rotated) await renewed.subscription.unsubscribe();
}

async function thisBrowsersSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * "Browser notifications on this device" (issue 24 item 4): subscribes this browser to alerts through
 * Web Push (the service worker shows them even when no Odin tab is open) or unsubscribes it. States:
 * unsupported (no service worker or Push API), permission denied (only the browser's site settings
 * can undo it), on, off, and working while the browser and Odin are asked. `channelOn` is the user's
 * web_push channel: a browser still subscribed while the channel is off counts as off.
 */
export function BrowserNotificationsControl({
  channelOn,
  onChannelChange,
}: {
  channelOn: boolean;
  onChannelChange?: (on: boolean) => void;
}) {
  const [state, setState] = useState<BrowserPushState>("checking");
  const [error, setError] = useState<string | null>(null);

  const check = useCallback(async () => {
    if (!browserPushSupported()) return setState("unsupported");
    if (Notification.permission === "denied") return setState("denied");
    try {
      const subscription = await thisBrowsersSubscription();
      setState(subscription && channelOn ? "on" : "off");
    } catch {
      setState("off");
    }
  }, [channelOn]);

  useEffect(() => {
    void check();
  }, [check]);

  const turnOn = async () => {
    setState("working");
    setError(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "denied" : "off");
        return;
      }
      const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
      const { vapid_public_key } = await getWebPushSubscriptions();
      // A subscription of an earlier key would be posted again and reach nothing: replace it first.
      await renewStaleSubscription(registration, vapid_public_key);
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: applicationServerKey(vapid_public_key),
        }));
      const answer = await subscribeWebPush(subscription.toJSON() as TWebPushSubscriptionRequest);
      // The service worker keeps this subscription's proof, to renew it if the push service replaces it.
      void navigator.serviceWorker.ready.then((ready) =>
        ready.active?.postMessage({ type: "odin.push-subscribed" }),
      );
      onChannelChange?.(answer.web_push);
      setState("on");
    } catch (failure) {
      setError(
        `Browser notifications could not be turned on: ${toError(failure).message || "the browser refused"}. Try again.`,
      );
      await check();
    }
  };

  const turnOff = async () => {
    setState("working");
    setError(null);
    try {
      const subscription = await thisBrowsersSubscription();
      if (subscription) {
        await unsubscribeWebPush(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setState("off");
    } catch (failure) {
      setError(`Browser notifications could not be turned off: ${toError(failure).message || "try again"}.`);
      await check();
    }
  };

  return (
    <fieldset className="field browser-notifications">
      <legend>Browser notifications on this device</legend>
      {state === "checking" && <Spinner />}
      {state === "unsupported" && (
        <p className="text-muted" role="status">
          This browser cannot receive notifications from Odin (it has no service worker or push support).
          Alerts still appear live while Odin is open.
        </p>
      )}
      {state === "denied" && (
        <Notice tone="warning">
          Notifications are blocked for Odin in this browser. Allow them in the browser&apos;s site settings,
          then come back to turn them on.
        </Notice>
      )}
      {(state === "on" || state === "off" || state === "working") && (
        <>
          <p className="text-muted" role="status">
            {state === "on" &&
              "On: alerts of your groups appear as notifications here, even when Odin is closed."}
            {state === "off" && "Off: this browser shows no notifications when Odin is closed."}
            {state === "working" && "Asking the browser…"}
          </p>
          <div className="form-actions">
            {state === "on" ? (
              <Button variant="secondary" onClick={() => void turnOff()}>
                Turn off browser notifications
              </Button>
            ) : (
              <Button onClick={() => void turnOn()} disabled={state === "working"}>
                {state === "working" ? "Working…" : "Turn on browser notifications"}
              </Button>
            )}
          </div>
        </>
      )}
      {error && <Notice tone="danger">{error}</Notice>}
    </fieldset>
  );
}
