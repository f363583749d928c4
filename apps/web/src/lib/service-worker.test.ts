import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";

/**
 * public/sw.js, run as a browser runs it: a classic script whose listeners are kept here and fed events.
 * Its world is a stand-in: Cache Storage in a Map, a PushManager, fetch.
 */
const SOURCE = readFileSync(path.resolve(__dirname, "../../public/sw.js"), "utf8");
const ORIGIN = "https://odin.example";
const KEY = new Uint8Array(65).fill(4);

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON: () => { endpoint: string; keys: { p256dh: string; auth: string } };
  unsubscribe: ReturnType<typeof vi.fn>;
}

const subscription = (name: string, key: Uint8Array | null = KEY): FakeSubscription => ({
  endpoint: `https://push.example/${name}`,
  options: { applicationServerKey: key ? key.slice().buffer : null },
  toJSON: () => ({
    endpoint: `https://push.example/${name}`,
    keys: { p256dh: `p256dh-${name}`, auth: `auth-${name}` },
  }),
  unsubscribe: vi.fn(async () => true),
});

function worker({ current = null as FakeSubscription | null, rotateStatus = 200 } = {}) {
  const listeners = new Map<string, (event: unknown) => void>();
  const stored = new Map<string, string>();
  const renewed = subscription("renewed");
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      current = renewed;
      return renewed;
    }),
  };
  const caches = {
    open: async () => ({
      put: async (key: string, response: Response) => void stored.set(key, await response.text()),
      match: async (key: string) => (stored.has(key) ? new Response(stored.get(key)) : undefined),
    }),
  };
  const self = {
    location: { origin: ORIGIN },
    registration: { pushManager, showNotification: vi.fn(async () => undefined) },
    clients: { claim: vi.fn(async () => undefined) },
    caches,
    skipWaiting: vi.fn(),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) => new Response("{}", { status: rotateStatus }),
  );
  runInNewContext(SOURCE, { self, fetch, Response, atob, btoa, URL });

  /** Dispatches an event and waits for everything it handed to waitUntil. */
  const dispatch = async (type: string, fields: Record<string, unknown> = {}) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)!({ ...fields, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
  };
  const rotations = () =>
    fetch.mock.calls.map(([url, init]) => ({ url, body: JSON.parse(init.body as string) as unknown }));
  return { dispatch, pushManager, fetch, rotations, renewed, stored };
}

describe("the service worker renews a subscription the push service replaced", () => {
  it("subscribes again with the old key and registers the new one, proven by the old endpoint and secret", async () => {
    const sw = worker();
    const old = subscription("old");
    await sw.dispatch("pushsubscriptionchange", { oldSubscription: old, newSubscription: null });
    const options = sw.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey)).toEqual(Array.from(KEY));
    expect(sw.rotations()).toEqual([
      {
        url: "/api/account/push-subscriptions/rotate",
        body: { old_endpoint: old.endpoint, old_auth: "auth-old", subscription: sw.renewed.toJSON() },
      },
    ]);
    expect(sw.renewed.unsubscribe).not.toHaveBeenCalled();
  });

  it("uses the subscription it remembered when the browser hands over none", async () => {
    const sw = worker({ current: subscription("remembered") });
    await sw.dispatch("activate");
    await sw.dispatch("pushsubscriptionchange", { oldSubscription: null, newSubscription: null });
    expect(Array.from(sw.pushManager.subscribe.mock.calls[0]![0].applicationServerKey)).toEqual(
      Array.from(KEY),
    );
    expect(sw.rotations()[0]!.body).toMatchObject({
      old_endpoint: "https://push.example/remembered",
      old_auth: "auth-remembered",
    });
    // The renewed subscription is now the one remembered, for the next change.
    expect(JSON.parse([...sw.stored.values()][0]!)).toMatchObject({ endpoint: sw.renewed.endpoint });
  });

  it("registers the browser's own new subscription without subscribing again", async () => {
    const sw = worker();
    const given = subscription("given");
    await sw.dispatch("pushsubscriptionchange", {
      oldSubscription: subscription("old"),
      newSubscription: given,
    });
    expect(sw.pushManager.subscribe).not.toHaveBeenCalled();
    expect(sw.rotations()[0]!.body).toMatchObject({ subscription: given.toJSON() });
  });

  it("drops the new subscription when Odin no longer knows the old one, and does nothing without a proof", async () => {
    const refused = worker({ rotateStatus: 404 });
    await refused.dispatch("pushsubscriptionchange", { oldSubscription: subscription("old") });
    expect(refused.renewed.unsubscribe).toHaveBeenCalled();

    const blank = worker();
    await blank.dispatch("pushsubscriptionchange", { oldSubscription: null, newSubscription: null });
    expect(blank.pushManager.subscribe).not.toHaveBeenCalled();
    expect(blank.fetch).not.toHaveBeenCalled();
  });
});
