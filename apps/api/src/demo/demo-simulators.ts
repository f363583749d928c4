/**
 * Demo mode (`pnpm start` without a database of its own): the vendor simulators run inside Odin's
 * process so one command brings up the whole product. Rekor and Axon answer on their own ports, as the
 * real vendors would, and the Axis cameras push their recent reads to Odin's ingest endpoint over real
 * HTTP in the background. The maps simulator serves the map tiles and reverse geocoding the environment
 * does not configure (config.withDemoServices). Loaded with a dynamic import, so production never
 * loads the simulators.
 */
import type { Database } from "../lib/database";
import { findLatestAxisReadTimes } from "./demo-simulators.repository";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { buildAxisEvent, pushAxisEvents, startSimulators, type RunningSimulators } from "@odin/simulators";

export interface DemoSimulators {
  rekorUrl: string;
  axonUrl: string;
  /** Map tiles ({mapsUrl}/tiles/{dark|light}/{z}/{x}/{y}.png) and Nominatim-style {mapsUrl}/reverse. */
  mapsUrl: string;
  /** Pushes each Axis camera's reads Odin does not have yet (within retention); resolves when done. */
  feedAxis(options: FeedOptions): Promise<FeedResult>;
  close(): Promise<void>;
}

export interface FeedOptions {
  prisma: Database;
  /** Where Odin listens, e.g. http://127.0.0.1:3000. */
  odinUrl: string;
  retentionDays: number;
  onProgress?: (done: number, total: number) => void;
}

export interface FeedResult {
  pushed: number;
  failed: number;
}

export async function startDemoSimulators(ports: {
  rekor: number;
  axon: number;
  /** Default 0: a free port (its URL reaches the web app through the runtime configuration). */
  maps?: number;
}): Promise<DemoSimulators> {
  let sim: RunningSimulators;
  try {
    sim = await startSimulators({ rekorPort: ports.rekor, axonPort: ports.axon, mapsPort: ports.maps ?? 0 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      const fixed = [ports.rekor, ports.axon, ports.maps ?? 0].filter((port) => port > 0);
      const list =
        fixed.length > 1 ? `${fixed.slice(0, -1).join(", ")} or ${fixed.at(-1)}` : String(fixed[0]);
      throw new Error(
        `a demo vendor simulator cannot listen: port ${list} is in use. ` +
          `Set SIMULATOR_REKOR_PORT / SIMULATOR_AXON_PORT / SIMULATOR_MAPS_PORT (0 picks free ports), ` +
          `or ODIN_DEMO_SIMULATORS=false.`,
      );
    }
    throw error;
  }
  const tokens = new Map(
    DEMO_AGENCIES.flatMap((agency) => agency.axis).map((camera) => [camera.identifier, camera.ingestToken]),
  );

  // Set on close: the background feed stops between two batches instead of pushing into a closing app.
  let stopped = false;

  return {
    rekorUrl: sim.rekorUrl,
    axonUrl: sim.axonUrl,
    mapsUrl: sim.mapsUrl,
    async feedAxis({ prisma, odinUrl, retentionDays, onProgress }) {
      const oldest = sim.dataset.now - retentionDays * 86_400_000;
      const latest = await findLatestAxisReadTimes(prisma);
      const since = new Map([...latest].map(([identifier, time]) => [identifier, Math.max(oldest, time)]));
      // Newest first, so the default 24-hour search has its reads within seconds of the start.
      const due = sim.dataset
        .axis()
        .filter((read) => read.capturedAt > (since.get(read.camera.integration.identifier) ?? Infinity))
        .filter((read) => tokens.has(read.camera.integration.identifier))
        .sort((a, b) => b.capturedAt - a.capturedAt);

      let pushed = 0;
      let failed = 0;
      const chunk = 20;
      for (let start = 0; start < due.length && !stopped; start += chunk) {
        const slice = due.slice(start, start + chunk);
        const byCamera = new Map<string, typeof slice>();
        for (const read of slice) {
          const identifier = read.camera.integration.identifier;
          byCamera.set(identifier, [...(byCamera.get(identifier) ?? []), read]);
        }
        for (const [identifier, reads] of byCamera) {
          const events = await Promise.all(
            reads.map((read) => buildAxisEvent(read, { renderer: sim.images })),
          );
          const result = await pushAxisEvents(
            `${odinUrl}/ingest/axis/${identifier}`,
            tokens.get(identifier)!,
            events,
            {
              concurrency: 2,
            },
          );
          pushed += result.sent;
          failed += result.failed;
        }
        onProgress?.(Math.min(start + chunk, due.length), due.length);
      }
      return { pushed, failed };
    },
    close: () => {
      stopped = true;
      return sim.close();
    },
  };
}
