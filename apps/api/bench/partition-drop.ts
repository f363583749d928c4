/**
 * Issue 21 item 2 (docs/scaling.md, "Time partitions"): retention of a day of reads by partition, the
 * real job (jobs/detection-partitions.ts through the migration's functions), against the row deletes
 * it replaces (jobs/detection-retention.ts deleteExpiredReads), and the plans of Odin's exact and
 * partial plate searches (sources/axis, the real statements) on `detections` partitioned by day.
 *
 * On a database of its own: the demo agencies, `detections` partitioned by day (the migration's month
 * partitions replaced by days through odin_partition_create, as DETECTION_PARTITION=day does
 * it), BENCH_PARTITION_DAYS (at least 4) whole days (UTC) of BENCH_PARTITION_DAY_ROWS reads each, and
 * alerts pointing at BENCH_PARTITION_KEPT_PERCENT of the first two days' reads (retention keeps those).
 * Then, each with the retention's clock set so that one more day is past it:
 *  1. day 1: the row deletes;
 *  2. day 2: retireExpiredDetectionPartitions (day 1's partition, now holding only its kept reads, goes
 *     too): the kept reads staged without a lock, the one transaction that swaps the partition, the
 *     pictures' listing, the DROP;
 *  3. day 3, where nothing is kept: the same job, detach and DROP alone.
 *
 *   pnpm --filter @odin/api exec tsx bench/partition-drop.ts          small: 4 days of 50,000 reads
 *   BENCH_PARTITION_DAY_ROWS=10000000 pnpm --filter @odin/api exec tsx bench/partition-drop.ts
 *                                                                     the issue's size: a day of 10 M reads
 */
import { createPrismaClient } from "@odin/db";
import { retireExpiredDetectionPartitions } from "../src/jobs/detection-partitions";
import { deleteExpiredReads } from "../src/jobs/detection-retention";
import { createAxisSource } from "../src/sources/axis/axis.source";
import { toPlatePattern } from "../src/sources/plate-pattern";
import type { ImageStore } from "../src/storage/image-store";
import { explaining, type Explained } from "./lib/explain";
import { log, round, runBench, seconds } from "./lib/harness";
import { seedRetentionStore } from "./lib/retention-store";

const DAY = 86_400_000;
const DAY_ROWS = Number(process.env.BENCH_PARTITION_DAY_ROWS ?? 50_000);
const DAYS = Math.max(4, Number(process.env.BENCH_PARTITION_DAYS ?? 4));
/** Reads of the first two days an alert points at (kept by retention while the alert exists). */
const KEPT_PERCENT = Number(process.env.BENCH_PARTITION_KEPT_PERCENT ?? 1);
/** The target for dropping a day of 10 M reads. */
const DROP_TARGET_MS = 1_000;
const RETENTION_DAYS = 30;
const ROW_DELETES = process.env.BENCH_PARTITION_ROW_DELETES !== "0";

const iso = (at: Date) => at.toISOString();

