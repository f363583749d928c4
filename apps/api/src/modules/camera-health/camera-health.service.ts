import type { TCameraHealth, TCameraHealthResponse } from "@odin/contract";
import type { Actor } from "../../access/actor";
import { administeredAgency } from "../../access/tenancy";
import { findAxisActivity, findLiveAxisIntegrations, findRekorCamerasOf } from "./camera-health.repository";
import { healthFigures } from "./camera-state";
import type { Database } from "../../lib/database";

export interface CameraHealthDeps {
  prisma: Database;
  silentAfterMinutes: number;
}

const DAY_MS = 86_400_000;
const ORDER = { silent: 0, reporting: 1, waiting: 2, paused: 3 } as const;

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
  const cameras: TCameraHealth[] = [];
  if (scope !== null) {
    const integrations = await findLiveAxisIntegrations(deps.prisma, scope);
    const activity = await findAxisActivity(
      deps.prisma,
      integrations.map((integration) => integration.id),
      new Date(now.getTime() - DAY_MS),
    );
    for (const integration of integrations) {
      const figures = activity.get(integration.id);
      cameras.push({
        source: "Axis",
        id: `axis-${integration.id}`,
        name: integration.label ?? integration.identifier,
        agency_name: integration.axisAgency.agency.name,
        ...healthFigures(
          {
            lastReadAt: figures?.last_read_at ?? null,
            reads24h: figures?.reads_24h ?? 0,
            paused: integration.pausedAt !== null,
          },
          now,
          silentAfter,
        ),
      });
    }
    for (const camera of await findRekorCamerasOf(deps.prisma, scope)) {
      cameras.push({
        source: "Rekor",
        id: `rekor-${camera.id}`,
        name: camera.cameraName ?? camera.siteName ?? `Camera ${camera.cameraId}`,
        agency_name: camera.agency?.name ?? camera.rekorApiKey.agency.name,
        ...healthFigures({ lastReadAt: camera.lastSeenAt, reads24h: null }, now, silentAfter),
      });
    }
  }
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
