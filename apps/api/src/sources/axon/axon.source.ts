import type { TSearchResult } from "@odin/contract";
import type { AxonIntegration } from "@odin/db";
import { AppError } from "../../lib/app-error";
import type { DetectionSource, SourceContext, SourceDeps } from "../detection-source";
import { findSearchableAxonIntegrations } from "../search-scope.repository";
import { readAtPlace } from "../place";
import { VendorError, type VendorErrorKind, type VendorImage } from "../../lib/vendor-http";
import { AxonClient } from "./axon.client";
import { mapAxonRead, matchesAxonFilters, resolveAxonUrl, trimTrailingSlash } from "./axon.mapper";

export interface AxonTarget {
  integration: AxonIntegration;
}

export const AXON_IMAGE_FORBIDDEN = "Odin only fetches images from configured Axon integrations.";

/**
 * One client (and so one token cache) per app: the search, the image proxies and the read poller
 * (modules/ingest/axon-poll.ts) share it, keyed by the app's SourceDeps, so separate apps (tests) never share tokens.
 */
const clients = new WeakMap<SourceDeps, AxonClient>();

export function axonClientFor(deps: SourceDeps): AxonClient {
  let client = clients.get(deps);
  if (!client) {
    client = new AxonClient(deps.secrets);
    clients.set(deps, client);
  }
  return client;
}

/**
 * Several integrations may hold API clients of one Axon tenant (same base URL, same data): one per
 * base URL is enough, preferably the caller's own agency's credentials.
 */
function pickIntegration<T extends Pick<AxonIntegration, "agencyId">>(
  candidates: readonly T[],
  context: SourceContext,
): T | undefined {
  return candidates.find((candidate) => candidate.agencyId === context.agency) ?? candidates[0];
}

/**
 * Axon: searched remotely, each selected integration through its own API client (OAuth client
 * credentials), all at once. Filters the reads API lacks (colour, make, body type) apply in memory.
 */
export function createAxonSource(deps: SourceDeps): DetectionSource<AxonTarget> {
  const client = axonClientFor(deps);
  return {
    program: "Axon",
    async searchable(context) {
      const integrations = await findSearchableAxonIntegrations(deps.prisma, context);
      const byBaseUrl = new Map<string, AxonIntegration[]>();
      for (const integration of integrations) {
        byBaseUrl.set(integration.baseUrl, [...(byBaseUrl.get(integration.baseUrl) ?? []), integration]);
      }
      const targets = new Map<string, AxonTarget>();
      for (const [baseUrl, group] of byBaseUrl) {
        const integration = pickIntegration(group, context);
        if (integration) targets.set(baseUrl, { integration });
      }
      return targets;
    },
    async search(query, targets, signal, warn) {
      if (targets.length === 0) return [];
      const outcomes = await Promise.allSettled(
        targets.map(({ integration }) => {
          const context = { agencyName: integration.agencyName, baseUrl: integration.baseUrl };
          const params = {
            start: query.start,
            end: query.end,
            plate: query.plate,
            state: query.plateState,
            limit: query.limit,
          };
          return client.searchReads(integration, params, signal, (read) => {
            const result = mapAxonRead(read, context);
            // Axon's API has no camera or place parameter: a place filters the window's reads here.
            return matchesAxonFilters(result, query) && readAtPlace(query.place, result) ? result : null;
          });
        }),
      );
      const results: TSearchResult[] = [];
      const failures: Error[] = [];
      for (const outcome of outcomes) {
        if (outcome.status === "fulfilled") results.push(...outcome.value);
        else failures.push(toError(outcome.reason));
      }
      // One integration failing still leaves the others' reads worth showing.
      if (failures.length === outcomes.length) throw combine(failures);
      for (const failure of failures) warn?.(failure.message);
      return results.sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp)).slice(0, query.limit);
    },
    coverage(query) {
      if (!query.place) return undefined;
      return { kind: "place_unsupported", text: AXON_PLACE_NOTICE };
    },
  };
}

/** What an area search tells about Axon (issue 22): it cannot be asked by camera or place. */
export const AXON_PLACE_NOTICE =
  "Axon's reads API cannot be asked by camera or place: Odin read every Axon read of the time window and kept those whose patrol-car position lies in the area (or at the named cameras).";

function toError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error("the Axon search failed");
}

function combine(failures: Error[]): VendorError {
  const kinds = new Set(
    failures.map((failure) => (failure instanceof VendorError ? failure.kind : "failed")),
  );
  const kind: VendorErrorKind = kinds.size === 1 ? [...kinds][0]! : "failed";
  const status = failures.length === 1 && failures[0] instanceof VendorError ? failures[0].status : undefined;
  return new VendorError(kind, failures.map((failure) => failure.message).join("; "), status);
}

/** A URL Odin may fetch at all: http(s), no credentials, nothing but an address. */
function parseFetchableUrl(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  return url;
}

/** Origin and path without a trailing slash: the form in which base URLs are compared. */
function baseKey(url: URL): string {
  return `${url.origin}${trimTrailingSlash(url.pathname)}`;
}

function liesUnder(target: URL, base: URL): boolean {
  if (target.origin !== base.origin) return false;
  const basePath = trimTrailingSlash(base.pathname);
  return basePath === "" || target.pathname === basePath || target.pathname.startsWith(`${basePath}/`);
}

/**
 * The image proxies' fetch. The URL (relative URLs resolved against `base_url`) must lie under the base
 * URL of an integration the caller may search, and for /proxy-axon-image `base_url` must itself be one:
 * otherwise the proxy would be an open door into Odin's network (cloud metadata, internal hosts).
 * The image is fetched with that integration's credentials.
 */
export async function openAxonImage(
  deps: SourceDeps,
  scope: SourceContext,
  { url, base_url: baseUrl }: { url: string; base_url?: string | undefined },
  signal?: AbortSignal,
): Promise<VendorImage> {
  const forbidden = () => new AppError("FORBIDDEN", AXON_IMAGE_FORBIDDEN);
  const base = baseUrl === undefined ? undefined : parseFetchableUrl(baseUrl);
  if (base === null || base?.search || base?.hash) throw forbidden();
  // Without a base URL (the plate image) only an absolute URL can be checked.
  const target = parseFetchableUrl(base ? (resolveAxonUrl(base.href, url)?.href ?? "") : url);
  if (!target || (base && !liesUnder(target, base))) throw forbidden();
  target.hash = "";

  const integrations = await findSearchableAxonIntegrations(deps.prisma, scope);
  const candidates = integrations.filter((integration) => {
    const integrationBase = parseFetchableUrl(integration.baseUrl);
    if (!integrationBase || !liesUnder(target, integrationBase)) return false;
    return !base || baseKey(integrationBase) === baseKey(base);
  });
  const integration = pickIntegration(candidates, scope);
  if (!integration) throw forbidden();

  try {
    return await axonClientFor(deps).fetchImage(integration, target, signal);
  } catch (error) {
    if (!(error instanceof VendorError)) throw error;
    if (error.kind === "not_found") throw new AppError("NOT_FOUND", "Image not found.");
    if (error.kind === "timeout") throw new AppError("UPSTREAM_TIMEOUT", error.message);
    throw new AppError("UPSTREAM_FAILED", error.message);
  }
}