runBench("partition-drop", async ({ db, writeResult }) => {
  const prisma = createPrismaClient(db.url, { poolSize: 1 });
  try {
    // One retention for every read (the default), so that exactly the days asked for are past it.
    const sql = await seedRetentionStore(prisma);
    await sql.execute("SET maintenance_work_mem = '512MB'");

    const today = new Date(new Date().toISOString().slice(0, 10));
    const first = new Date(today.getTime() - DAYS * DAY);
    const days = Array.from({ length: DAYS }, (_, i) => new Date(first.getTime() + i * DAY));

    // ── partitions by day, as DETECTION_PARTITION=day keeps them (the demo's reads set aside) ──
    await sql.execute("DELETE FROM alerts WHERE axis_detection_id IS NOT NULL");
    await sql.execute("DELETE FROM detections");
    const months = await sql.query<{ name: string }>("SELECT name FROM odin_partitions('detections')");
    for (const { name } of months.rows) await sql.execute(`DROP TABLE "${name}"`);
    for (let day = first; day <= new Date(today.getTime() + DAY); day = new Date(day.getTime() + DAY)) {
      await sql.execute(`SELECT odin_partition_create('detections', 'day', '${iso(day)}')`);
    }

    // ── the reads, with the indexes built after the insert (on the parent: every partition gets them) ──
    const indexes = await sql.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes
       WHERE schemaname = current_schema() AND tablename = 'detections' AND indexname <> 'detections_pkey'`,
    );
    for (const index of indexes.rows) await sql.execute(`DROP INDEX "${index.indexname}"`);
    const t0 = performance.now();
    const pool = Math.max(1_000, Math.round((DAY_ROWS * DAYS) / 3));
    for (const [i, day] of days.entries()) {
      // Plates from a pool of vehicles (about three reads each), spread over the five demo cameras.
      await sql.execute(
        `INSERT INTO detections (source_program, plate, plate_normalized, plate_state, camera_name, agency_id,
           axis_integration_id, timestamp, confidence, vendor_event_id)
         SELECT 'Axis', p.plate, p.plate, 'CT', i.label, i.agency_id, i.id,
                '${iso(day)}'::timestamptz + make_interval(secs => g * 86400.0 / ${DAY_ROWS}),
                0.9, 'bench-' || (${i * DAY_ROWS} + g)
         FROM generate_series(0::bigint, ${DAY_ROWS - 1}) g
         CROSS JOIN LATERAL (
           SELECT upper(substr(md5((abs(hashint8(${i * DAY_ROWS} + g)) % ${pool})::text), 1, 7)) AS plate) p
         JOIN (SELECT row_number() OVER (ORDER BY x.id) - 1 AS n, x.id, x.label, a.agency_id
                 FROM axis_integrations x JOIN axis_agencies a ON a.id = x.axis_agency_id) i
           ON i.n = abs(hashint8(${i * DAY_ROWS} + g + 7)) % (SELECT count(*) FROM axis_integrations)`,
      );
    }
    // pg_indexes prints a partitioned table's index ON ONLY (the parent alone): built without ONLY.
    for (const index of indexes.rows) await sql.execute(index.indexdef.replace(" ON ONLY ", " ON "));
    // Alerts on KEPT_PERCENT of the first two days' reads: retention keeps those reads while the alert exists.
    await sql.execute(
      `INSERT INTO alerts (group_id, source_program, source_read_id, plate, timestamp, reason, date_added,
         axis_detection_id)
       SELECT (SELECT min(id) FROM hotlist_groups), 'Axis', d.id::text, d.plate_normalized, d.timestamp,
              'bench', now(), d.id
       FROM detections d
       WHERE d.timestamp < '${iso(days[2]!)}'
         AND abs(hashint8(d.id)) % 10000 < ${Math.round(KEPT_PERCENT * 100)}`,
    );
    // The distinct plates ingest keeps beside the reads (a partial plate is answered from them), as the
    // migration that made the table backfilled them.
    await sql.execute(
      `INSERT INTO distinct_plates (plate_normalized, skeleton, first_seen, last_seen, axis_reads)
       SELECT plate_normalized, odin_plate_skeleton(plate_normalized), min(timestamp), max(timestamp), count(*)::int
       FROM detections GROUP BY plate_normalized
       ON CONFLICT (plate_normalized) DO NOTHING`,
    );
    await sql.execute("VACUUM ANALYZE detections");
    await sql.execute("ANALYZE alerts, distinct_plates");
    log(
      `${DAYS} days × ${DAY_ROWS} reads in detections (a partition a day) in ${seconds(performance.now() - t0)}`,
    );

    const noImages: ImageStore = {
      put: () => Promise.reject(new Error("not used")),
      get: () => Promise.resolve(null),
      remove: () => Promise.resolve(),
    };
    /** The retention's clock when every read before `day` is past it. */
    const clockFor = (day: Date) => day.getTime() + RETENTION_DAYS * DAY;

    // ── 1. day 1 by the row deletes (5,000 a statement); BENCH_PARTITION_ROW_DELETES=0 leaves day 1 to
    //    the partition step (at 10 M reads the row deletes take minutes: 328-410 s so far) ──
    const t2 = performance.now();
    const deleted = ROW_DELETES
      ? await deleteExpiredReads({
          prisma,
          images: noImages,
          retentionDays: RETENTION_DAYS,
          now: () => clockFor(days[1]!),
        })
      : 0;
    const deleteMs = performance.now() - t2;
    if (ROW_DELETES) log(`row deletes of day 1: ${deleted} reads in ${seconds(deleteMs)}`);

    // ── 2. day 2 (and day 1's rest) by partition, with kept reads ──
    const retention = (day: Date) =>
      retireExpiredDetectionPartitions({
        prisma,
        images: noImages,
        retentionDays: RETENTION_DAYS,
        now: new Date(clockFor(day)),
      });
    const t3 = performance.now();
    const withKept = await retention(days[2]!);
    const withKeptMs = performance.now() - t3;
    const swapped = withKept.steps.find((step) => step.name.endsWith(iso(days[1]!).slice(8, 10)))!;
    for (const step of withKept.steps) {
      log(
        `${step.name}: ${step.kept} kept, stage ${round(step.stageMs)} ms (no lock), swap ${round(step.retireMs)} ms, ` +
          `kept reads struck from the retired table and pictures listed ${round(step.picturesMs)} ms, ` +
          `DROP of the retired table ${round(step.dropMs)} ms`,
      );
    }
    const [left] = (
      await sql.query<{ n: bigint; indexes: bigint }>(
        `SELECT (SELECT count(*) FROM "${swapped.name}") AS n,
                (SELECT count(*) FROM pg_indexes WHERE tablename = '${swapped.name}') AS indexes`,
      )
    ).rows;
    log(`${swapped.name} now: ${left!.n} reads, ${left!.indexes} indexes`);

    // ── 3. day 3 by partition, nothing kept: detach and DROP ──
    const t5 = performance.now();
    const noneKept = await retention(days[3]!);
    const noneKeptMs = performance.now() - t5;
    const dropped = noneKept.steps.at(-1)!;
    log(
      `${dropped.name}: nothing kept (${dropped.kept}), detach ${round(dropped.retireMs)} ms, pictures listed ` +
        `${round(dropped.picturesMs)} ms, DROP ${round(dropped.dropMs)} ms`,
    );

    // ── the plans of Odin's own searches on the partitioned table ──
    const plans: Explained[] = [];
    const source = createAxisSource(explaining(prisma, plans));
    const targets = [...(await createAxisSource(prisma).searchable({ agency: "all" })).values()];
    const [sample] = (
      await sql.query<{ plate: string }>(
        `SELECT plate_normalized AS plate FROM detections
         WHERE timestamp >= '${today.toISOString()}'::timestamptz - interval '1 day' LIMIT 1`,
      )
    ).rows;
    const plate = sample!.plate;
    const printed: Record<string, string> = {};
    for (const [what, text, match] of [
      [`exact plate ${plate}, the last day`, plate, "exact"],
      [`partial plate *${plate.slice(1, 5)}*, the last day`, `*${plate.slice(1, 5)}*`, "partial"],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        await source.search(
          {
            plate: toPlatePattern(text, match),
            plateState: undefined,
            color: undefined,
            make: undefined,
            bodyType: undefined,
            start: new Date(today.getTime() - DAY),
            end: new Date(today.getTime() - 1),
            limit: 5_000,
          },
          targets,
          new AbortController().signal,
        );
      }
      plans.shift(); // the cold one
      const { plan } = plans.shift()!;
      printed[what] = plan;
      console.log(`\n── ${what}\n${plan}`);
    }

    await writeResult({
      targets: [
        {
          name: `retention of a day of ${DAY_ROWS.toLocaleString("en-US")} reads, ${KEPT_PERCENT}% kept: the partition swapped`,
          target: "< 1 s (issue 21, at 10 M reads)",
          measured: `${round(swapped.retireMs)} ms under lock (+ ${round(swapped.stageMs)} ms staging, ${round(swapped.picturesMs)} ms listing pictures and ${round(swapped.dropMs)} ms dropping the retired day, without)`,
          met: swapped.retireMs < DROP_TARGET_MS,
        },
        {
          name: `retention of a day of ${DAY_ROWS.toLocaleString("en-US")} reads, none kept: its partition detached and dropped`,
          target: "< 1 s (issue 21, at 10 M reads)",
          measured: `${round(dropped.retireMs + dropped.dropMs)} ms (detach ${round(dropped.retireMs)} + drop ${round(dropped.dropMs)}; + ${round(dropped.picturesMs)} ms listing pictures before the drop)`,
          met: dropped.retireMs + dropped.dropMs < DROP_TARGET_MS,
        },
      ],
      dayRows: DAY_ROWS,
      days: DAYS,
      keptPercent: KEPT_PERCENT,
      rowDeletes: ROW_DELETES ? { reads: deleted, ms: round(deleteMs) } : "skipped",
      withKept: { ms: round(withKeptMs), reads: withKept.reads, steps: withKept.steps },
      noneKept: { ms: round(noneKeptMs), reads: noneKept.reads, steps: noneKept.steps },
      plans: printed,
    });
  } finally {
    await prisma.$disconnect();
  }
});
