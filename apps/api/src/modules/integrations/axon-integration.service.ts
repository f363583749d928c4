import {
  MESSAGES,
  type TAddAxonIntegrationRequest,
  type TAuthorizedAndBlacklistedAgenciesResponse,
  type TAxonExistingIntegrationResponse,
} from "@odin/contract";
import { AppError } from "../../lib/app-error";
import { inTransaction, type Database } from "../../lib/database";
import type { Actor } from "../../access/actor";
import { AxonClient } from "../../sources/axon/axon.client";
import { VendorError } from "../../lib/vendor-http";
import { writeAudit } from "../../lib/audit-rows.repository";
import { requireOwnAgency } from "../../access/tenancy";
import { findAgencyById, findAgencyByIdOrThrow } from "../admin/agencies.repository";
import { isUniqueViolation } from "../admin/users.repository";
import {
  deleteAxonIntegrationRow,
  findAxonAgencyLists,
  findAxonIntegrationOfAgency,
  insertAxonIntegration,
  setAxonAgencyStatus,
} from "./axon-integration.repository";
import type { IntegrationDeps } from "./integrations-deps";

const NO_INTEGRATION = "Your agency has no Axon integration.";

function findOwnIntegration(prisma: Database, actor: Actor) {
  const agencyId = actor.user.agencyId;
  return agencyId === null ? Promise.resolve(null) : findAxonIntegrationOfAgency(prisma, agencyId);
}

/** GET /axon-existing-integration: its label and host only; the client id and secret stay here. */
export async function getExistingIntegration(
  prisma: Database,
  actor: Actor,
): Promise<TAxonExistingIntegrationResponse> {
  const integration = await findOwnIntegration(prisma, actor);
  return {
    existing_integration: integration
      ? { agency_name: integration.agencyName, base_url: integration.baseUrl }
      : null,
  };
}

/**
 * Asks Axon's token endpoint for a token with these credentials, through the same client searches
 * use, so a typo is caught now rather than at the first search. A fresh client: nothing is cached.
 */
async function checkCredentials(deps: IntegrationDeps, body: TAddAxonIntegrationRequest, agencyName: string) {
  try {
    await new AxonClient(deps.secrets).getToken({
      id: 0,
      agencyName,
      baseUrl: body.base_url,
      clientId: body.client_id,
      partnerId: body.partner_id,
      clientSecretCiphertext: deps.secrets.encrypt(body.secret_id),
    });
  } catch (error) {
    if (!(error instanceof VendorError)) throw error;
    if (error.kind === "refused" || error.status === 400) {
      throw new AppError(
        "VALIDATION_FAILED",
        `Axon refused these credentials (${error.status ?? "refused"}): check the Client ID, Client Secret and Partner ID.`,
      );
    }
    if (error.kind === "timeout")
      throw new AppError("UPSTREAM_TIMEOUT", `${error.message}. Nothing was saved.`);
    throw new AppError(
      "UPSTREAM_FAILED",
      `Axon could not confirm the credentials: ${error.message}. Nothing was saved.`,
    );
  }
}

/**
 * POST /add-axon-integration: one integration per agency, its credentials checked against Axon's
 * token endpoint before anything is saved, the secret sealed at rest. Every other agency starts
 * authorized (the page's blacklist model); the admin then moves agencies to the blacklist.
 */
export async function addAxonIntegration(
  deps: IntegrationDeps,
  actor: Actor,
  body: TAddAxonIntegrationRequest,
): Promise<string> {
  const agencyId = requireOwnAgency(actor);
  if (deps.config.isProduction && !body.base_url.startsWith("https://")) {
    throw new AppError("VALIDATION_FAILED", "The Base URL must start with https://.", [
      { path: "base_url", message: "Axon is reached over https only." },
    ]);
  }
  const agency = await findAgencyByIdOrThrow(deps.prisma, agencyId);
  if (await findOwnIntegration(deps.prisma, actor)) {
    throw new AppError(
      "CONFLICT",
      "Your agency already has an Axon integration: delete it first to replace it.",
    );
  }
  await checkCredentials(deps, body, agency.name);
  try {
    await inTransaction(deps.prisma, async (tx) => {
      const integration = await insertAxonIntegration(tx, {
        agencyId,
        agencyName: agency.name,
        clientId: body.client_id,
        clientSecretCiphertext: deps.secrets.encrypt(body.secret_id),
        partnerId: body.partner_id,
        baseUrl: body.base_url,
      });
      await writeAudit(tx, actor, {
        action: "axon_integration_changed",
        detail: {
          change: "added",
          integration_id: integration.id,
          base_url: integration.baseUrl,
          client_id: integration.clientId,
          partner_id: integration.partnerId,
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("CONFLICT", "Your agency already has an Axon integration.");
    }
    throw error;
  }
  return MESSAGES.axonIntegrationAdded;
}

/** DELETE /delete-axon-integration: the agency's integration and its agency lists. */
export async function deleteAxonIntegration(prisma: Database, actor: Actor): Promise<string> {
  const integration = await findOwnIntegration(prisma, actor);
  if (!integration) throw new AppError("NOT_FOUND", NO_INTEGRATION);
  await inTransaction(prisma, async (tx) => {
    await deleteAxonIntegrationRow(tx, integration.id);
    await writeAudit(tx, actor, {
      action: "axon_integration_changed",
      detail: { change: "deleted", integration_id: integration.id, base_url: integration.baseUrl },
    });
  });
  return MESSAGES.axonIntegrationDeleted;
}

/**
 * GET /get-authorized-and-blacklisted-agencies: every other agency, in exactly one list. Authorized
 * means it may search this integration (an explicit row, as the search scope requires); every other
 * agency, including one created after the integration, is listed as blacklisted until moved.
 */
export async function listAgencyAccess(
  prisma: Database,
  actor: Actor,
): Promise<TAuthorizedAndBlacklistedAgenciesResponse> {
  const integration = await findOwnIntegration(prisma, actor);
  if (!integration) return { authorized: [], blacklisted: [] };
  const { agencies, authorizedIds: authorized } = await findAxonAgencyLists(prisma, integration);
  return {
    authorized: agencies.filter((agency) => authorized.has(agency.id)),
    blacklisted: agencies.filter((agency) => !authorized.has(agency.id)),
  };
}

/** POST /add-to-blacklist and /remove-from-blacklist: moves one agency between the two lists. */
export async function setAgencyAccess(
  prisma: Database,
  actor: Actor,
  agencyId: number,
  status: "authorized" | "blacklisted",
): Promise<string> {
  const integration = await findOwnIntegration(prisma, actor);
  if (!integration) throw new AppError("NOT_FOUND", NO_INTEGRATION);
  if (agencyId === integration.agencyId) {
    throw new AppError("VALIDATION_FAILED", "Your own agency always searches its own integration.");
  }
  const agency = await findAgencyById(prisma, agencyId);
  if (!agency) throw new AppError("NOT_FOUND", "Agency not found.");
  await inTransaction(prisma, async (tx) => {
    if (!(await setAxonAgencyStatus(tx, integration.id, agencyId, status))) return;
    await writeAudit(tx, actor, {
      action: "blacklist_changed",
      detail: { integration_id: integration.id, agency_id: agency.id, agency_name: agency.name, status },
    });
  });
  return status === "blacklisted" ? MESSAGES.agencyBlacklisted : MESSAGES.agencyUnblacklisted;
}
