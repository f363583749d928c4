/* Odin's service worker (issue 24 item 4): browser notifications of hotlist alerts through Web Push,
 * also when no Odin tab is open. Served at the site root (scope /) by the API (plugins/web-app.ts) and
 * by Vite in development. The API encrypts each message for this browser (RFC 8291); the browser
 * decrypts it before the push event, whose data is the JSON of delivery/web-push-channel.ts
 * (PushMessage). Registered by the profile's "Browser notifications on this device" control. */

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
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
