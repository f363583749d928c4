import { LRUCache } from "lru-cache";
import PQueue from "p-queue";
import { z } from "zod";
import { REVERSE_GEOCODE_ZOOM } from "@odin/contract";
import type { GeocodeConfig } from "../../config/env";
import { fetchVendorJson } from "../../lib/vendor-http";
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
  // An address per point, each with its own lifetime (found, nothing there, failure); the clock is the
  // one the options give, so tests move it rather than wait.
  const cache = new LRUCache<string, { address: string | null }>({
    max: Math.max(1, options.cacheSize),
    perf: { now },
    ttlResolution: 0, // read the clock on every check (lru-cache otherwise reuses it for 1 ms)
  });
  const cacheEnabled = options.cacheSize > 0;
  const inFlight = new Map<string, Promise<string | null>>();
  // At most `concurrency` lookups at the service at once, and (for the public Nominatim, when no pace
  // is shared by the replicas) starts at least minIntervalMs apart.
  const intervalMs = options.sharedPace ? 0 : (options.minIntervalMs ?? paceIntervalMs(base));
  const queue = new PQueue({
    concurrency: options.concurrency ?? 2,
    ...(intervalMs > 0 ? { interval: intervalMs, intervalCap: 1 } : {}),
  });
  const remember = (key: string, address: string | null, ttlMs: number) => {
    if (cacheEnabled) cache.set(key, { address }, { ttl: ttlMs });
  };
  const ttl = {
    found: options.foundTtlMs ?? 7 * DAY_MS,
    miss: options.missTtlMs ?? 5 * 60_000,
    failure: options.failureTtlMs ?? 30_000,
  };

  async function resolve(key: string, lat: string, lon: string): Promise<string | null> {
    // One deadline for waiting for a slot and for the service's answer.
    const deadlineAt = Date.now() + timeoutMs;
    const deadline = AbortSignal.timeout(timeoutMs);
    try {
      // Waiting for a turn ends at the deadline: too busy right now is not remembered, the next ask may
      // get through.
      return await queue.add(() => ask(key, lat, lon, deadline, deadlineAt), { signal: deadline });
    } catch {
      return null;
    }
  }

  async function ask(
    key: string,
    lat: string,
    lon: string,
    deadline: AbortSignal,
    deadlineAt: number,
  ): Promise<string | null> {
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
      remember(key, address, address ? ttl.found : ttl.miss);
      return address;
    } catch (error) {
      options.log?.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        "reverse geocoding failed",
      );
      remember(key, null, ttl.failure);
      return null;
    }
  }

  return {
    async lookup(lat, lon) {
      const [latText, lonText] = [lat.toFixed(5), lon.toFixed(5)];
      const key = `${latText},${lonText}`;
      const cached = cache.get(key);
      if (cached !== undefined) return cached.address;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const promise = resolve(key, latText, lonText).finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
  };
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
