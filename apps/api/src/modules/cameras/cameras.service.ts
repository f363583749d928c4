import type { TRekorCamera, TRekorCameraUpdate } from "@odin/contract";
import type { RekorCamera } from "@odin/db";
import { AppError } from "../../lib/app-error";
import type { Actor } from "../../access/actor";
import { writeAudit } from "../../lib/audit-rows.repository";
import { findAgencyOrFail } from "../admin/agencies.repository";
import { inTransaction, type Database } from "../../lib/database";
import {
  correctRekorCameraRows,
  findRekorCameraRow,
  findRekorCameraRows,
  findRekorCameraRowsById,
} from "./cameras.repository";
import { bindServices } from "../../lib/bind-services";

const REKOR_CAMERA_ID = /^\d+$/;

/** Its last read from every source (issue 40 item 6): pushed, or seen in a search answer. */
function lastReadOf(camera: RekorCamera): Date | null {
  const { lastSeenAt: pushed, lastReadInSearchAt: searched } = camera;
  if (!pushed || !searched) return pushed ?? searched;
  return pushed > searched ? pushed : searched;
}

function toRekorCamera(camera: RekorCamera): TRekorCamera {
  return {
    camera_id: Number(camera.cameraId),
    camera_name: camera.cameraName,
    site_name: camera.siteName,
    corrected_latitude: camera.correctedLatitude,
    corrected_longitude: camera.correctedLongitude,
    agency_id: camera.agencyId,
    is_manual: camera.isManual,
    reported_latitude: camera.latitude,
    reported_longitude: camera.longitude,
    last_read_at: lastReadOf(camera)?.toISOString() ?? null,
  };
}

/**
 * GET /rekor-cameras: every Rekor camera once. Rekor's camera ids are its own numbers; a camera seen
 * through two keys (two rows) is one camera here, and an id that is not a number cannot be edited
 * through the numeric path, so it is left out.
 */
export async function listRekorCameras(prisma: Database): Promise<TRekorCamera[]> {
  const rows = await findRekorCameraRows(prisma);
  const cameras = new Map<string, TRekorCamera>();
  for (const row of rows) {
    if (!REKOR_CAMERA_ID.test(row.cameraId)) continue;
    const known = cameras.get(row.cameraId);
    if (!known) cameras.set(row.cameraId, toRekorCamera(row));
    // Seen through two keys: its last read is the later of the two.
    else {
      const last = lastReadOf(row);
      if (last && (!known.last_read_at || last.toISOString() > known.last_read_at))
        known.last_read_at = last.toISOString();
    }
  }
  return [...cameras.values()];
}

/**
 * PATCH /rekor-cameras/{cameraId}: the corrected position (both coordinates or neither, so a map
 * never gets half a point), the agency and the manual flag, on every row of that Rekor camera. The
 * Rekor source shows the corrected position wherever both coordinates are set.
 */
export async function updateRekorCamera(
  prisma: Database,
  actor: Actor,
  cameraId: number,
  update: TRekorCameraUpdate,
): Promise<TRekorCamera> {
  if ((update.corrected_latitude === null) !== (update.corrected_longitude === null)) {
    throw new AppError("VALIDATION_FAILED", "Give both the corrected latitude and longitude, or neither.", [
      {
        path: update.corrected_latitude === null ? "corrected_latitude" : "corrected_longitude",
        message: "Required with the other coordinate.",
      },
    ]);
  }
  if (update.agency_id !== null) await findAgencyOrFail(prisma, update.agency_id);
  const rows = await findRekorCameraRowsById(prisma, String(cameraId));
  const first = rows[0];
  if (!first) throw new AppError("NOT_FOUND", "Camera not found.");
  const data = {
    correctedLatitude: update.corrected_latitude,
    correctedLongitude: update.corrected_longitude,
    agencyId: update.agency_id,
    isManual: update.is_manual,
  };
  const saved = await inTransaction(prisma, async (tx) => {
    await correctRekorCameraRows(
      tx,
      rows.map((row) => row.id),
      data,
    );
    await writeAudit(tx, actor, {
      action: "camera_edited",
      detail: {
        camera_id: cameraId,
        camera_name: first.cameraName,
        before: {
          corrected_latitude: first.correctedLatitude,
          corrected_longitude: first.correctedLongitude,
          agency_id: first.agencyId,
          is_manual: first.isManual,
        },
        after: update,
      },
    });
    return findRekorCameraRow(tx, first.id);
  });
  return toRekorCamera(saved);
}

/** The owner's Rekor camera list, as the routes receive it (issue 39 item 2). */
export const camerasServiceFactory = (database: Database) =>
  bindServices(database, { listRekorCameras, updateRekorCamera });
export type CamerasService = ReturnType<typeof camerasServiceFactory>;
