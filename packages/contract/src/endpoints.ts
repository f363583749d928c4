import { ACCOUNT_ENDPOINTS } from "./calls/account";
import { ALERT_DELIVERY_ENDPOINTS } from "./calls/alert-delivery";
import { ALERT_DESK_ENDPOINTS } from "./calls/alert-desk";
import { ALERT_WEBHOOK_ENDPOINTS } from "./calls/alert-webhooks";
import { ALERT_STREAM_ENDPOINTS } from "./calls/alert-stream";
import { ADMIN_ENDPOINTS } from "./calls/admin";
import { AUDIT_ENDPOINTS } from "./calls/audit";
import { AXIS_INTEGRATION_ENDPOINTS } from "./calls/axis-integrations";
import { CAMERA_HEALTH_ENDPOINTS } from "./calls/camera-health";
import { ACCOUNTABILITY_ENDPOINTS } from "./calls/accountability";
import { REVIEW_ENDPOINTS } from "./calls/review";
import { TRANSPARENCY_ENDPOINTS } from "./calls/transparency";
import { LEGAL_HOLD_ENDPOINTS, RETENTION_ENDPOINTS } from "./calls/retention";
import { EXPORT_ENDPOINTS } from "./calls/exports";
import { GEOCODE_ENDPOINTS } from "./calls/geocode";
import { GROUP_ENDPOINTS } from "./calls/groups";
import { HOTLIST_ENDPOINTS } from "./calls/hotlists";
import { IMAGE_ENDPOINTS } from "./calls/images";
import { INGEST_ENDPOINTS } from "./calls/ingest";
import { INTEGRATION_ENDPOINTS } from "./calls/integrations";
import { OWNER_ENDPOINTS } from "./calls/owner";
import { OWNER_AGENCY_ENDPOINTS } from "./calls/owner-agencies";
import { MFA_ENDPOINTS } from "./calls/mfa";
import { SEARCH_ENDPOINTS } from "./calls/search";
import { INVESTIGATION_ENDPOINTS } from "./calls/investigations";
import { SCIM_ENDPOINTS } from "./calls/scim";
import { API_CLIENT_ENDPOINTS } from "./calls/api-clients";
import { IDENTITY_ENDPOINTS } from "./calls/identity";

/**
 * Every call of both specs' call tables (and Odin's GET /healthz), once each. The API registers its
 * routes from these entries and the web client types its fetchers with them, so neither can drift.
 * The literal types are kept: `findEndpoint("POST", "/search-data").body` is ZSearchRequest itself.
 */
export const ENDPOINTS = [
  ...ACCOUNT_ENDPOINTS,
  ...IDENTITY_ENDPOINTS,
  ...API_CLIENT_ENDPOINTS,
  ...SEARCH_ENDPOINTS,
  ...INVESTIGATION_ENDPOINTS,
  ...IMAGE_ENDPOINTS,
  ...EXPORT_ENDPOINTS,
  ...HOTLIST_ENDPOINTS,
  ...ALERT_STREAM_ENDPOINTS,
  ...ALERT_DESK_ENDPOINTS,
  ...ALERT_DELIVERY_ENDPOINTS,
  ...ALERT_WEBHOOK_ENDPOINTS,
  ...GROUP_ENDPOINTS,
  ...ADMIN_ENDPOINTS,
  ...INTEGRATION_ENDPOINTS,
  ...OWNER_ENDPOINTS,
  ...OWNER_AGENCY_ENDPOINTS,
  ...AUDIT_ENDPOINTS,
  ...INGEST_ENDPOINTS,
  ...GEOCODE_ENDPOINTS,
  ...AXIS_INTEGRATION_ENDPOINTS,
  ...CAMERA_HEALTH_ENDPOINTS,
  ...MFA_ENDPOINTS,
  ...ACCOUNTABILITY_ENDPOINTS,
  ...REVIEW_ENDPOINTS,
  ...TRANSPARENCY_ENDPOINTS,
  ...RETENTION_ENDPOINTS,
  ...LEGAL_HOLD_ENDPOINTS,
  ...SCIM_ENDPOINTS,
] as const;

export type AnyEndpoint = (typeof ENDPOINTS)[number];
export type EndpointMethod = AnyEndpoint["method"];
export type EndpointPath<M extends EndpointMethod = EndpointMethod> = Extract<
  AnyEndpoint,
  { method: M }
>["path"];
export type EndpointOf<M extends EndpointMethod, P extends string> = Extract<
  AnyEndpoint,
  { method: M; path: P }
>;

/** The entry of one call, typed precisely. Throws only if asked for a call that does not exist. */
export function findEndpoint<M extends EndpointMethod, P extends EndpointPath<M>>(
  method: M,
  path: P,
): EndpointOf<M, P> {
  const found = ENDPOINTS.find((endpoint) => endpoint.method === method && endpoint.path === path);
  if (!found) throw new Error(`No endpoint ${method} ${path} in the contract`);
  return found as EndpointOf<M, P>;
}

/** Fills a Fastify-style path: toPath("/groups/:groupId/edit-data", { groupId: 7 }). */
export function toPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
