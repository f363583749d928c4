/**
 * The plans docs/benchmarks.md quotes for Similar search and the Axis insert-and-match statement with
 * lenient entries (issue 19): EXPLAIN (ANALYZE, BUFFERS) of each statement the real code runs, on a
 * database of its own loaded like bench/similar.ts. Not one of `pnpm bench`'s benches (it measures
 * nothing); run it when a plan is in question:
 *
 *   pnpm --filter @odin/api exec tsx bench/similar-explain.ts
 *   BENCH_SIMILAR_ROWS=300000 BENCH_SIMILAR_HOTLIST=1000000 …   (the defaults: the sizes quoted)
 */
import { randomBytes } from "node:crypto";
import { createPrismaClient, createSecretBox } from "@odin/db";
import { seedDemoData } from "@odin/db/seed";
import { createDetectionWriter, type DetectionInsert } from "../src/modules/ingest/axis-batch-insert";
import { createAxisSource } from "../src/sources/axis/axis.source";
import { indexPendingSkeletons } from "../src/sources/distinct-plates.repository";
import { toPlatePattern } from "../src/sources/plate-pattern";
import { explaining, type Explained } from "./lib/explain";
import { log, prng, startBenchDatabase } from "./lib/harness";
import { DAY, hotlistPlate, loadReads, misread, seedLenientHotlist } from "./lib/similar-data";

const ROWS = Number(process.env.BENCH_SIMILAR_ROWS ?? 300_000);
const HOTLIST = Number(process.env.BENCH_SIMILAR_HOTLIST ?? 1_000_000);
const BATCH = 200;

function print(title: string, plans: Explained[]): void {
  for (const { plan } of plans.splice(0)) console.log(`\n── ${title}\n${plan}`);
}

async function main(): Promise<void> {
  const db = await startBenchDatabase();
  const prisma = createPrismaClient(db.url);
  try {
    await seedDemoData(prisma, { encryptSecret: createSecretBox(randomBytes(32)).encrypt });
    const integrations = await prisma.axisIntegration.findMany({ include: { axisAgency: true } });
    const now = Date.now();
    const { distinct, variants } = await loadReads(prisma, integrations, ROWS, prng(19), now);
    log(`${ROWS} reads, ${distinct} distinct plates, ${variants} skeleton variants`);
    await seedLenientHotlist(prisma, integrations[0]!.axisAgency.agencyId, HOTLIST);
    log(`${HOTLIST} hotlist plates, half lenient`);

    const plans: Explained[] = [];
    const explained = explaining(prisma, plans);
    const source = createAxisSource(explained);
    const targets = [...(await createAxisSource(prisma).searchable({ agency: "all" })).values()];
    const [first] = await prisma.$queryRaw<{ plate: string }[]>`
      SELECT plate_normalized AS plate FROM detections
      WHERE timestamp >= ${new Date(now - 30 * DAY)} AND length(plate_normalized) = 7
      ORDER BY plate_normalized LIMIT 1`;
    const plate = first?.plate ?? "AB12345";
    const rand = prng(7);
    const typed = misread(plate, "two confusables", rand) ?? misread(plate, "two edits", rand) ?? plate;
    for (const [what, text] of [
      [`Similar, a misread (${typed} of ${plate})`, typed],
      [`Similar, a short text (${plate.slice(1, 5)})`, plate.slice(1, 5)],
    ] as const) {
      // Twice: the second is the warm one.
      for (let i = 0; i < 2; i++) {
        await source.search(
          {
            plate: toPlatePattern(text, "similar"),
            plateState: undefined,
            color: undefined,
            make: undefined,
            bodyType: undefined,
            start: new Date(now - 30 * DAY),
            end: new Date(now),
            limit: 5_000,
          },
          targets,
          new AbortController().signal,
        );
      }
      plans.shift();
      print(what, plans);
    }

    // One batch of the Axis insert-and-match statement: 2% listed plates, 2% misreads (B read as 8) of
    // lenient ones, the rest plates never seen.
    const integration = integrations[0]!;
    const row = (plateText: string, n: number): DetectionInsert => ({
      vendorEventId: `explain-${n}`,
      plate: plateText,
      plateNormalized: plateText,
      plateState: "CT",
      make: null,
      color: null,
      bodyType: null,
      cameraName: "Bench camera",
      timestamp: new Date(Date.now() - n),
      latitude: null,
      longitude: null,
      confidence: null,
      direction: null,
      plateX1: null,
      plateX2: null,
      plateX3: null,
      plateX4: null,
      plateY1: null,
      plateY2: null,
      plateY3: null,
      plateY4: null,
      agencyId: integration.axisAgency.agencyId,
      axisIntegrationId: integration.id,
      imagePath: null,
      plateImagePath: null,
      raw: {},
    });
    const plateFor = (n: number) =>
      n % 50 === 0
        ? hotlistPlate((n * 7919) % HOTLIST)
        : n % 50 === 25
          ? `8${hotlistPlate(((n * 7919) % (HOTLIST / 2)) * 2).slice(1)}`
          : `N${n.toString(36).toUpperCase().padStart(6, "0")}`;
    const writer = createDetectionWriter(explained);
    await Promise.all(
      Array.from({ length: BATCH }, (_, n) => writer.insert(row(plateFor(n), n)).catch(() => null)),
    );
    print(`Axis insert-and-match, ${BATCH} reads`, plans);
    await indexPendingSkeletons(explained);
    print("skeleton-index job, one batch", plans);
  } finally {
    await prisma.$disconnect();
    await db.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
