import type { TAxisAgency } from "@odin/contract";
import type { Actor } from "../../access/actor";
import type { Database } from "../../lib/database";
import {
  findSearchableAxisIntegrations,
  findSearchableAxonIntegrations,
  findSearchableRekorKeys,
  searchScopeOf,
} from "../../sources/search-scope.repository";

/** An admin of the key's agency, or the owner. */
const administers = (actor: Actor, agencyId: number) =>
  actor.isOwner || (actor.user.role === "admin" && actor.user.agencyId === agencyId);

/**
 * The search form's three agency lists (spec 000 §3, §7), scoped to what the caller may search, as the
 * routes receive them (issue 39 item 2).
 */
export function agencyListsServiceFactory({
  database,
  publicUrl,
}: {
  database: Database;
  publicUrl: string;
}) {
  return {
    /** GET /api-keys-data: the key itself never leaves the server, only its last four characters, masked. */
    async rekorKeys(actor: Actor) {
      const keys = await findSearchableRekorKeys(database, searchScopeOf(actor));
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
    },

    /** GET /axon-authorized-integrations. */
    async axonIntegrations(actor: Actor) {
      const integrations = await findSearchableAxonIntegrations(database, searchScopeOf(actor));
      return integrations.map((integration) => ({
        base_url: integration.baseUrl,
        agency_name: integration.agencyName,
      }));
    },

    /** GET /axis-authorized-agencies: RAVEN's agencies, each with its searchable integrations. */
    async axisAgencies(actor: Actor): Promise<TAxisAgency[]> {
      const integrations = await findSearchableAxisIntegrations(database, searchScopeOf(actor));
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
    },
  };
}
export type AgencyListsService = ReturnType<typeof agencyListsServiceFactory>;
