import { z } from "zod";
import {
  ZId,
  ZIdInput,
  ZIdParams,
  ZIsoDateTime,
  ZLatitude,
  ZLongitude,
  ZSuccessMessage,
  requiredText,
} from "../common";
import type { Endpoint } from "../endpoint";
import { ZAgency } from "../entities/agencies";
import { MESSAGES } from "../messages";
import { ZCameraHealthFigures } from "./camera-health";

/**
 * Odin's own: an agency admin onboards RAVEN (Axis License Plate Verifier) cameras. Each integration
 * has a push URL, {ODIN_PUBLIC_URL}/ingest/axis/{identifier}, and an ingest token that is shown once,
 * when it is made or rotated; Odin keeps only its hash.
 */

/** The longest RAVEN camera identifier (the form's maxLength reads it from ZAxisIdentifier). */
export const AXIS_IDENTIFIER_MAX = 64;

/**
 * Part of a URL path and of search requests: unique across Odin, never reused once deleted. One too
 * long stops at its length check (`abort`), so it is refused once, with the pattern's message.
 */
export const ZAxisIdentifier = z
  .string({ error: MESSAGES.axisIdentifierRules })
  .trim()
  .toLowerCase()
  .max(AXIS_IDENTIFIER_MAX, { error: MESSAGES.axisIdentifierRules, abort: true })
  .regex(new RegExp(`^[a-z0-9][a-z0-9._-]{2,${AXIS_IDENTIFIER_MAX - 1}}$`), MESSAGES.axisIdentifierRules);

export const ZCreateAxisIntegrationRequest = z
  .object({
    name: requiredText(MESSAGES.axisNameRequired, 120),
    identifier: ZAxisIdentifier,
    /** Fixed mounting position, used for reads whose event carries no geotag. */
    latitude: ZLatitude.nullish(),
    longitude: ZLongitude.nullish(),
    /** Other agencies whose users may search this camera's reads. */
    shared_with: z.array(ZIdInput).max(200).optional(),
    /** The owner says which agency the camera belongs to; an admin's is always their own. */
    agency_id: ZIdInput.optional(),
  })
  .refine((body) => (body.latitude == null) === (body.longitude == null), {
    message: MESSAGES.axisCoordinatesBoth,
    path: ["longitude"],
  });
export type TCreateAxisIntegrationRequest = z.input<typeof ZCreateAxisIntegrationRequest>;

export const ZAxisIntegration = z.object({
  id: ZId,
  name: z.string(),
  identifier: z.string(),
  agency_id: ZId,
  agency_name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  shared_with: z.array(ZAgency),
  status: z.enum(["active", "paused"]),
  /** Where the camera pushes: {ODIN_PUBLIC_URL}/ingest/axis/{identifier}. */
  push_url: z.string(),
  created_at: ZIsoDateTime,
  health: ZCameraHealthFigures,
});
export type TAxisIntegration = z.infer<typeof ZAxisIntegration>;

export const ZAxisIntegrationsResponse = z.object({
  /** Not deleted, newest first. */
  integrations: z.array(ZAxisIntegration),
  /** The agencies an integration may be shared with (every agency but the integration's own). */
  agencies: z.array(ZAgency),
  silent_after_minutes: z.number().int().positive(),
  /** {ODIN_PUBLIC_URL}/ingest/axis/{identifier}, with "{identifier}" as written. */
  push_url_template: z.string(),
});
export type TAxisIntegrationsResponse = z.infer<typeof ZAxisIntegrationsResponse>;

/** The answer of create and rotate: the only time the ingest token leaves Odin. */
export const ZAxisIngestCredentials = z.object({
  message: z.string(),
  integration: ZAxisIntegration,
  push_url: z.string(),
  ingest_token: z.string(),
});
export type TAxisIngestCredentials = z.infer<typeof ZAxisIngestCredentials>;

export const AXIS_INTEGRATION_ENDPOINTS = [
  {
    method: "GET",
    path: "/axis-integrations",
    spec: "odin",
    summary: "The agency's RAVEN (Axis LPV) integrations with their health (the owner: every agency's)",
    response: ZAxisIntegrationsResponse,
  },
  {
    method: "POST",
    path: "/axis-integrations",
    spec: "odin",
    summary: "Create a RAVEN integration: its push URL and ingest token are answered once",
    body: ZCreateAxisIntegrationRequest,
    response: ZAxisIngestCredentials,
  },
  {
    method: "POST",
    path: "/axis-integrations/:id/rotate-token",
    spec: "odin",
    summary: "Replace a RAVEN integration's ingest token (the old one is refused at once)",
    params: ZIdParams,
    response: ZAxisIngestCredentials,
  },
  {
    method: "POST",
    path: "/axis-integrations/:id/pause",
    spec: "odin",
    summary: "Pause a RAVEN integration: its pushes are refused with 423",
    params: ZIdParams,
    response: ZSuccessMessage,
  },
  {
    method: "POST",
    path: "/axis-integrations/:id/resume",
    spec: "odin",
    summary: "Resume a paused RAVEN integration",
    params: ZIdParams,
    response: ZSuccessMessage,
  },
  {
    method: "DELETE",
    path: "/axis-integrations/:id",
    spec: "odin",
    summary: "Delete a RAVEN integration (soft: reads kept until retention, identifier reserved)",
    params: ZIdParams,
    response: ZSuccessMessage,
  },
] as const satisfies readonly Endpoint[];
