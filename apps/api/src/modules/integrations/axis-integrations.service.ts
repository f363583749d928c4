import {
  MESSAGES,
  type ZCreateAxisIntegrationRequest,
  type TAxisIngestCredentials,
  type TAxisIntegration,
  type TAxisIntegrationsResponse,
} from "@odin/contract";
import { generateToken, hashToken } from "@odin/db";
import type { z } from "zod";
import type { Actor } from "../../access/actor";
import { AppError } from "../../lib/app-error";
import { administeredAgency, requireOwnAgency } from "../../access/tenancy";
import { isUniqueViolation } from "../admin/users.repository";
import { writeAudit } from "../../lib/audit-rows.repository";
import {
  findAxisActivity,
  type AgencyScope,
  type AxisActivityRow,
} from "../camera-health/camera-health.repository";
import { healthFigures } from "../camera-health/camera-state";
import {
  ensureAxisAgency,
  findAgencies,
  findAgency,
  findAxisIntegration,
  findAxisIntegrations,
  insertAxisIntegration,
  updateAxisIntegration,
  type AxisIntegrationRow,
} from "./axis-integrations.repository";
import { inTransaction, type Database } from "../../lib/database";

export interface AxisIntegrationDeps {
  prisma: Database;
  /** ODIN_PUBLIC_URL: push URLs are {publicUrl}/ingest/axis/{identifier}. */
  publicUrl: string;
  silentAfterMinutes: number;
  /** Drops the ingest's cached settings of an integration, so a change applies to the next push. */
  forgetIntegration: (identifier: string) => void;
}

type CreateBody = z.output<typeof ZCreateAxisIntegrationRequest>;

const DAY_MS = 86_400_000;

const pushUrlOf = (deps: AxisIntegrationDeps, identifier: string) =>
  `${deps.publicUrl}/ingest/axis/${encodeURIComponent(identifier)}`;

function toAxisIntegration(
  deps: AxisIntegrationDeps,
  row: AxisIntegrationRow,
  activity: AxisActivityRow | undefined,
  now: Date,
): TAxisIntegration {
  return {
    id: row.id,
    name: row.label ?? row.identifier,
    identifier: row.identifier,
    agency_id: row.axisAgency.agency.id,
    agency_name: row.axisAgency.agency.name,
    latitude: row.latitude,
    longitude: row.longitude,
    shared_with: row.shares.map((share) => share.agency),
    status: row.pausedAt ? "paused" : "active",
    push_url: pushUrlOf(deps, row.identifier),
    created_at: row.createdAt.toISOString(),
    health: healthFigures(
      {
        lastReadAt: activity?.last_read_at ?? row.lastEventAt,
        reads24h: activity?.reads_24h ?? 0,
        paused: row.pausedAt !== null,
      },
      now,
      deps.silentAfterMinutes,
    ),
  };
}

/** The scope an admin call reaches; an account without an agency (not the owner) reaches nothing. */
function scopeOf(actor: Actor): AgencyScope {
  const scope = administeredAgency(actor);
  if (scope === null) throw new AppError("NOT_FOUND", MESSAGES.axisIntegrationNotFound);
  return scope;
}

async function findOrFail(
  deps: Pick<AxisIntegrationDeps, "prisma">,
  actor: Actor,
  id: number,
): Promise<AxisIntegrationRow> {
  const row = await findAxisIntegration(deps.prisma, scopeOf(actor), id);
  if (!row) throw new AppError("NOT_FOUND", MESSAGES.axisIntegrationNotFound);
  return row;
}

/** GET /axis-integrations: the scope's integrations with their health, and the agencies to share with. */
export async function listAxisIntegrations(
  deps: AxisIntegrationDeps,
  actor: Actor,
  now = new Date(),
): Promise<TAxisIntegrationsResponse> {
  const scope = administeredAgency(actor);
  const rows = scope === null ? [] : await findAxisIntegrations(deps.prisma, scope);
  const activity = await findAxisActivity(
    deps.prisma,
    rows.map((row) => row.id),
    new Date(now.getTime() - DAY_MS),
  );
  const agencies = await findAgencies(deps.prisma);
  return {
    integrations: rows.map((row) => toAxisIntegration(deps, row, activity.get(row.id), now)),
    agencies: agencies.filter((agency) => scope === "all" || agency.id !== scope),
    silent_after_minutes: deps.silentAfterMinutes,
    push_url_template: `${deps.publicUrl}/ingest/axis/{identifier}`,
  };
}

/** The agency a new integration belongs to: the admin's own; the owner names one. */
async function owningAgency(
  deps: Pick<AxisIntegrationDeps, "prisma">,
  actor: Actor,
  requested: number | undefined,
) {
  if (actor.isOwner && requested === undefined) {
    throw new AppError("VALIDATION_FAILED", "Choose the agency the camera belongs to.", [
      { path: "agency_id", message: "Required for the owner." },
    ]);
  }
  const agencyId = actor.isOwner ? requested! : requireOwnAgency(actor);
  if (!actor.isOwner && requested !== undefined && requested !== agencyId) {
    throw new AppError("NOT_FOUND", "Agency not found.");
  }
  const agency = await findAgency(deps.prisma, agencyId);
  if (!agency) throw new AppError("NOT_FOUND", "Agency not found.");
  return agency;
}

