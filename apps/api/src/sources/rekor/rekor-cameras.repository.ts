import type { PrismaClient } from "@odin/db";
import type { RekorWebhookContext } from "./rekor.webhook.mapper";

/** Where a push came from, as the agents write it (any of these may be missing). */
export interface RekorOrigin {
  agent_uid?: string | null;
  site_id?: string | null;
  camera_id?: string | null;
  gps_latitude?: number | null;
  gps_longitude?: number | null;
}

export interface CameraSighting {
  /** The camera's name as the agent sent it (heartbeat `camera_name`, group `camera_label`). */
  label: string | null;
  /** A heartbeat's name is the agent's own configuration: it replaces an older name. */
  authoritativeName?: boolean;
  /** When the camera was heard from; now by default. */
  seenAt?: Date;
}

const usable = (lat: number | null | undefined, lon: number | null | undefined) =>
  typeof lat === "number" &&
  typeof lon === "number" &&
  Math.abs(lat) < 90 &&
  Math.abs(lon) < 180 &&
  !(lat === 0 && lon === 0);

/**
 * Learns (or refreshes) the key's camera a push came from: created on first sight, then its last
 * sighting (`last_seen_at`, which camera health reads), the agent and site it belongs to, its name and
 * the position it reports (never over a hand-set one). A camera is its `camera_id` within the key, and
 * when both the stored row and the push name their agent, the agent must be the same: another agent's
 * camera with a colliding id is not this one, so it is neither changed nor used (null is answered and
 * the read keeps the agent's own label and GPS). Answers Odin's row for the read's mapping.
 */
export async function learnCamera(
  db: Pick<PrismaClient, "$queryRaw">,
  key: { id: number; agencyId: number },
  origin: RekorOrigin,
  sighting: CameraSighting,
): Promise<RekorWebhookContext["camera"] | null> {
  if (!origin.camera_id) return null;
  const gps = usable(origin.gps_latitude, origin.gps_longitude);
  const latitude = gps ? (origin.gps_latitude ?? null) : null;
  const longitude = gps ? (origin.gps_longitude ?? null) : null;
  const rows = await db.$queryRaw<
    {
      camera_name: string | null;
      latitude: number | null;
      longitude: number | null;
      corrected_latitude: number | null;
      corrected_longitude: number | null;
    }[]
  >`
    INSERT INTO rekor_cameras AS c (rekor_api_key_id, camera_id, camera_name, site_name, agent_uid,
      latitude, longitude, agency_id, last_seen_at, updated_at)
    VALUES (${key.id}, ${origin.camera_id}, ${sighting.label}, ${origin.site_id ?? null},
      ${origin.agent_uid ?? null}, ${latitude}, ${longitude}, ${key.agencyId},
      ${sighting.seenAt ?? new Date()}, now())
    ON CONFLICT (rekor_api_key_id, camera_id) DO UPDATE SET
      camera_name = CASE WHEN ${sighting.authoritativeName ?? false}
        THEN COALESCE(EXCLUDED.camera_name, c.camera_name) ELSE COALESCE(c.camera_name, EXCLUDED.camera_name) END,
      site_name = COALESCE(c.site_name, EXCLUDED.site_name),
      agent_uid = COALESCE(c.agent_uid, EXCLUDED.agent_uid),
      latitude = CASE WHEN c.is_manual OR EXCLUDED.latitude IS NULL THEN c.latitude ELSE EXCLUDED.latitude END,
      longitude = CASE WHEN c.is_manual OR EXCLUDED.latitude IS NULL THEN c.longitude ELSE EXCLUDED.longitude END,
      last_seen_at = GREATEST(c.last_seen_at, EXCLUDED.last_seen_at),
      updated_at = now()
    WHERE c.agent_uid IS NULL OR EXCLUDED.agent_uid IS NULL OR c.agent_uid = EXCLUDED.agent_uid
    RETURNING camera_name, latitude, longitude, corrected_latitude, corrected_longitude`;
  const row = rows[0];
  if (!row) return null;
  return {
    cameraName: row.camera_name,
    latitude: row.latitude,
    longitude: row.longitude,
    correctedLatitude: row.corrected_latitude,
    correctedLongitude: row.corrected_longitude,
  };
}

/** The cameras of these keys, for an area search's list (by key, then camera id). */
export function findRekorCamerasOfKeys(prisma: PrismaClient, keyIds: number[]) {
  return prisma.rekorCamera.findMany({
    where: { rekorApiKeyId: { in: keyIds } },
    orderBy: [{ rekorApiKeyId: "asc" }, { cameraId: "asc" }],
  });
}

/** The cameras of these keys, every column (which of them are at a place is decided on the rows). */
export function findRekorCamerasForPlace(prisma: PrismaClient, keyIds: number[]) {
  return prisma.rekorCamera.findMany({
    where: { rekorApiKeyId: { in: keyIds } },
  });
}

/** The name and position of each camera of these keys, to name the cameras of a search's reads. */
export function findRekorCameraPositions(prisma: PrismaClient, keyIds: number[]) {
  return prisma.rekorCamera.findMany({
    where: { rekorApiKeyId: { in: keyIds } },
    select: {
      rekorApiKeyId: true,
      cameraId: true,
      cameraName: true,
      latitude: true,
      longitude: true,
      correctedLatitude: true,
      correctedLongitude: true,
    },
  });
}
