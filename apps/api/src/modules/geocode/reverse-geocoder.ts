import { z } from "zod";
import { REVERSE_GEOCODE_ZOOM } from "@odin/contract";
import type { GeocodeConfig } from "../../config/env";
import { fetchVendorJson } from "../../sources/vendor-http";
import type { SharedPace } from "./shared-pace";

/**
 * Reverse geocoding through a Nominatim-compatible service, for the detail modal's Nearest Address.
 * Odin asks on the browser's behalf (the investigator's locations never leave for a third party from
 * the browser, and no user identity or token is ever sent), keeps answers in a bounded LRU keyed by
 * the point rounded to 5 decimals (about 1 m), and lets only a few lookups reach the service at once.
 */
export interface ReverseGeocoder {
  /** The address of the point, or null: service off, unreachable, too slow, or nothing there. */
  lookup(lat: number, lon: number): Promise<string | null>;
}

export interface ReverseGeocoderOptions extends GeocodeConfig {
  /** Lookups in flight to the service at once (default 2), so a results page cannot flood it. */
  concurrency?: number;
  /**
   * Least time between two lookups starting. Default: 1 s for the public nominatim.openstreetmap.org
   * (its usage policy allows one request a second), none for any other service.
   */
  minIntervalMs?: number;
  /**
   * The pace shared by every replica (shared-pace.ts), taken in place of this process's own
   * minIntervalMs; built for the interval `paceIntervalMs` answers.
   */
  sharedPace?: SharedPace;
  /** How long an address is kept (default 7 days), a "nothing there" (5 minutes), a failure (30 s). */
  foundTtlMs?: number;
  missTtlMs?: number;
  failureTtlMs?: number;
  now?: () => number;
  log?: { warn(details: object, message: string): void };
}

const PUBLIC_NOMINATIM = "nominatim.openstreetmap.org";
const DAY_MS = 86_400_000;

/** What Odin reads of a jsonv2 answer; Nominatim answers `{ "error": "Unable to geocode" }` for no place. */
const ZNominatimReverse = z.object({
  error: z.unknown().optional(),
  address: z.record(z.string(), z.unknown()).optional(),
});

/**
 * "{house number} {road}, {city, town or village}, {state}" from the parts present (000 §8); null when
 * neither the street nor the place is known (a state alone is no address).
 */
export function formatAddress(address: Readonly<Record<string, unknown>> | undefined): string | null {
  if (!address) return null;
  const text = (key: string) => {
    const value = address[key];
    return typeof value === "string" && value.trim() ? value.trim() : undefined;
  };
  const road = text("road");
  const street = road ? [text("house_number"), road].filter(Boolean).join(" ") : undefined;
  const place = text("city") ?? text("town") ?? text("village");
  if (!street && !place) return null;
  return [street, place, text("state")].filter(Boolean).join(", ");
}

