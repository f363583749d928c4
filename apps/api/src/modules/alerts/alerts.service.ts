import type { TAlert, TGroupAlertsResponse } from "@odin/contract";
import type { PrismaClient } from "@odin/db";
import { ALERT_HISTORY_LIMIT, toContractAlert } from "../../alerts/alert-view";
import { AppError } from "../../lib/app-error";
import type { Actor } from "../../auth/actor";
import { openAxonImage } from "../../sources/axon/axon.source";
import type { SourceDeps } from "../../sources/detection-source";
import type { VendorImage } from "../../sources/vendor-http";
import { parseStoredImagePath, type ImageStore } from "../../storage/image-store";
import { findAccessibleGroup } from "../hotlists/group-access";
import { findGroupAlerts, findVisibleAlert, findVisibleAlertByImage } from "./alerts.repository";

export const ALERT_NOT_FOUND = "Alert not found.";
export const ALERT_IMAGE_NOT_FOUND = "Image not found.";

/** GET /alerts/group/{id}/data: the group and its latest ALERT_HISTORY_LIMIT alerts, newest first. */
export async function getGroupAlerts(
  prisma: PrismaClient,
  auth: Actor,
  groupId: number,
): Promise<TGroupAlertsResponse> {
  const group = await findAccessibleGroup(prisma, auth, groupId);
  const alerts = await findGroupAlerts(prisma, group.id, ALERT_HISTORY_LIMIT);
  return { group: { id: group.id, name: group.name }, alerts: alerts.map(toContractAlert) };
}

/** GET /api/alerts/{id}: another agency's alert, or one of a group the caller may not see, is a 404. */
export async function getAlert(prisma: PrismaClient, auth: Actor, id: number): Promise<TAlert> {
  const alert = await findVisibleAlert(prisma, auth, id);
  if (!alert) throw new AppError("NOT_FOUND", ALERT_NOT_FOUND);
  return toContractAlert(alert);
}

export interface AlertImageDeps {
  prisma: PrismaClient;
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
  auth: Actor,
  path: string,
  signal?: AbortSignal,
): Promise<VendorImage> {
  const notFound = () => new AppError("NOT_FOUND", ALERT_IMAGE_NOT_FOUND);
  const alert = await findVisibleAlertByImage(deps.prisma, auth, path);
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
