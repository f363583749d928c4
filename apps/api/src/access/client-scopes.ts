import type { TApiClientScope } from "@odin/contract";

/**
 * Issue 38 item 2: what an API client (service account) may call, by scope. A client is an account of
 * role "user" of its agency (with the hotlist flags its scopes need), so the access table and every
 * service's agency scoping apply to it as to a person; on top of that, it may call only the routes its
 * scopes list here. Anything else (the admin screens, exports, the owner's calls, a person's own
 * settings) answers 403, whatever its account's flags.
 */
export const SCOPE_ROUTES: Record<TApiClientScope, readonly string[]> = {
  search: [
    "POST /search-data",
    "POST /search-data/next",
    "GET /case-fields",
    "GET /api-keys-data",
    "GET /axon-authorized-integrations",
    "GET /axis-authorized-agencies",
    "GET /search/cameras",
    "POST /search/area",
    "POST /search/places",
    "POST /search/companions",
    "POST /search/pattern",
    "GET /proxy-rekor-image",
    "GET /proxy-axon-image",
    "GET /proxy-axon-plate-image",
    "GET /proxy-axis-image",
    "GET /axis/proxy-detection-image",
  ],
  "alerts:read": [
    "GET /alerts-data",
    "GET /alerts/group/:groupId/data",
    "GET /alerts/group/:groupId/details-data",
    "GET /api/alerts/:id",
    "GET /alerts/unread-count",
    "GET /alerts/proxy-alert-image",
    "GET /groups/:groupId/image",
    "GET /get-hotlist-attachment-url/:filename",
  ],
  "alerts:stream": ["GET /alerts/stream", "GET /alerts-data"],
  "alerts:acknowledge": ["POST /api/alerts/:id/acknowledge", "POST /api/alerts/:id/disposition"],
  "hotlists:write": [
    "GET /alerts-data",
    "GET /groups/:groupId/edit-data",
    "POST /hotlist/add-plate-direct",
    "POST /groups/:groupId/bulk-upload-plates",
    "POST /groups/:groupId/remove-plate",
  ],
};

/** Every client may ask who it is (its account, agency and flags). */
const ANY_CLIENT: ReadonlySet<string> = new Set(["GET /get-current-user"]);

const ROUTE_SCOPES = new Map<string, TApiClientScope[]>();
for (const [scope, routes] of Object.entries(SCOPE_ROUTES) as [TApiClientScope, readonly string[]][]) {
  for (const route of routes) ROUTE_SCOPES.set(route, [...(ROUTE_SCOPES.get(route) ?? []), scope]);
}

/** The scopes that open a route (`"POST /search-data"`); empty: no client may call it. */
export function scopesFor(route: string): readonly TApiClientScope[] {
  return ROUTE_SCOPES.get(route) ?? [];
}

/**
 * The scopes a client needs for a route (`"GET /alerts-data"`): [] when any client may call it, null
 * when none may (the API reference lists them per call).
 */
export function clientScopesOf(route: string): readonly TApiClientScope[] | null {
  if (ANY_CLIENT.has(route)) return [];
  const scopes = scopesFor(route);
  return scopes.length ? scopes : null;
}

/** Whether a client holding `scopes` may call the route (HEAD as its GET). */
export function clientMayCall(scopes: readonly string[], method: string, url: string): boolean {
  const route = `${method === "HEAD" ? "GET" : method} ${url}`;
  return ANY_CLIENT.has(route) || scopesFor(route).some((scope) => scopes.includes(scope));
}

/** The account flags a client's scopes need (the access table's hotlist levels; never admin). */
export function accountFlagsFor(scopes: readonly string[]) {
  const hotlists = scopes.some((scope) => scope.startsWith("alerts:") || scope === "hotlists:write");
  // A client sees every active group of its agency, as a hotlist admin does (group-access.ts); what it
  // may change is limited by its scopes above, not by the flag.
  return { role: "user" as const, hotlistAdmin: hotlists, hotlistViewer: hotlists, auditor: false };
}
