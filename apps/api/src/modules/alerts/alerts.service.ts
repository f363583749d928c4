import type {
  TAlert,
  TAlertDispositionRequest,
  TCameraMisreadsResponse,
  TGroupAlertsQuery,
  TGroupAlertsResponse,
  TUnreadAlertsResponse,
} from "@odin/contract";
import type { Alert } from "@odin/db";
import { ALERT_HISTORY_LIMIT, toContractAlert } from "./alert-view";
import { administeredAgency } from "../../access/tenancy";
import { writeAudit } from "../../lib/audit-rows.repository";
import { AppError } from "../../lib/app-error";
import type { Actor } from "../../access/actor";
import { openAxonImage } from "../../sources/axon/axon.source";
import type { SourceDeps } from "../../sources/detection-source";
import { normalizePlate } from "../../sources/plate-pattern";
import type { VendorImage } from "../../lib/vendor-http";
import { parseStoredImagePath, type ImageStore } from "../../storage/image-store";
import { findAccessibleGroup } from "../hotlists/group-access";
import {
  countUnacknowledged,
  findGroupAlerts,
  findMisreadsByCamera,
  findVisibleAlert,
  findVisibleAlertByImage,
  findVisibleGroupIds,
  acknowledgeAlertRow,
  updateAlertDisposition,
} from "./alerts.repository";
import { inTransaction, type Database } from "../../lib/database";
import { bindServices } from "../../lib/bind-services";

export const ALERT_NOT_FOUND = "Alert not found.";
export const ALERT_IMAGE_NOT_FOUND = "Image not found.";

export const INVALID_CURSOR = "Invalid cursor: load the alert history again.";

