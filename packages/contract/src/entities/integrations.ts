import { z } from "zod";
import { MESSAGES } from "../messages";
import { ZSourceProgram } from "../common";
import { ZRekorAgency } from "./agencies";

/**
 * How a stored secret is shown: bullets, then at most its last four characters (none for short
 * secrets). The answer schema checks the pattern, so a raw key can never be serialised by mistake.
 */
export const MASKED_SECRET_PATTERN = /^•{4,}[^•]{0,4}$/u;

export function maskSecret(secret: string): string {
  const tail = secret.length >= 12 ? secret.slice(-4) : "";
  return `${"•".repeat(8)}${tail}`;
}

/** A stored Rekor API key (001 section 3); api_key as the server sends it: masked. */
export const ZRekorApiKey = ZRekorAgency.extend({
  api_key: z.string().regex(MASKED_SECRET_PATTERN, "api_key must be masked"),
  source_program: ZSourceProgram,
  /**
   * Odin's own, beside the spec's fields, sent only to an admin of the key's agency: whether the key
   * has a webhook token (keys added before tokens existed have none) and the URL its agents POST to.
   */
  has_webhook_token: z.boolean().optional(),
  webhook_url: z.string().max(2000).optional(),
});
export type TRekorApiKey = z.infer<typeof ZRekorApiKey>;

const AGENCY_AND_KEY = MESSAGES.agencyAndApiKeyRequired;

/**
 * The body of POST /add-api-key. Agency and key are required; source_program is matched without
 * regard to case and defaults to Rekor, the only program that has keys.
 */
export const ZAddApiKeyRequest = z.object({
  agency: z.string({ error: AGENCY_AND_KEY }).trim().min(1, AGENCY_AND_KEY).max(200),
  api_key: z.string({ error: AGENCY_AND_KEY }).trim().min(1, AGENCY_AND_KEY).max(500),
  source_program: z
    .string()
    .trim()
    .transform((name) => name.charAt(0).toUpperCase() + name.slice(1).toLowerCase() || "Rekor")
    .pipe(ZSourceProgram)
    .default("Rekor"),
});
export type TAddApiKeyRequest = z.infer<typeof ZAddApiKeyRequest>;

/** The agency's Axon integration as shown once it exists (001 section 3): no secret leaves the server. */
export const ZAxonIntegration = z.object({
  agency_name: z.string(),
  base_url: z.string(),
});
export type TAxonIntegration = z.infer<typeof ZAxonIntegration>;

const AXON_FIELDS = MESSAGES.axonFieldsRequired;
const axonField = (max: number) => z.string({ error: AXON_FIELDS }).trim().min(1, AXON_FIELDS).max(max);

/**
 * The body of POST /add-axon-integration: all four fields required. base_url must be http(s); a
 * trailing slash is dropped so it compares equal to the `agencies` entries and the proxy's host check.
 */
export const ZAddAxonIntegrationRequest = z.object({
  client_id: axonField(200),
  secret_id: axonField(500),
  partner_id: axonField(200),
  base_url: axonField(2048)
    .pipe(z.url({ protocol: /^https?$/, error: "base_url must be an http(s) URL" }))
    .transform((url) => url.replace(/\/+$/, "")),
});
export type TAddAxonIntegrationRequest = z.infer<typeof ZAddAxonIntegrationRequest>;