/** The agencies to share with: known, once each, never the owning agency itself. */
async function shareTargets(
  deps: Pick<AxisIntegrationDeps, "prisma">,
  ownerId: number,
  ids: number[] | undefined,
) {
  const wanted = [...new Set(ids ?? [])].filter((id) => id !== ownerId);
  const found = await findAgencies(deps.prisma, wanted);
  const unknown = wanted.filter((id) => !found.some((agency) => agency.id === id));
  if (unknown.length > 0) {
    throw new AppError("VALIDATION_FAILED", `Unknown agency id(s) to share with: ${unknown.join(", ")}.`, [
      { path: "shared_with", message: "Every agency must exist." },
    ]);
  }
  return found;
}

function credentials(
  deps: AxisIntegrationDeps,
  row: AxisIntegrationRow,
  token: string,
  message: string,
): TAxisIngestCredentials {
  return {
    message,
    integration: toAxisIntegration(deps, row, undefined, new Date()),
    push_url: pushUrlOf(deps, row.identifier),
    ingest_token: token,
  };
}

/**
 * POST /axis-integrations: a new RAVEN integration with a fresh ingest token. The identifier is unique
 * across Odin (deleted integrations keep theirs), so two admins racing for one get one 201 and one 409.
 */
export async function createAxisIntegration(
  deps: AxisIntegrationDeps,
  actor: Actor,
  body: CreateBody,
): Promise<TAxisIngestCredentials> {
  const agency = await owningAgency(deps, actor, body.agency_id);
  const shared = await shareTargets(deps, agency.id, body.shared_with);
  const token = generateToken();
  try {
    const row = await inTransaction(deps.prisma, async (tx) => {
      const axisAgencyId = await ensureAxisAgency(tx, agency);
      const created = await insertAxisIntegration(tx, {
        axisAgencyId,
        identifier: body.identifier,
        ingestTokenHash: hashToken(token),
        label: body.name,
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
        sharedWith: shared.map((share) => share.id),
      });
      await writeAudit(tx, actor, {
        action: "axis_integration_created",
        detail: {
          integration_id: created.id,
          identifier: created.identifier,
          name: body.name,
          agency_id: agency.id,
          shared_with: shared.map((share) => share.id),
        },
      });
      return created;
    });
    // A push that found no such identifier a moment ago must not stay cached as unknown.
    deps.forgetIntegration(row.identifier);
    return credentials(deps, row, token, MESSAGES.axisIntegrationCreated(body.name));
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("CONFLICT", MESSAGES.axisIdentifierInUse(body.identifier));
    throw error;
  }
}

/** POST /axis-integrations/{id}/rotate-token: a new token; the old one is refused from the next push. */
export async function rotateAxisIngestToken(
  deps: AxisIntegrationDeps,
  actor: Actor,
  id: number,
): Promise<TAxisIngestCredentials> {
  const existing = await findOrFail(deps, actor, id);
  const token = generateToken();
  const row = await inTransaction(deps.prisma, async (tx) => {
    const updated = await updateAxisIntegration(tx, existing.id, { ingestTokenHash: hashToken(token) });
    await writeAudit(tx, actor, {
      action: "axis_integration_token_rotated",
      detail: { integration_id: existing.id, identifier: existing.identifier },
    });
    return updated;
  });
  deps.forgetIntegration(row.identifier);
  return credentials(deps, row, token, MESSAGES.axisTokenRotated(row.label ?? row.identifier));
}

/** Pause (pushes refused with 423) or resume; asking for the state it is already in changes nothing. */
export async function setAxisIntegrationPaused(
  deps: AxisIntegrationDeps,
  actor: Actor,
  id: number,
  paused: boolean,
): Promise<string> {
  const existing = await findOrFail(deps, actor, id);
  const name = existing.label ?? existing.identifier;
  const message = paused ? MESSAGES.axisIntegrationPaused(name) : MESSAGES.axisIntegrationResumed(name);
  if ((existing.pausedAt !== null) === paused) return message;
  await inTransaction(deps.prisma, async (tx) => {
    await updateAxisIntegration(tx, existing.id, { pausedAt: paused ? new Date() : null });
    await writeAudit(tx, actor, {
      action: paused ? "axis_integration_paused" : "axis_integration_resumed",
      detail: { integration_id: existing.id, identifier: existing.identifier },
    });
  });
  deps.forgetIntegration(existing.identifier);
  return message;
}

/**
 * DELETE /axis-integrations/{id}: soft. Pushes are refused (410), the identifier stays reserved, and
 * the stored reads stay searchable, exportable and alert-linked until retention purges them.
 */
export async function deleteAxisIntegration(
  deps: AxisIntegrationDeps,
  actor: Actor,
  id: number,
): Promise<string> {
  const existing = await findOrFail(deps, actor, id);
  await inTransaction(deps.prisma, async (tx) => {
    await updateAxisIntegration(tx, existing.id, { deletedAt: new Date() });
    await writeAudit(tx, actor, {
      action: "axis_integration_deleted",
      detail: {
        integration_id: existing.id,
        identifier: existing.identifier,
        name: existing.label,
        agency_id: existing.axisAgency.agencyId,
      },
    });
  });
  deps.forgetIntegration(existing.identifier);
  return MESSAGES.axisIntegrationDeleted(existing.label ?? existing.identifier);
}
