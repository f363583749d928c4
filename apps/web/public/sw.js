/* Odin's service worker (issue 24 item 4): browser notifications of hotlist alerts through Web Push,
 * also when no Odin tab is open. Served at the site root (scope /) by the API (plugins/web-app.ts) and
 * by Vite in development. The API encrypts each message for this browser (RFC 8291); the browser
 * decrypts it before the push event, whose data is the JSON of delivery/web-push-channel.ts
 * (PushMessage). Registered by the profile's "Browser notifications on this device" control. */

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(Promise.all([self.clients.claim(), rememberCurrent()]));
});

/* ---------- The subscription, renewed when the push service replaces it ----------
 * A push service may replace a browser's subscription (expiry, key rotation): the browser then fires
 * `pushsubscriptionchange`, and Odin must learn the new endpoint or the alerts stop. This worker has no
 * sign-in token, so it proves to POST /api/account/push-subscriptions/rotate that it is the browser
 * that held the old subscription: the old endpoint and its auth secret (RFC 8291: shared by the
 * browser and Odin only). The browser may not hand over the old subscription (Firefox passes none at
 * times, and it can no longer be read), so the worker remembers the current one (endpoint, auth secret,
 * applicationServerKey) in Cache Storage: on activation, on each push, and when the profile subscribes. */

const PUSH_CACHE = "odin-push";
const REMEMBERED = "/__odin/push-subscription";

function base64url(buffer) {
  const bytes = new Uint8Array(buffer);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

/** What renewing needs of a subscription; null when it lacks the endpoint or the auth secret. */
function proofOf(subscription) {
  if (!subscription) return null;
  const json = subscription.toJSON();
  const key = subscription.options && subscription.options.applicationServerKey;
  if (!json.endpoint || !json.keys || !json.keys.auth) return null;
  return { endpoint: json.endpoint, auth: json.keys.auth, key: key ? base64url(key) : null };
}

async function remember(subscription) {
  const proof = proofOf(subscription);
  if (!proof) return;
  const cache = await self.caches.open(PUSH_CACHE);
  await cache.put(REMEMBERED, new Response(JSON.stringify(proof)));
}

async function remembered() {
  const cache = await self.caches.open(PUSH_CACHE);
  const answer = await cache.match(REMEMBERED);
  return answer ? answer.json() : null;
}

async function rememberCurrent() {
  try {
    await remember(await self.registration.pushManager.getSubscription());
  } catch {
    // Nothing to remember (no Push API, no subscription): renewing then has no proof and is skipped.
  }
}

/**
 * Renews the subscription: the one the browser made (newSubscription) or a new one with the same
 * applicationServerKey, registered with Odin by the old one's proof. When Odin refuses (it no longer
 * knows the old subscription), the new one is dropped, so that the profile shows notifications off
 * rather than a subscription no alert would reach.
 */
async function renewSubscription(event) {
  const old = proofOf(event.oldSubscription) || (await remembered());
  if (!old) return;
  const key = old.key || ((await remembered()) || {}).key;
  const renewed =
    event.newSubscription ||
    (key
      ? await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: fromBase64url(key),
        })
      : null);
  if (!renewed) return;
  const answer = await fetch("/api/account/push-subscriptions/rotate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    credentials: "omit",
    body: JSON.stringify({ old_endpoint: old.endpoint, old_auth: old.auth, subscription: renewed.toJSON() }),
  });
  if (answer.ok) {
    await remember(renewed);
  } else if (answer.status === 404 || answer.status === 400) {
    await renewed.unsubscribe();
  }
}

self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(renewSubscription(event));
});

/** The profile subscribed this browser (browser-notifications.tsx): remember that subscription. */
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "odin.push-subscribed") event.waitUntil(rememberCurrent());
});

/** The alert page of this site only: a message never sends the browser elsewhere. */
function alertPage(url) {
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + "/";
  } catch {
    return self.location.origin + "/";
  }
}

self.addEventListener("push", (event) => {
  event.waitUntil(rememberCurrent());
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    message = null;
  }
  if (!message || message.type !== "odin.alert") {
    event.waitUntil(self.registration.showNotification("Odin", { body: "A new hotlist alert." }));
    return;
  }
  const alert = message.alert || {};
  const plate = alert.state ? `${alert.plate} (${alert.state})` : alert.plate;
  event.waitUntil(
    self.registration.showNotification(message.title || `Hotlist alert: ${plate}`, {
      body: message.body || [alert.group, alert.reason, alert.camera].filter(Boolean).join(" · "),
      tag: message.tag,
      renotify: true,
      requireInteraction: Boolean(alert.urgent),
      icon: "/favicon.svg",
      data: { url: alertPage(message.url), alertId: alert.id },
    }),
  );
});

/** Focuses a tab already on the alert page, else navigates an Odin tab there, else opens one. */
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = alertPage(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const exact = tabs.find((tab) => tab.url === url);
      if (exact) return exact.focus();
      const odin = tabs.find((tab) => new URL(tab.url).origin === self.location.origin);
      if (odin && "navigate" in odin) {
        const focused = await odin.focus();
        return focused.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
