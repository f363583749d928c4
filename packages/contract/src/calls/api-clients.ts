import { z } from "zod";
import { ZIdParams } from "../common";
import type { Endpoint } from "../endpoint";

/**
 * Odin's own (issue 38 item 2): API clients, the service accounts an agency's other systems (a CAD, an
 * RMS, a real-time crime centre) call Odin with. An agency admin makes one, chooses its scopes and sees
 * its secret once. With Odin's built-in sign-in, the client takes tokens with OAuth 2.0 client
 * credentials at `/oidc/token`; with the agency's own issuer (OIDC_ISSUER), the issuer gives them and
 * the admin names the `sub` they carry. Every call is audited under the client's name, and a search
 * still needs a justification and the agency's case fields.
 */
export const API_CLIENT_SCOPES = [
  "search",
  "alerts:read",
  "alerts:stream",
  "alerts:acknowledge",
  "hotlists:write",
] as const;
export const ZApiClientScope = z.enum(API_CLIENT_SCOPES);
export type TApiClientScope = z.infer<typeof ZApiClientScope>;

/** What each scope allows, as the admin screen and the API reference say it. */
export const API_CLIENT_SCOPE_LABELS: Record<TApiClientScope, string> = {
  search: "Search reads (plate, area, places, companions, pattern) with a justification, and their images",
  "alerts:read": "Read the agency's alert groups and their alerts",
  "alerts:stream": "Receive alerts live (GET /alerts/stream)",
  "alerts:acknowledge": "Acknowledge alerts and record their disposition",
  "hotlists:write": "Add and remove plates on the agency's hotlists",
};

export const API_CLIENT_LIMITS = {
  nameMax: 80,
  rateLimitMin: 1,
  rateLimitMax: 100_000,
  rateLimitDefault: 600,
  expiresInDaysMax: 730,
  externalSubjectMax: 255,
} as const;

export const ZApiClient = z.object({
  id: z.number().int(),
  name: z.string(),
  /** "built_in": tokens from Odin's /oidc/token; "external": from the agency's identity provider. */
  issuer: z.enum(["built_in", "external"]),
  /** Built-in: the OAuth client_id. External: the `sub` of the tokens the agency's issuer gives it. */
  client_id: z.string(),
  scopes: z.array(ZApiClientScope),
  rate_limit_per_minute: z.number().int(),
  expires_at: z.iso.datetime({ offset: true }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  created_by: z.string().nullable(),
  secret_rotated_at: z.iso.datetime({ offset: true }).nullable(),
  /** The last call it made, to the minute; null before the first. */
  last_used_at: z.iso.datetime({ offset: true }).nullable(),
  /** "active", "expired" (past expires_at) or "deactivated". */
  status: z.enum(["active", "expired", "deactivated"]),
  deactivated_at: z.iso.datetime({ offset: true }).nullable(),
});
export type TApiClient = z.infer<typeof ZApiClient>;

export const ZApiClientList = z.object({
  clients: z.array(ZApiClient),
  /** Where a built-in client takes its tokens; null with an external issuer. */
  token_endpoint: z.string().nullable(),
  /** The `audience` (resource) a token must be for. */
  audience: z.string(),
  issuer: z.enum(["built_in", "external"]),
});
export type TApiClientList = z.infer<typeof ZApiClientList>;

export const ZCreateApiClientRequest = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the client (e.g. the system that will use it).")
    .max(API_CLIENT_LIMITS.nameMax, `The name is at most ${API_CLIENT_LIMITS.nameMax} characters.`),
  scopes: z.array(ZApiClientScope).min(1, "Choose at least one scope."),
  rate_limit_per_minute: z
    .number()
    .int()
    .min(API_CLIENT_LIMITS.rateLimitMin, "The rate limit is at least 1 call a minute.")
    .max(
      API_CLIENT_LIMITS.rateLimitMax,
      `The rate limit is at most ${API_CLIENT_LIMITS.rateLimitMax} calls a minute.`,
    )
    .optional(),
  /** Days until the client stops working; absent or null: it does not expire. */
  expires_in_days: z
    .number()
    .int()
    .min(1, "A client expires at least a day from now.")
    .max(
      API_CLIENT_LIMITS.expiresInDaysMax,
      `A client expires at most ${API_CLIENT_LIMITS.expiresInDaysMax} days from now.`,
    )
    .nullable()
    .optional(),
  /** With an external issuer only: the `sub` claim of the tokens it gives this client. */
  external_subject: z.string().trim().min(1).max(API_CLIENT_LIMITS.externalSubjectMax).optional(),
});
export type TCreateApiClientRequest = z.infer<typeof ZCreateApiClientRequest>;

/** A new or rotated client: its secret appears here once (null for an external issuer's client). */
export const ZApiClientCreated = z.object({
  message: z.string(),
  client: ZApiClient,
  client_secret: z.string().nullable(),
});
export type TApiClientCreated = z.infer<typeof ZApiClientCreated>;

export const ZApiClientChanged = z.object({ message: z.string(), client: ZApiClient });
export type TApiClientChanged = z.infer<typeof ZApiClientChanged>;

export const API_CLIENT_ENDPOINTS = [
  {
    method: "GET",
    path: "/admin/api-clients",
    spec: "odin",
    summary: "The agency's API clients (service accounts): scopes, limits, expiry, last use; never a secret",
    response: ZApiClientList,
  },
  {
    method: "POST",
    path: "/admin/api-clients",
    spec: "odin",
    summary: "Create an API client for another system of the agency; its secret is shown once",
    body: ZCreateApiClientRequest,
    response: ZApiClientCreated,
  },
  {
    method: "POST",
    path: "/admin/api-clients/:id/rotate-secret",
    spec: "odin",
    summary: "Give an API client a new secret (shown once); the old one is refused at once",
    params: ZIdParams,
    response: ZApiClientCreated,
  },
  {
    method: "POST",
    path: "/admin/api-clients/:id/deactivate",
    spec: "odin",
    summary: "Switch an API client off: its tokens are refused at their next call and it gets no new ones",
    params: ZIdParams,
    response: ZApiClientChanged,
  },
] as const satisfies readonly Endpoint[];
