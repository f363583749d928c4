import type { TCameraHealth, TCameraHealthResponse } from "@odin/contract";
import type { Actor } from "../../access/actor";
import { administeredAgency } from "../../access/tenancy";
import {
  findAxisActivity,
  findLiveAxisIntegrations,
  findRekorCamerasOf,
  type AgencyScope,
} from "./camera-health.repository";
import { healthFigures, laterOf, type CameraActivity } from "./camera-state";
import type { Database } from "../../lib/database";

export interface CameraHealthDeps {
  prisma: Database;
  silentAfterMinutes: number;
}

const DAY_MS = 86_400_000;
const ORDER = { silent: 0, reporting: 1, waiting: 2, paused: 3 } as const;

/** One camera of a scope with what its health is judged on. */
export interface CameraRecord extends CameraActivity {
  source: TCameraHealth["source"];
  /** "axis-{integration id}" or "rekor-{camera row id}". */
  id: string;
  name: string;
  agencyId: number;
  agencyName: string;
}

/**
 * Every RAVEN integration and Rekor camera of the scope with its last read from every source: RAVEN's
 * stored reads; a Rekor camera's pushed reads and heartbeats (`last_seen_at`) or the newest read a
 * search answer carried (`last_read_in_search_at`, issue 40 item 6), whichever is later.
 */
export async function listCameraActivity(
  prisma: Database,
  scope: AgencyScope,
  now: Date,
): Promise<CameraRecord[]> {
  const cameras: CameraRecord[] = [];
  const integrations = await findLiveAxisIntegrations(prisma, scope);
  const activity = await findAxisActivity(
    prisma,
    integrations.map((integration) => integration.id),
    new Date(now.getTime() - DAY_MS),
  );
  for (const integration of integrations) {
    const figures = activity.get(integration.id);
    cameras.push({
      source: "Axis",
      id: `axis-${integration.id}`,
      name: integration.label ?? integration.identifier,
      agencyId: integration.axisAgency.agencyId,
      agencyName: integration.axisAgency.agency.name,
      lastReadAt: figures?.last_read_at ?? null,
      reads24h: figures?.reads_24h ?? 0,
      paused: integration.pausedAt !== null,
    });
  }
  for (const camera of await findRekorCamerasOf(prisma, scope)) {
    cameras.push({
      source: "Rekor",
      id: `rekor-${camera.id}`,
      name: camera.cameraName ?? camera.siteName ?? `Camera ${camera.cameraId}`,
      agencyId: camera.agencyId ?? camera.rekorApiKey.agencyId,
      agencyName: camera.agency?.name ?? camera.rekorApiKey.agency.name,
      lastReadAt: laterOf(camera.lastSeenAt, camera.lastReadInSearchAt),
      reads24h: null,
    });
  }
  return cameras;
}

/**
 * GET /camera-health: every RAVEN integration and Rekor camera of the caller's agency (the owner's:
 * all), with its last read, reads in the last 24 hours (RAVEN only: Rekor reads stay at Rekor) and
 * state. Silent cameras come first.
 */
export async function getCameraHealth(
  deps: CameraHealthDeps,
  actor: Actor,
  now = new Date(),
): Promise<TCameraHealthResponse> {
  const scope = administeredAgency(actor);
  const silentAfter = deps.silentAfterMinutes;
  const records = scope === null ? [] : await listCameraActivity(deps.prisma, scope, now);
  const cameras: TCameraHealth[] = records.map((camera) => ({
    source: camera.source,
    id: camera.id,
    name: camera.name,
    agency_name: camera.agencyName,
    ...healthFigures(camera, now, silentAfter),
  }));
  cameras.sort(
    (a, b) =>
      ORDER[a.state] - ORDER[b.state] || a.source.localeCompare(b.source) || a.name.localeCompare(b.name),
  );
  return {
    silent_after_minutes: silentAfter,
    checked_at: now.toISOString(),
    silent_count: cameras.filter((camera) => camera.state === "silent").length,
    cameras,
  };
}
