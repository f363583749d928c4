/**
 * Issue 21 item 2, measured before it is built (docs/scaling.md, "Time partitions"): retention of a day
 * of reads by dropping that day's partition against today's row deletes (jobs/detection-retention.ts,
 * the real function), and the plans of Odin's exact and partial plate searches (sources/axis, the real
 * statements) on a `detections` partitioned by day: partition pruning, and an index per partition.
 *
 * On a database of its own: the demo agencies, BENCH_PARTITION_DAYS whole days (UTC) of
 * BENCH_PARTITION_DAY_ROWS reads each in the migrated `detections`, and a copy of them in
 * `detections_by_day` (PARTITION BY RANGE (timestamp), a partition per day and a default one for absurd
 * dates; primary key (id, timestamp); the schema's indexes, the idempotency key with the timestamp added).
 * Then, on the oldest day: the row deletes of purgeExpiredDetections on the plain table, and on the copy
 * the check that nothing in the partition is kept (an alert or a legal hold) plus DROP TABLE of it.
 * Not one of `pnpm bench`'s benches (the partitions are not in Odin's schema yet):
 *
 *   pnpm --filter @odin/api exec tsx bench/partition-drop.ts          small: 3 days of 50,000 reads
 *   BENCH_PARTITION_DAY_ROWS=10000000 BENCH_PARTITION_DAYS=3 pnpm --filter @odin/api exec tsx bench/partition-drop.ts
 *                                                                     the issue's size: a day of 10 M reads
 */
import { createPrismaClient, createSecretBox } from "@odin/db";
import { seedDemoData } from "@odin/db/seed";
import { randomBytes } from "node:crypto";
import { purgeExpiredDetections } from "../src/jobs/detection-retention";
import { createAxisSource } from "../src/sources/axis/axis.source";
import { toPlatePattern } from "../src/sources/plate-pattern";
import type { ImageStore } from "../src/storage/image-store";
import { sqlOn } from "./lib/axis-store-fill";
import { explaining, type Explained } from "./lib/explain";
import { log, round, runBench, seconds } from "./lib/harness";

const DAY = 86_400_000;
const DAY_ROWS = Number(process.env.BENCH_PARTITION_DAY_ROWS ?? 50_000);
const DAYS = Number(process.env.BENCH_PARTITION_DAYS ?? 3);
/** The target for dropping a day of 10 M reads. */
const DROP_TARGET_MS = 1_000;

const partitionName = (day: Date) =>
  `detections_by_day_${day.toISOString().slice(0, 10).replaceAll("-", "")}`;

