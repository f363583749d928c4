import {
  MESSAGES,
  type TAgencyChangeResponse,
  type TManagedAgenciesResponse,
  type TManagedAgency,
  type ZAgencyCreateRequest,
  type ZAgencyUpdateRequest,
} from "@odin/contract";
import type { Agency } from "@odin/db";
import type { z } from "zod";
import type { Actor } from "../../access/actor";
import { AppError } from "../../lib/app-error";
import { writeAudit } from "../../lib/audit-rows.repository";
import {
  countUsersByAgency,
  findAgencyById,
  findAgencyClash,
  findAllAgencies,
  insertAgency,
  setAgencyDeactivatedAt,
  updateAgencyFields,
  type AgencyFields,
  type UserCounts,
} from "../admin/agencies.repository";
import { isUniqueViolation } from "../admin/users.repository";
import { inTransaction, type Database } from "../../lib/database";

export interface AgencyAdminDeps {
  prisma: Database;
  /** DETECTION_RETENTION_DAYS: what an agency without its own retention keeps. */
  defaultRetentionDays: number;
}

type CreateInput = z.output<typeof ZAgencyCreateRequest>;
type UpdateInput = z.output<typeof ZAgencyUpdateRequest>;

function toManagedAgency(agency: Agency, counts: UserCounts | undefined): TManagedAgency {
  return {
    id: agency.id,
    name: agency.name,
    code: agency.code,
    time_zone: agency.timeZone,
    retention_days: agency.retentionDays,
    active: agency.deactivatedAt === null,
    deactivated_at: agency.deactivatedAt?.toISOString() ?? null,
    user_count: counts?.users ?? 0,
    admin_count: counts?.admins ?? 0,
  };
}

async function managed(prisma: Database, agency: Agency): Promise<TManagedAgency> {
  return toManagedAgency(agency, (await countUsersByAgency(prisma, [agency.id])).get(agency.id));
}

async function findOrFail(prisma: Database, id: number): Promise<Agency> {
  const agency = await findAgencyById(prisma, id);
  if (!agency) throw new AppError("NOT_FOUND", MESSAGES.agencyNotFound);
  return agency;
}

/**
 * A unique index refused the write (the name in any case, or the code): a 409 naming the agency that
 * holds it. The indexes decide, not a check before the insert, so two parallel creates cannot both win.
 */
async function asClash(prisma: Database, error: unknown, fields: Partial<AgencyFields>, id?: number) {
  if (!isUniqueViolation(error)) return error;
  const holder = await findAgencyClash(prisma, fields, id);
  if (holder && fields.name !== undefined && holder.name.toLowerCase() === fields.name.toLowerCase()) {
    const message = MESSAGES.agencyNameTaken(holder.name);
    return new AppError("CONFLICT", message, [{ path: "name", message }]);
  }
  const message = MESSAGES.agencyCodeTaken(fields.code ?? "");
  return new AppError("CONFLICT", message, [{ path: "code", message }]);
}

/** GET /owner/agencies: every agency, active or not, with its users and admins counted. */
export async function listManagedAgencies(deps: AgencyAdminDeps): Promise<TManagedAgenciesResponse> {
  const [agencies, counts] = await Promise.all([
    findAllAgencies(deps.prisma),
    countUsersByAgency(deps.prisma),
  ]);
  return {
    agencies: agencies.map((agency) => toManagedAgency(agency, counts.get(agency.id))),
    default_retention_days: deps.defaultRetentionDays,
  };
}

/** POST /owner/agencies: a new, active agency with no users yet (the owner then adds its first admin). */
export async function createAgency(
  deps: Pick<AgencyAdminDeps, "prisma">,
  actor: Actor,
  input: CreateInput,
): Promise<TAgencyChangeResponse> {
  const fields: AgencyFields = {
    name: input.name,
    code: input.code,
    timeZone: input.time_zone,
    retentionDays: input.retention_days,
  };
  let agency: Agency;
  try {
    agency = await inTransaction(deps.prisma, async (tx) => {
      const created = await insertAgency(tx, fields);
      await writeAudit(tx, actor, {
        action: "agency_created",
        detail: { agency_id: created.id, ...input },
      });
      return created;
    });
  } catch (error) {
    throw await asClash(deps.prisma, error, fields);
  }
  return {
    success: true,
    message: MESSAGES.agencyCreated(agency.name),
    agency: toManagedAgency(agency, undefined),
  };
}

/** PATCH /owner/agencies/:id: only what the body sends and differs is changed, and recorded. */
export async function updateAgency(
  deps: Pick<AgencyAdminDeps, "prisma">,
  actor: Actor,
  id: number,
  input: UpdateInput,
): Promise<TAgencyChangeResponse> {
  const current = await findOrFail(deps.prisma, id);
  const wanted: Partial<AgencyFields> = {
    name: input.name,
    code: input.code,
    timeZone: input.time_zone,
    retentionDays: input.retention_days,
  };
  const changes = Object.fromEntries(
    Object.entries(wanted).filter(
      ([field, value]) => value !== undefined && value !== current[field as keyof AgencyFields],
    ),
  ) as Partial<AgencyFields>;
  let agency = current;
  if (Object.keys(changes).length > 0) {
    try {
      agency = await inTransaction(deps.prisma, async (tx) => {
        const updated = await updateAgencyFields(tx, id, changes);
        await writeAudit(tx, actor, {
          action: "agency_updated",
          detail: {
            agency_id: id,
            changes: Object.fromEntries(
              Object.entries(changes).map(([field, value]) => [
                field,
                { from: current[field as keyof AgencyFields], to: value ?? null },
              ]),
            ),
          },
        });
        return updated;
      });
    } catch (error) {
      throw await asClash(deps.prisma, error, changes, id);
    }
  }
  return {
    success: true,
    message: MESSAGES.agencyUpdated(agency.name),
    agency: await managed(deps.prisma, agency),
  };
}

/**
 * POST /owner/agencies/:id/deactivate and /reactivate. Nothing is deleted: the agency's users are
 * refused at sign-in and on every call (plugins/authenticate.ts) while it is deactivated. Doing it twice is
 * harmless and recorded once.
 */
export async function setAgencyActive(
  deps: Pick<AgencyAdminDeps, "prisma">,
  actor: Actor,
  id: number,
  active: boolean,
): Promise<TAgencyChangeResponse> {
  await findOrFail(deps.prisma, id);
  const agency = await inTransaction(deps.prisma, async (tx) => {
    const changed = await setAgencyDeactivatedAt(tx, id, active ? null : new Date());
    const now = await findAgencyById(tx, id);
    if (changed) {
      await writeAudit(tx, actor, {
        action: active ? "agency_reactivated" : "agency_deactivated",
        detail: { agency_id: id, name: now!.name, code: now!.code },
      });
    }
    return now!;
  });
  return {
    success: true,
    message: active ? MESSAGES.agencyReactivated(agency.name) : MESSAGES.agencyDeactivated(agency.name),
    agency: await managed(deps.prisma, agency),
  };
}
