import type { TSearchResult } from "@odin/contract";
import type { Database } from "../../lib/database";
import type { DetectionSource, SourceContext, SourceWindow } from "../detection-source";
import { cameraRef, insideArea } from "../place";
import { findSearchableAxisTargets } from "../search-scope.repository";
import { plateMatches } from "../plate-pattern";
import {
  searchAxisReads,
  searchAxisWindows,
  withStatementTimeout,
  type DetectionRow,
} from "./axis-detections.repository";

interface AxisTarget {
  integrationId: number;
  /** The integration's identifier: an area search names the camera by it ("Axis:hfd-lpv-01"). */
  identifier?: string;
  label?: string | null;
  agencyName?: string;
  latitude?: number | null;
  longitude?: number | null;
  /** How many days of this integration's reads are kept (its agency's figure, else the default). */
  retentionDays: number;
}

const DAY_MS = 86_400_000;

const proxied = (path: string | null) =>
  path ? `/proxy-axis-image?${new URLSearchParams({ path }).toString()}` : null;

/**
 * A stored Axis read as the contract's search result. `axis_path` / `axis_plate_path` are the stored
 * pictures' relative paths, shown only through Odin's /proxy-axis-image.
 */
export function mapAxisDetection(row: DetectionRow): TSearchResult {
  return {
    id: `axis-${row.id.toString()}`,
    image_uuid: null,
    plate: row.plate,
    plate_state: row.plate_state,
    make: row.make,
    color: row.color,
    body_type: row.body_type,
    agency: row.agency_name,
    camera_name: row.camera_name,
    timestamp: row.timestamp.toISOString(),
    latitude: row.latitude,
    longitude: row.longitude,
    source_program: "Axis",
    agent_uid: null,
    api_key: null,
    rekor_api_key: null,
    image_path: null,
    plate_image_url: null,
    base_url: null,
    axis_path: row.image_path,
    axis_plate_path: row.plate_image_path,
    plate_x1: row.plate_x1,
    plate_x2: row.plate_x2,
    plate_x3: row.plate_x3,
    plate_x4: row.plate_x4,
    plate_y1: row.plate_y1,
    plate_y2: row.plate_y2,
    plate_y3: row.plate_y3,
    plate_y4: row.plate_y4,
    vehicle_image_src: proxied(row.image_path),
    plate_image_src: proxied(row.plate_image_path),
    ...(row.absurd_date ? { absurd_date: true } : {}),
  };
}

/**
 * Axis (RAVEN): cameras push their reads to Odin, so searching is a query of Odin's own `detections`
 * table by the selected integrations, time range (index on integration + timestamp) and plate.
 */
export function createAxisSource(
  prisma: Database,
  defaultRetentionDays = 30,
  statementTimeoutMs?: number,
): DetectionSource<AxisTarget> {
  /** An investigation's statements stop in PostgreSQL after statementTimeoutMs (SourceDeps). */
  const bounded = <T>(run: (db: Database) => Promise<T>) =>
    statementTimeoutMs ? withStatementTimeout(prisma, statementTimeoutMs, run) : run(prisma);
  return {
    program: "Axis",
    async searchable(context: SourceContext) {
      const integrations = await findSearchableAxisTargets(prisma, context);
      return new Map(
        integrations.map((integration) => [
          integration.identifier,
          {
            integrationId: integration.id,
            identifier: integration.identifier,
            label: integration.label,
            agencyName: integration.agency_name,
            latitude: integration.latitude,
            longitude: integration.longitude,
            retentionDays: integration.retention_days ?? defaultRetentionDays,
          },
        ]),
      );
    },
    coverage(query, targets, now) {
      // The shortest retention among the searched integrations decides where reads may be missing.
      const days = Math.min(...targets.map((target) => target.retentionDays));
      if (!Number.isFinite(days)) return undefined;
      const keptFrom = new Date(now.getTime() - days * DAY_MS);
      if (query.start >= keptFrom) return undefined;
      return {
        kind: "retention",
        text: `RAVEN keeps ${days} days of reads: reads before ${keptFrom.toISOString().slice(0, 10)} are no longer stored, so this search cannot find them.`,
      };
    },
    async search(query, targets) {
      if (targets.length === 0) return [];
      const similar = query.plate?.kind === "similar";
      // An investigation's place (an area, cameras) scans by time and place: bounded in PostgreSQL.
      const rows = query.place
        ? await bounded((db) => searchAxisReads(db, query, targets))
        : await searchAxisReads(prisma, query, targets);
      const area = query.place?.area;
      // The Similar rule is decided once per plate, not per read.
      const matches = new Map<string, boolean>();
      const matching = (plate: string) => {
        let known = matches.get(plate);
        if (known === undefined) matches.set(plate, (known = plateMatches(query.plate, plate)));
        return known;
      };
      return rows
        .filter((row) => !similar || matching(row.plate))
        .filter((row) => !area || row.at_camera || insideArea(area, row.latitude, row.longitude))
        .map(mapAxisDetection);
    },
    async searchWindows(windows: SourceWindow[], query, targets) {
      if (targets.length === 0 || windows.length === 0) return [];
      // One statement for every window (axis-detections.repository.ts, searchAxisWindows).
      const rows = await bounded((db) => searchAxisWindows(db, windows, query, targets));
      return rows.map(mapAxisDetection);
    },
    async cameras(targets) {
      return targets.flatMap((target) =>
        target.identifier
          ? [
              {
                id: cameraRef("Axis", target.identifier),
                source_program: "Axis" as const,
                name: target.label ?? target.identifier,
                agency: target.agencyName ?? null,
                latitude: target.latitude ?? null,
                longitude: target.longitude ?? null,
              },
            ]
          : [],
      );
    },
  };
}
