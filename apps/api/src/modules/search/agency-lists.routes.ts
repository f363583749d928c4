import { findEndpoint, type TAxisAgency } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import type { Actor } from "../../access/actor";
import { requireAuth } from "../../plugins/authenticate";
import {
  findSearchableAxisIntegrations,
  findSearchableAxonIntegrations,
  findSearchableRekorKeys,
  searchScopeOf,
} from "../../sources/search-scope.repository";

const rekor = findEndpoint("GET", "/api-keys-data");
const axon = findEndpoint("GET", "/axon-authorized-integrations");
const axis = findEndpoint("GET", "/axis-authorized-agencies");
const errors = errorResponses(401, 403);

/** An admin of the key's agency, or the owner. */
const administers = (actor: Actor, agencyId: number) =>
  actor.isOwner || (actor.user.role === "admin" && actor.user.agencyId === agencyId);

/** The search form's three agency lists (spec 000 §3, §7), scoped to what the caller may search. */
export const agencyListRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.get(rekor.path, { schema: { response: { 200: rekor.response, ...errors } } }, async (request) => {
    const actor = requireAuth(request);
    const keys = await findSearchableRekorKeys(app.prisma, searchScopeOf(actor));
    // The key itself never leaves the server: only its last four characters, masked.
    return keys.map((key) => ({
      id: key.id,
      agency: key.agencyName,
      api_key: `${"•".repeat(8)}${key.apiKeyLast4}`,
      source_program: "Rekor" as const,
      // Odin's own fields, for whoever may rotate the key's token (rekor-keys.service.ts).
      ...(administers(actor, key.agencyId)
        ? {
            has_webhook_token: key.webhookTokenHash !== null,
            webhook_url: `${publicUrl}/ingest/rekor/${key.id}`,
          }
        : {}),
    }));
  });

  app.get(axon.path, { schema: { response: { 200: axon.response, ...errors } } }, async (request) => {
    const integrations = await findSearchableAxonIntegrations(
      app.prisma,
      searchScopeOf(requireAuth(request)),
    );
    return integrations.map((integration) => ({
      base_url: integration.baseUrl,
      agency_name: integration.agencyName,
    }));
  });

  app.get(axis.path, { schema: { response: { 200: axis.response, ...errors } } }, async (request) => {
    const integrations = await findSearchableAxisIntegrations(
      app.prisma,
      searchScopeOf(requireAuth(request)),
    );
    const byAgency = new Map<number, TAxisAgency>();
    for (const integration of integrations) {
      const entry = byAgency.get(integration.axisAgencyId) ?? {
        id: integration.axisAgencyId,
        agency_name: integration.axisAgency.agencyName,
        integrations: [],
      };
      entry.integrations.push({ identifier: integration.identifier });
      byAgency.set(integration.axisAgencyId, entry);
    }
    return [...byAgency.values()];
  });
};
