import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import {
  applicationServerKey,
  BrowserNotificationsControl,
  renewStalePushSubscription,
} from "./browser-notifications";

/**
 * The profile's "Browser notifications on this device" (issue 24 item 4) in each of its states. The
 * journeys' headless Chromium has no push service to subscribe with, so the browser's Push API is a
 * stand-in here: a service worker registration whose push manager answers a subscription.
 */
const fetchMock = stubFetchPerTest();
const KEY = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";
const SUBSCRIPTION = {
  endpoint: "https://push.example/send/abc",
  expirationTime: null,
  keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
};

function browser({ permission = "default", subscribed = false, grant = "granted" } = {}) {
  let current: (PushSubscription & { unsubscribe: ReturnType<typeof vi.fn> }) | null = null;
  const makeSubscription = () =>
    ({
      endpoint: SUBSCRIPTION.endpoint,
      toJSON: () => SUBSCRIPTION,
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    }) as unknown as PushSubscription & { unsubscribe: ReturnType<typeof vi.fn> };
  if (subscribed) current = makeSubscription();
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => (current = makeSubscription())),
  };
  const worker = { postMessage: vi.fn() };
  const registration = { pushManager, active: worker };
  const serviceWorker = {
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
    register: vi.fn(async () => registration),
  };
  const notification = { permission, requestPermission: vi.fn(async () => grant) };
  vi.stubGlobal("PushManager", function PushManager() {});
  vi.stubGlobal("Notification", notification);
  Object.defineProperty(navigator, "serviceWorker", { value: serviceWorker, configurable: true });
  return { pushManager, serviceWorker, worker, notification, current: () => current };
}

