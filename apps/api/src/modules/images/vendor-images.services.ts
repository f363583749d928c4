import type { Actor } from "../../access/actor";
import { openAxonImage } from "../../sources/axon/axon.source";
import type { SourceDeps } from "../../sources/detection-source";
import { openRekorImage } from "../../sources/rekor/rekor.source";
import { searchScopeOf } from "../../sources/search-scope.repository";

type Query<F> = F extends (deps: SourceDeps, scope: never, query: infer Q, signal?: AbortSignal) => unknown
  ? Q
  : never;

/**
 * What the Rekor and Axon picture proxies receive (issue 39 item 2): a picture fetched again from the
 * vendor, only from keys and integrations the caller's agency may search.
 */
export function vendorImagesServiceFactory(deps: SourceDeps) {
  return {
    openAxonImage: (actor: Actor, query: Query<typeof openAxonImage>, signal?: AbortSignal) =>
      openAxonImage(deps, searchScopeOf(actor), query, signal),
    openRekorImage: (actor: Actor, query: Query<typeof openRekorImage>, signal?: AbortSignal) =>
      openRekorImage(deps, searchScopeOf(actor), query, signal),
  };
}
export type VendorImagesService = ReturnType<typeof vendorImagesServiceFactory>;