/** The service's /reverse URL for a point (any query the base URL carries, such as a key, is kept). */
export function reverseUrl(base: string, lat: string, lon: string): URL {
  const url = new URL(base);
  if (!/\/reverse(?:\.php)?$/.test(url.pathname))
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/reverse`;
  url.searchParams.set("lat", lat);
  url.searchParams.set("lon", lon);
  url.searchParams.set("format", "jsonv2");
  url.searchParams.set("zoom", String(REVERSE_GEOCODE_ZOOM));
  url.searchParams.set("addressdetails", "1");
  return url;
}

/** Least time between two lookups for a service: 1 s for the public Nominatim, none for others. */
export function paceIntervalMs(base: string | null): number {
  return base && new URL(base).hostname === PUBLIC_NOMINATIM ? 1000 : 0;
}

export function createReverseGeocoder(options: ReverseGeocoderOptions): ReverseGeocoder {
  const { url: base, userAgent, timeoutMs } = options;
  if (!base) return { lookup: async () => null };
  const now = options.now ?? Date.now;
  const cache = new TtlLru<string | null>(options.cacheSize);
  const inFlight = new Map<string, Promise<string | null>>();
  const gate = new Gate(
    options.concurrency ?? 2,
    options.sharedPace ? 0 : (options.minIntervalMs ?? paceIntervalMs(base)),
  );
  const ttl = {
    found: options.foundTtlMs ?? 7 * DAY_MS,
    miss: options.missTtlMs ?? 5 * 60_000,
    failure: options.failureTtlMs ?? 30_000,
  };

  async function resolve(key: string, lat: string, lon: string): Promise<string | null> {
    // One deadline for waiting for a slot and for the service's answer.
    const deadlineAt = Date.now() + timeoutMs;
    const deadline = AbortSignal.timeout(timeoutMs);
    let release: () => void;
    try {
      release = await gate.enter(deadline);
    } catch {
      return null; // too busy right now: not remembered, the next ask may get through
    }
    try {
      if (options.sharedPace) {
        const waitMs = await options.sharedPace.reserve(Math.max(0, deadlineAt - Date.now() - 500));
        if (waitMs === null) return null; // every slot before the deadline is taken: not remembered
        await sleep(waitMs, deadline);
      }
      const answer = await fetchVendorJson(reverseUrl(base!, lat, lon), ZNominatimReverse, {
        label: "The reverse-geocoding service",
        // Odin's own identity, never the user's: no cookies, no bearer, no forwarded headers.
        headers: { "user-agent": userAgent, "accept-language": "en", accept: "application/json" },
        timeoutMs: Math.max(1, deadlineAt - Date.now()),
        maxBytes: 256 * 1024,
      });
      const address = answer.error === undefined ? formatAddress(answer.address) : null;
      cache.set(key, address, now() + (address ? ttl.found : ttl.miss));
      return address;
    } catch (error) {
      options.log?.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        "reverse geocoding failed",
      );
      cache.set(key, null, now() + ttl.failure);
      return null;
    } finally {
      release();
    }
  }

  return {
    async lookup(lat, lon) {
      const [latText, lonText] = [lat.toFixed(5), lon.toFixed(5)];
      const key = `${latText},${lonText}`;
      const cached = cache.get(key, now());
      if (cached !== undefined) return cached.value;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const promise = resolve(key, latText, lonText).finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
  };
}

/** A least-recently-used map of at most `max` entries, each with its own expiry. */
class TtlLru<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(private readonly max: number) {}

  get(key: string, now: number): { value: V } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= now) return undefined;
    this.entries.set(key, entry);
    return { value: entry.value };
  }

  set(key: string, value: V, expiresAt: number): void {
    if (this.max <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}

/** At most `limit` holders at once, starts at least `intervalMs` apart; waiting ends with `signal`. */
class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private nextStart = 0;

  constructor(
    private readonly limit: number,
    private readonly intervalMs: number,
  ) {}

  async enter(signal: AbortSignal): Promise<() => void> {
    if (this.active >= this.limit) await this.waitTurn(signal);
    else this.active++;
    try {
      if (this.intervalMs > 0) {
        const start = Math.max(Date.now(), this.nextStart);
        this.nextStart = start + this.intervalMs;
        await sleep(start - Date.now(), signal);
      }
      signal.throwIfAborted();
    } catch (error) {
      this.leave();
      throw error;
    }
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.leave();
    };
  }

  /** Resolves holding a slot handed over by leave(); rejects (holding nothing) when the signal ends. */
  private waitTurn(signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal.removeEventListener("abort", abort);
        resolve();
      };
      const abort = () => {
        const index = this.waiting.indexOf(turn);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
      };
      if (signal.aborted) return abort();
      signal.addEventListener("abort", abort, { once: true });
      this.waiting.push(turn);
    });
  }

  private leave(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next in line, so `active` stays as it is.
    if (next) next();
    else this.active--;
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
    };
    signal.addEventListener("abort", abort, { once: true });
  });
}
