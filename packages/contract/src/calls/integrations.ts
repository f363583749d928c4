import { z } from "zod";
import { ZIdInput, ZIdParams, ZSuccessMessage } from "../common";
import type { Endpoint } from "../endpoint";
import { ZAgency } from "../entities/agencies";
import { ZAddApiKeyRequest, ZAddAxonIntegrationRequest, ZAxonIntegration } from "../entities/integrations";
import { ZBulkUploadResponse } from "./admin";

/** Columns of the Rekor key CSV: Odin's choice, the add-api-key payload's required fields. */
export const API_KEY_CSV_COLUMNS = ["agency", "api_key"] as const;

export const ZAxonExistingIntegrationResponse = z.object({
  existing_integration: ZAxonIntegration.nullable(),
});
export type TAxonExistingIntegrationResponse = z.infer<typeof ZAxonExistingIntegrationResponse>;

/** Not shown in the spec: Odin's choice. */
export const ZAuthorizedAndBlacklistedAgenciesResponse = z.object({
  authorized: z.array(ZAgency),
  blacklisted: z.array(ZAgency),
});
export type TAuthorizedAndBlacklistedAgenciesResponse = z.infer<
  typeof ZAuthorizedAndBlacklistedAgenciesResponse
>;

export const ZBlacklistRequest = z.object({ agency_id: ZIdInput });
export type TBlacklistRequest = z.infer<typeof ZBlacklistRequest>;

/**
 * A Rekor key's new webhook token, shown this once (Odin keeps only its hash); the old token is refused
 * from the moment this answer is sent.
 */
export const ZRotateWebhookTokenResponse = z.object({
  id: z.number().int(),
  webhook_url: z.string(),
  webhook_token: z.string(),
  message: z.string(),
});
export type TRotateWebhookTokenResponse = z.infer<typeof ZRotateWebhookTokenResponse>;

export const INTEGRATION_ENDPOINTS = [
  {
    method: "POST",
    path: "/add-api-key",
    spec: "001",
    summary: "Store a Rekor API key (encrypted at rest)",
    body: ZAddApiKeyRequest,
    // not shown in the spec: Odin's choice
    response: ZSuccessMessage,
  },
  {
    method: "POST",
    path: "/bulk-upload-api-keys",
    spec: "001",
    summary: "Store Rekor API keys from a CSV file",
    body: z.looseObject({}),
    contentType: "multipart",
    files: ["file"],
    response: ZBulkUploadResponse,
  },
  {
    method: "DELETE",
    path: "/delete-api-key/:id",
    spec: "001",
    summary: "Delete a Rekor API key",
    params: ZIdParams,
    // not shown in the spec: Odin's choice
    response: ZSuccessMessage,
  },
  {
    method: "POST",
    path: "/rekor-keys/:id/rotate-webhook-token",
    spec: "odin",
    summary: "Issue or rotate a Rekor key's webhook token (shown once; the old one is refused at once)",
    params: ZIdParams,
    response: ZRotateWebhookTokenResponse,
  },
  {
    method: "GET",
    path: "/axon-existing-integration",
    spec: "001",
    summary: "The agency's Axon integration, or null",
    response: ZAxonExistingIntegrationResponse,
  },
  {
    method: "POST",
    path: "/add-axon-integration",
    spec: "001",
    summary: "Store the agency's Axon integration (secret encrypted at rest)",
    body: ZAddAxonIntegrationRequest,
    // not shown in the spec: Odin's choice
    response: ZSuccessMessage,
  },
  {
    method: "DELETE",
    path: "/delete-axon-integration",
    spec: "001",
    summary: "Delete the agency's Axon integration",
    // not shown in the spec: Odin's choice
    response: ZSuccessMessage,
  },
  {
    method: "GET",
    path: "/get-authorized-and-blacklisted-agencies",
    spec: "001",
    summary: "Agencies whose Axon data the agency searches, and those it excludes",
    response: ZAuthorizedAndBlacklistedAgenciesResponse,
  },
  {
    method: "POST",
    path: "/add-to-blacklist",
    spec: "001",
    summary: "Exclude an agency from Axon searches",
    body: ZBlacklistRequest,
    // not shown in the spec: Odin's choice
    response: ZSuccessMessage,
  },
  {
    method: "POST",
    path: "/remove-from-blacklist",
    spec: "001",
    summary: "Include an agency in Axon searches again",
    body: ZBlacklistRequest,
    // not shown in the spec: Odin's choice
    response: ZSuccessMessage,
  },
] as const satisfies readonly Endpoint[];