/** The opaque `next_cursor`: the last alert's read time and id (base64url), where the next page starts. */
export function encodeCursor(alert: Pick<Alert, "timestamp" | "id">): string {
  return Buffer.from(`${alert.timestamp.toISOString()}|${alert.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { timestamp: Date; id: number } {
  const [time, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const timestamp = new Date(time ?? "");
  const alertId = Number(id);
  if (Number.isNaN(timestamp.getTime()) || !Number.isSafeInteger(alertId) || alertId < 1) {
    throw new AppError("VALIDATION_FAILED", INVALID_CURSOR);
  }
  return { timestamp, id: alertId };
}

/**
 * GET /alerts/group/{id}/data: the group and a page of its alerts, newest first by the read's time
 * (ALERT_HISTORY_LIMIT when no size is asked, as the spec's client expects), narrowed by the query's
 * filters; `next_cursor` fetches the next, older page.
 */
export async function getGroupAlerts(
  prisma: Database,
  actor: Actor,
  groupId: number,
  query: Partial<TGroupAlertsQuery> = {},
): Promise<TGroupAlertsResponse> {
  const group = await findAccessibleGroup(prisma, actor, groupId);
  const limit = query.limit ?? ALERT_HISTORY_LIMIT;
  // Spaces and dashes are not part of a plate: "AK-472" finds AK47281 (the one normalisation).
  const plate = query.plate ? normalizePlate(query.plate) : undefined;
  const alerts = await findGroupAlerts(prisma, group.id, limit + 1, {
    plate: plate || undefined,
    camera: query.camera,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    disposition: query.disposition,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
  });
  const page = alerts.slice(0, limit);
  const last = page.at(-1);
  return {
    group: { id: group.id, name: group.name },
    alerts: page.map(toContractAlert),
    next_cursor: alerts.length > limit && last ? encodeCursor(last) : null,
  };
}

/** GET /api/alerts/{id}: another agency's alert, or one of a group the caller may not see, is a 404. */
export async function getAlert(prisma: Database, actor: Actor, id: number): Promise<TAlert> {
  const alert = await findVisibleAlert(prisma, actor, id);
  if (!alert) throw new AppError("NOT_FOUND", ALERT_NOT_FOUND);
  return toContractAlert(alert);
}

/**
 * POST /api/alerts/{id}/disposition: anyone who may see the alert's group marks it (or clears it with
 * null). The audit row (before and after) is written first, in the transaction of the change.
 * Another agency's alert, or one of a group the caller may not see, is a 404.
 */
export async function setAlertDisposition(
  prisma: Database,
  actor: Actor,
  id: number,
  input: TAlertDispositionRequest,
): Promise<TAlert> {
  const saved = await inTransaction(prisma, async (tx) => {
    const alert = await findVisibleAlert(tx as Database, actor, id);
    if (!alert) throw new AppError("NOT_FOUND", ALERT_NOT_FOUND);
    const note = input.disposition === null ? null : (input.note ?? null);
    await writeAudit(tx, actor, {
      action: "alert_disposition_set",
      plate: alert.plate,
      detail: {
        alert_id: alert.id,
        group_id: alert.groupId,
        camera: alert.camera,
        before: { disposition: alert.disposition, note: alert.dispositionNote },
        after: { disposition: input.disposition, note },
      },
    });
    const set = input.disposition !== null;
    return updateAlertDisposition(tx, alert.id, {
      disposition: input.disposition,
      dispositionNote: note,
      dispositionById: set ? actor.user.id : null,
      dispositionBy: set ? actor.user.name || actor.user.username : null,
      dispositionAt: set ? new Date() : null,
    });
  });
  return toContractAlert(saved);
}

/**
 * POST /api/alerts/{id}/acknowledge: once per alert (the desk shows "acknowledged by X at T"); the
 * first acknowledgement stands, a later one answers the alert unchanged and writes nothing.
 */
export async function acknowledgeAlert(prisma: Database, actor: Actor, id: number): Promise<TAlert> {
  const saved = await inTransaction(prisma, async (tx) => {
    const alert = await findVisibleAlert(tx as Database, actor, id);
    if (!alert) throw new AppError("NOT_FOUND", ALERT_NOT_FOUND);
    if (alert.acknowledgedAt) return alert;
    await writeAudit(tx, actor, {
      action: "alert_acknowledged",
      plate: alert.plate,
      detail: { alert_id: alert.id, group_id: alert.groupId },
    });
    // Only if still unacknowledged: of two at once, the first one's name stays.
    return acknowledgeAlertRow(tx, alert.id, {
      id: actor.user.id,
      name: actor.user.name || actor.user.username,
    });
  });
  return toContractAlert(saved);
}

/** GET /alerts/unread-count: unacknowledged alerts of every group the caller may see. */
export async function getUnreadCount(prisma: Database, actor: Actor): Promise<TUnreadAlertsResponse> {
  const groupIds = await findVisibleGroupIds(prisma, actor);
  return { unread: await countUnacknowledged(prisma, groupIds) };
}

/** GET /alerts/misreads-by-camera: cameras of the agency (the owner's: all) with misreads, most first. */
export async function getMisreadsByCamera(prisma: Database, actor: Actor): Promise<TCameraMisreadsResponse> {
  const scope = administeredAgency(actor);
  if (scope === null) return { cameras: [] };
  const rows = await findMisreadsByCamera(prisma, scope);
  return {
    cameras: rows.map((row) => ({
      source_program: row.source_program,
      camera: row.camera,
      misreads: row.misreads,
      judged: row.judged,
      last_misread_at: row.last_misread_at.toISOString(),
    })),
  };
}

export interface AlertImageDeps {
  prisma: Database;
  images: ImageStore;
  sources: SourceDeps;
}

/**
 * GET /alerts/proxy-alert-image?path=: only a picture that an alert of a group the caller may see
 * shows; any other path is the same 404 as a missing picture. Stored pictures (Rekor plate crops, Axis
 * reads' pictures) come from Odin's image store; an Axon picture is fetched from the integration with
 * its token, as the group's agency may search it.
 */
export async function openAlertImage(
  deps: AlertImageDeps,
  actor: Actor,
  path: string,
  signal?: AbortSignal,
): Promise<VendorImage> {
  const notFound = () => new AppError("NOT_FOUND", ALERT_IMAGE_NOT_FOUND);
  const alert = await findVisibleAlertByImage(deps.prisma, actor, path);
  if (!alert) throw notFound();
  if (parseStoredImagePath(path)) {
    const image = await deps.images.get(path);
    if (!image) throw notFound();
    return image;
  }
  if (alert.sourceProgram !== "Axon") throw notFound();
  try {
    return await openAxonImage(deps.sources, { agency: alert.group.agencyId }, { url: path }, signal);
  } catch (error) {
    // The integration was removed or no longer shared with the group's agency: no picture any more.
    if (error instanceof AppError && error.code === "FORBIDDEN") throw notFound();
    throw error;
  }
}

/** The alert desk's service, as the routes receive it (issue 39 item 2). */
export function alertsServiceFactory(deps: AlertImageDeps) {
  return {
    ...bindServices(deps.prisma, {
      getGroupAlerts,
      getAlert,
      setAlertDisposition,
      acknowledgeAlert,
      getUnreadCount,
      getMisreadsByCamera,
    }),
    ...bindServices(deps, { openAlertImage }),
  };
}
export type AlertsService = ReturnType<typeof alertsServiceFactory>;
