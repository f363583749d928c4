/**
 * A store filled the way a running install fills it (issue 42 item 0): Axis reads arriving in time
 * order, oldest first, through Odin's real ingest statement (createDetectionWriter: the batched
 * insert-and-match that also keeps `distinct_plates` and queues new skeletons), with the skeleton-index
 * job's work (indexPendingSkeletons) running beside it as a worker runs it, and its queue drained at the
 * end. Nothing is bulk-loaded and no index is rebuilt: the tables, indexes and partitions grow as ingest
 * grows them. The vehicles recur as in axis-store-fill.ts (TIERS, scaled to the rows), plates shaped as
 * the Similar bench's (makePlate), spread over the demo's Axis integrations by INTEGRATION_WEIGHTS.
 */
import type { PrismaClient } from "@odin/db";
import { createDetectionWriter, type DetectionInsert } from "../../src/modules/ingest/axis-batch-insert";
import { indexPendingSkeletons } from "../../src/sources/distinct-plates.repository";
import { INTEGRATION_WEIGHTS, TIERS } from "./axis-store-fill";
import { log, round, seconds } from "./harness";
import { makePlate } from "./similar-data";

const DAY = 86_400_000;

export interface ArrivalFill {
  rows: number;
  seconds: number;
  readsPerSecond: number;
  distinctPlates: number;
  skeletonVariants: number;
  /** Skeletons the index work had not caught up with when ingest ended, and the time to drain them. */
  skeletonsQueuedAtEnd: number;
  drainSeconds: number;
}

export async function fillInArrivalOrder(
  prisma: PrismaClient,
  {
    rows,
    now,
    rand,
    historyDays = 90,
    inFlight = 1_000,
  }: { rows: number; now: number; rand: () => number; historyDays?: number; inFlight?: number },
): Promise<ArrivalFill> {
  const integrations = await prisma.$queryRaw<
    {
      id: number;
      identifier: string;
      label: string | null;
      latitude: number | null;
      longitude: number | null;
      agency_id: number;
    }[]
  >`SELECT i.id, i.identifier, i.label, i.latitude, i.longitude, a.agency_id
    FROM axis_integrations i JOIN axis_agencies a ON a.id = i.axis_agency_id ORDER BY i.identifier`;
  const weights = integrations.map((row) => INTEGRATION_WEIGHTS[row.identifier] ?? 0.1);
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const pickIntegration = () => {
    let x = rand() * totalWeight;
    for (const [index, weight] of weights.entries()) if ((x -= weight) < 0) return integrations[index]!;
    return integrations[integrations.length - 1]!;
  };
  const scale = rows / 1_000_000;
  const tiers = TIERS.map((tier) => ({
    share: tier.share,
    plates: Array.from({ length: Math.max(1, Math.round(tier.vehicles * scale)) }, () => makePlate(rand)),
  }));
  const pickPlate = () => {
    let x = rand();
    for (const tier of tiers) {
      if ((x -= tier.share) < 0 || tier === tiers[tiers.length - 1])
        return tier.plates[Math.floor(rand() * tier.plates.length)]!;
    }
    return tiers[0]!.plates[0]!;
  };
  const span = historyDays * DAY;
  /** Read n of the history: capture times ascending over the days up to `now`. */
  const readAt = (n: number): DetectionInsert => {
    const integration = pickIntegration();
    const plate = pickPlate();
    const timestamp = new Date(now - span + ((n + rand()) / rows) * span);
    const x = 500 + Math.floor(rand() * 700);
    const y = 600 + Math.floor(rand() * 300);
    const confidence = round(0.72 + rand() * 0.279, 6);
    const direction = rand() < 0.5 ? "in" : "out";
    return {
      vendorEventId: `B8A44F${String(integration.id).padStart(6, "0")}:${n}:${timestamp.getTime()}`,
      plate,
      plateNormalized: plate,
      plateState: "CT",
      make: null,
      color: null,
      bodyType: null,
      cameraName: integration.label,
      timestamp,
      latitude: integration.latitude,
      longitude: integration.longitude,
      confidence,
      direction,
      plateX1: x,
      plateX2: x + 200,
      plateX3: x + 200,
      plateX4: x,
      plateY1: y,
      plateY2: y,
      plateY3: y + 100,
      plateY4: y + 100,
      agencyId: integration.agency_id,
      axisIntegrationId: integration.id,
      imagePath: null,
      plateImagePath: null,
      // The part of an LPV event the raw column keeps (the fields a camera sends, no pictures).
      raw: {
        packetCounter: String(n * 3 + 1),
        capture_timestamp: String(timestamp.getTime()),
        plateText: plate,
        plateUTF8: plate,
        plateASCII: plate,
        plateCountry: "USA",
        plateRegion: "CT",
        plateConfidence: confidence.toFixed(6),
        carState: "new",
        carID: String(n),
        geotag: { lat: integration.latitude, lon: integration.longitude },
        carMoveDirection: direction,
        plateCoordinates: [x, y, 200, 100],
        sensorProviderID: integration.identifier,
        camera_info: { SerialNumber: `B8A44F${String(integration.id).padStart(6, "0")}` },
      },
    };
  };

  const writer = createDetectionWriter(prisma);
  let ingesting = true;
  const indexing = (async () => {
    while (ingesting) {
      const moved = await indexPendingSkeletons(prisma);
      if (moved === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const t0 = performance.now();
  let next = 0;
  let created = 0;
  let lastLog = t0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < rows) {
        const n = next++;
        if ((await writer.insert(readAt(n))).created) created++;
        if (performance.now() - lastLog > 30_000) {
          lastLog = performance.now();
          log(`${next.toLocaleString("en-US")} reads ingested (${seconds(lastLog - t0)})`);
        }
      }
    }),
  );
  const ingestMs = performance.now() - t0;
  ingesting = false;
  await indexing;
  if (created !== rows) throw new Error(`ingest stored ${created} of ${rows} reads`);
  const [queued] = await prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pending_skeletons`;
  const t1 = performance.now();
  while ((await indexPendingSkeletons(prisma)) > 0);
  const drainMs = performance.now() - t1;
  const [counts] = await prisma.$queryRaw<{ plates: number; variants: number }[]>`
    SELECT (SELECT count(*)::int FROM distinct_plates) AS plates,
           (SELECT count(*)::int FROM skeleton_variants) AS variants`;
  const fill: ArrivalFill = {
    rows,
    seconds: round(ingestMs / 1000),
    readsPerSecond: round(rows / (ingestMs / 1000), 0),
    distinctPlates: counts!.plates,
    skeletonVariants: counts!.variants,
    skeletonsQueuedAtEnd: queued!.n,
    drainSeconds: round(drainMs / 1000),
  };
  log(
    `${rows.toLocaleString("en-US")} reads ingested in arrival order in ${seconds(ingestMs)} ` +
      `(${fill.readsPerSecond}/s), ${fill.distinctPlates.toLocaleString("en-US")} distinct plates, ` +
      `${fill.skeletonsQueuedAtEnd} skeletons queued at the end, drained in ${seconds(drainMs)}`,
  );
  return fill;
}