runBench("partition-drop", async ({ db, writeResult }) => {
  const prisma = createPrismaClient(db.url, { poolSize: 1 });
  const sql = sqlOn(prisma);
  try {
    await seedDemoData(prisma, { encryptSecret: createSecretBox(randomBytes(32)).encrypt });
    // One retention for every read (the default), so that exactly the oldest day is past it.
    await sql.execute("UPDATE agencies SET retention_days = NULL");
    await sql.execute("DELETE FROM retention_policies");
    await sql.execute("SET maintenance_work_mem = '512MB'");
    await sql.execute("SET synchronous_commit = off");

    const today = new Date(new Date().toISOString().slice(0, 10));
    const first = new Date(today.getTime() - DAYS * DAY);
    const days = Array.from({ length: DAYS }, (_, i) => new Date(first.getTime() + i * DAY));

    // ── the plain table, filled as the migrated schema has it (indexes rebuilt after the insert) ──
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
                '${day.toISOString()}'::timestamptz + make_interval(secs => g * 86400.0 / ${DAY_ROWS}),
                0.9, 'bench-' || (${i * DAY_ROWS} + g)
         FROM generate_series(0::bigint, ${DAY_ROWS - 1}) g
         CROSS JOIN LATERAL (
           SELECT upper(substr(md5((abs(hashint8(${i * DAY_ROWS} + g)) % ${pool})::text), 1, 7)) AS plate) p
         JOIN (SELECT row_number() OVER (ORDER BY x.id) - 1 AS n, x.id, x.label, a.agency_id
                 FROM axis_integrations x JOIN axis_agencies a ON a.id = x.axis_agency_id) i
           ON i.n = abs(hashint8(${i * DAY_ROWS} + g + 7)) % (SELECT count(*) FROM axis_integrations)`,
      );
    }
    for (const index of indexes.rows) await sql.execute(index.indexdef);
    await sql.execute("VACUUM ANALYZE detections");
    log(`${DAYS} days × ${DAY_ROWS} reads in detections in ${seconds(performance.now() - t0)}`);

    // ── the partitioned copy ──
    const t1 = performance.now();
    await sql.execute(
      `CREATE TABLE detections_by_day (LIKE detections INCLUDING DEFAULTS) PARTITION BY RANGE ("timestamp")`,
    );
    for (const day of days) {
      await sql.execute(
        `CREATE TABLE ${partitionName(day)} PARTITION OF detections_by_day
         FOR VALUES FROM ('${day.toISOString()}') TO ('${new Date(day.getTime() + DAY).toISOString()}')`,
      );
    }
    await sql.execute(
      `CREATE TABLE ${partitionName(today)} PARTITION OF detections_by_day
       FOR VALUES FROM ('${today.toISOString()}') TO ('${new Date(today.getTime() + DAY).toISOString()}')`,
    );
    await sql.execute(`CREATE TABLE detections_by_day_default PARTITION OF detections_by_day DEFAULT`);
    await sql.execute(`INSERT INTO detections_by_day SELECT * FROM detections`);
    await sql.execute(`ALTER TABLE detections_by_day ADD PRIMARY KEY (id, "timestamp")`);
    for (const index of indexes.rows) {
      const definition = index.indexdef
        .replace(/ ON (public\.)?detections /, " ON detections_by_day ")
        .replace(/INDEX (\S+) ON/, "INDEX $1_by_day ON");
      // The idempotency key must hold the partition key: a retried event carries the same capture time.
      await sql.execute(
        definition.includes("vendor_event_id") ? definition.replace(/\)$/, ', "timestamp")') : definition,
      );
    }
    await sql.execute("VACUUM ANALYZE detections_by_day");
    log(`the partitioned copy in ${seconds(performance.now() - t1)}`);

    // ── today: purgeExpiredDetections deletes the oldest day row by row (5,000 a statement) ──
    const noImages: ImageStore = {
      put: () => Promise.reject(new Error("not used")),
      get: () => Promise.resolve(null),
      remove: () => Promise.resolve(),
    };
    const retentionDays = 30;
    const t2 = performance.now();
    const deleted = await purgeExpiredDetections({
      prisma,
      images: noImages,
      retentionDays,
      now: () => first.getTime() + DAY + retentionDays * DAY,
    });
    const deleteMs = performance.now() - t2;
    log(`row deletes: ${deleted} reads in ${seconds(deleteMs)}`);

    // ── partitions: is anything in the oldest day kept? then DROP TABLE ──
    // Kept: a read an alert points at (alerts are few: probe the partition by id), and the reads of the
    // plates and records an active legal hold names (few: probe by plate and by id). Cost follows the
    // alerts and holds, not the partition's size.
    const oldest = partitionName(first);
    const t3 = performance.now();
    const [kept] = (
      await sql.query<{ kept: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM alerts al JOIN ${oldest} d ON d.id = al.axis_detection_id)
             OR EXISTS (
               SELECT 1 FROM legal_holds h
                 JOIN audit_logs l ON l.agency_id = h.agency_id
                                  AND l.query_parameters ->> 'case_number' = h.case_number
                 JOIN ${oldest} d ON d.agency_id = h.agency_id AND d.plate_normalized = l.plate
                WHERE h.released_at IS NULL) AS kept`,
      )
    ).rows;
    const checkMs = performance.now() - t3;
    const t4 = performance.now();
    if (!kept!.kept) await sql.execute(`DROP TABLE ${oldest}`);
    const dropMs = performance.now() - t4;
    log(`partition: kept ${kept!.kept}; check ${round(checkMs)} ms, drop ${round(dropMs)} ms`);

    // ── the plans of Odin's own searches on the partitioned table ──
    await sql.execute("ALTER TABLE detections RENAME TO detections_plain");
    await sql.execute("ALTER TABLE detections_by_day RENAME TO detections");
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
          name: `retention of a day of ${DAY_ROWS.toLocaleString("en-US")} reads by DROP of its partition`,
          target: "< 1 s (issue 21, at 10 M reads)",
          measured: `${round(checkMs + dropMs)} ms (check ${round(checkMs)} + drop ${round(dropMs)})`,
          met: checkMs + dropMs < DROP_TARGET_MS,
        },
      ],
      dayRows: DAY_ROWS,
      days: DAYS,
      rowDeletes: { reads: deleted, ms: round(deleteMs) },
      partitionDrop: { checkMs: round(checkMs), dropMs: round(dropMs) },
      plans: printed,
    });
  } finally {
    await prisma.$disconnect();
  }
});