function answer(routes: Record<string, (init?: RequestInit) => Response | Promise<Response>>) {
  fetchMock.mockImplementation(async (input, init) => {
    const route = routes[`${init?.method ?? "GET"} ${urlOf(input)}`];
    if (!route) throw new Error(`unexpected call ${init?.method ?? "GET"} ${urlOf(input)}`);
    return route(init);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  // jsdom has no service worker container: remove the stand-in so "unsupported" is the default again.
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("BrowserNotificationsControl", () => {
  it("says the browser cannot receive notifications when it has no service worker or Push API", async () => {
    render(<BrowserNotificationsControl channelOn={false} />);
    expect(
      await screen.findByText(/This browser cannot receive notifications from Odin/),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("says notifications are blocked when the permission was denied, with no button", async () => {
    browser({ permission: "denied" });
    render(<BrowserNotificationsControl channelOn />);
    expect(await screen.findByRole("alert")).toHaveTextContent(/Notifications are blocked for Odin/);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("turns on: asks permission, registers /sw.js at the root, subscribes with the VAPID key, tells Odin", async () => {
    const fake = browser();
    let release: () => void = () => {};
    const posted = new Promise<void>((resolve) => (release = resolve));
    const onChannelChange = vi.fn();
    answer({
      "GET /api/account/push-subscriptions": () => jsonResponse({ vapid_public_key: KEY, subscriptions: [] }),
      "POST /api/account/push-subscriptions": async () => {
        await posted;
        return jsonResponse({ id: 7, web_push: true });
      },
    });
    render(<BrowserNotificationsControl channelOn={false} onChannelChange={onChannelChange} />);
    expect(await screen.findByText(/^Off:/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Turn on browser notifications" }));
    expect(await screen.findByRole("button", { name: "Working…" })).toBeDisabled();
    expect(screen.getByText("Asking the browser…")).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByText(/^On:/)).toBeInTheDocument();
    expect(fake.notification.requestPermission).toHaveBeenCalled();
    expect(fake.serviceWorker.register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
    const options = fake.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toEqual(applicationServerKey(KEY));
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(post![1]!.body as string)).toEqual(SUBSCRIPTION);
    expect(onChannelChange).toHaveBeenCalledWith(true);
    // The service worker is told, so that it keeps the proof it renews the subscription with.
    expect(fake.worker.postMessage).toHaveBeenCalledWith({ type: "odin.push-subscribed" });
  });

  it("stays off, telling Odin nothing, when the browser's permission prompt is dismissed", async () => {
    browser({ grant: "default" });
    render(<BrowserNotificationsControl channelOn={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Turn on browser notifications" }));
    expect(await screen.findByText(/^Off:/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("turns off: tells Odin the endpoint to drop, then unsubscribes the browser", async () => {
    const fake = browser({ permission: "granted", subscribed: true });
    answer({ "DELETE /api/account/push-subscriptions": () => jsonResponse({ removed: true }) });
    render(<BrowserNotificationsControl channelOn />);
    fireEvent.click(await screen.findByRole("button", { name: "Turn off browser notifications" }));
    expect(await screen.findByText(/^Off:/)).toBeInTheDocument();
    const call = fetchMock.mock.calls[0]!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ endpoint: SUBSCRIPTION.endpoint });
    expect(fake.current()).toBeNull();
  });

  it("shows why it could not turn on, and is off again (can be tried again)", async () => {
    browser({ permission: "granted" });
    answer({
      "GET /api/account/push-subscriptions": () => jsonResponse({ vapid_public_key: KEY, subscriptions: [] }),
      "POST /api/account/push-subscriptions": () =>
        jsonResponse(
          {
            error: {
              code: "BAD_REQUEST",
              message: "The browser gave a push endpoint that is not an http(s) URL.",
            },
          },
          { status: 400 },
        ),
    });
    render(<BrowserNotificationsControl channelOn={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Turn on browser notifications" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Browser notifications could not be turned on: The browser gave a push endpoint that is not an http(s) URL.",
    );
    expect(await screen.findByRole("button", { name: "Turn on browser notifications" })).toBeEnabled();
  });
});

type FakeSubscription = Omit<PushSubscription, "unsubscribe"> & { unsubscribe: ReturnType<typeof vi.fn> };

/** A browser already subscribed under `oldKey`; subscribing again makes a new endpoint under the key given. */
function browserSubscribedUnder(oldKey: string) {
  let current: FakeSubscription | null = null;
  let made = 0;
  const make = (key: Uint8Array<ArrayBuffer>) => {
    const json = {
      endpoint: `https://push.example/send/${made++}`,
      expirationTime: null,
      keys: { p256dh: "B".repeat(87), auth: `${made}`.padStart(22, "A") },
    };
    return {
      endpoint: json.endpoint,
      options: { applicationServerKey: key.buffer, userVisibleOnly: true },
      toJSON: () => json,
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    } as unknown as FakeSubscription;
  };
  current = make(applicationServerKey(oldKey));
  const first = current;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(
      async (options: PushSubscriptionOptionsInit) =>
        (current = make(options.applicationServerKey as Uint8Array<ArrayBuffer>)),
    ),
  };
  const registration = { pushManager, active: { postMessage: vi.fn() } };
  vi.stubGlobal("PushManager", function PushManager() {});
  vi.stubGlobal("Notification", { permission: "granted", requestPermission: vi.fn(async () => "granted") });
  Object.defineProperty(navigator, "serviceWorker", {
    value: {
      ready: Promise.resolve(registration),
      getRegistration: vi.fn(async () => registration),
      register: vi.fn(async () => registration),
    },
    configurable: true,
  });
  return { pushManager, first, current: () => current };
}

describe("a VAPID key pair changed on the server (issue 24)", () => {
  const OLD_KEY = "BOLD" + KEY.slice(4);

  it("moves this browser's subscription to the current key and tells Odin by the rotate call", async () => {
    const fake = browserSubscribedUnder(OLD_KEY);
    answer({
      "GET /api/account/push-subscriptions": () => jsonResponse({ vapid_public_key: KEY, subscriptions: [] }),
      "POST /api/account/push-subscriptions/rotate": () => jsonResponse({ id: 3 }),
    });
    await renewStalePushSubscription();
    expect(fake.first.unsubscribe).toHaveBeenCalled();
    expect(fake.pushManager.subscribe.mock.calls[0]![0].applicationServerKey).toEqual(
      applicationServerKey(KEY),
    );
    const rotate = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(rotate![1]!.body as string)).toEqual({
      old_endpoint: "https://push.example/send/0",
      old_auth: "1".padStart(22, "A"),
      subscription: fake.current()!.toJSON(),
    });
    expect(fake.current()).not.toBeNull();
  });

  it("leaves a subscription of the current key alone, and drops a new one Odin refuses", async () => {
    const same = browserSubscribedUnder(KEY);
    answer({
      "GET /api/account/push-subscriptions": () => jsonResponse({ vapid_public_key: KEY, subscriptions: [] }),
    });
    await renewStalePushSubscription();
    expect(same.pushManager.subscribe).not.toHaveBeenCalled();
    expect(same.first.unsubscribe).not.toHaveBeenCalled();

    const unknown = browserSubscribedUnder(OLD_KEY);
    answer({
      "GET /api/account/push-subscriptions": () => jsonResponse({ vapid_public_key: KEY, subscriptions: [] }),
      "POST /api/account/push-subscriptions/rotate": () =>
        jsonResponse({ error: { code: "NOT_FOUND", message: "Not found." } }, { status: 404 }),
    });
    await renewStalePushSubscription();
    expect(unknown.pushManager.subscribe).toHaveBeenCalled();
    expect(unknown.current()).toBeNull();
  });

  it("turning on replaces a subscription of the old key instead of posting it again", async () => {
    const fake = browserSubscribedUnder(OLD_KEY);
    answer({
      "GET /api/account/push-subscriptions": () => jsonResponse({ vapid_public_key: KEY, subscriptions: [] }),
      "POST /api/account/push-subscriptions/rotate": () =>
        jsonResponse({ error: { code: "NOT_FOUND", message: "Not found." } }, { status: 404 }),
      "POST /api/account/push-subscriptions": () => jsonResponse({ id: 8, web_push: true }),
    });
    render(<BrowserNotificationsControl channelOn={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Turn on browser notifications" }));
    expect(await screen.findByText(/^On:/)).toBeInTheDocument();
    const posted = fetchMock.mock.calls.filter(
      ([input, init]) => init?.method === "POST" && urlOf(input) === "/api/account/push-subscriptions",
    );
    expect(JSON.parse(posted[0]![1]!.body as string).endpoint).toBe("https://push.example/send/1");
    expect(fake.first.unsubscribe).toHaveBeenCalled();
  });
});
