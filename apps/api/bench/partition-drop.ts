/**
 * Issue 21 item 2, measured before it is built (docs/scaling.md, "Time partitions"): retention of a day
 * of reads by dropping that day's partition against today's row deletes (jobs/detection-retention.ts,
 * the real function), and the plans of Odin's exact and partial plate searches (sources/axis, the real
 * statements) on a `detections` partitioned by day: partition pruning, and an index per partition.
 *
 * On a database of its own: the demo agencies, BENCH_PARTITION_DAYS whole days (UTC) of
 * BENCH_PARTITION_DAY_ROWS reads each in the migrated `detections`, alerts pointing at
 * BENCH_PARTITION_KEPT_PERCENT of the oldest day's reads (retention keeps those), and a copy of the reads
 * in `detections_by_day` (PARTITION BY RANGE (timestamp), a partition per day and a default one for
 * absurd dates; primary key (id, timestamp); the schema's indexes, the idempotency key with the
 * timestamp added). Then, on the oldest day: the row deletes of purgeExpiredDetections on the plain
 * table; on the copy, the kept reads staged into a replacement table (no lock on detections) and the
 * swap (DETACH, ATTACH the replacement, DROP) in one short transaction. And on the second day, where
 * nothing is kept: the check and DROP TABLE alone.
 * Not one of `pnpm bench`'s benches (the partitions are not in Odin's schema yet):
 *
 *   pnpm --filter @odin/api exec tsx bench/partition-drop.ts          small: 3 days of 50,000 reads
 *   BENCH_PARTITION_DAY_ROWS=10000000 BENCH_PARTITION_DAYS=3 pnpm --filter @odin/api exec tsx bench/partition-drop.ts
 *                                                                     the issue's size: a day of 10 M reads
 */
import { createPrismaClient } from "@odin/db";
import { purgeExpiredDetections } from "../src/jobs/detection-retention";
import { createAxisSource } from "../src/sources/axis/axis.source";
import { toPlatePattern } from "../src/sources/plate-pattern";
import type { ImageStore } from "../src/storage/image-store";
import { explaining, type Explained } from "./lib/explain";
import { log, round, runBench, seconds } from "./lib/harness";
import { seedRetentionStore } from "./lib/retention-store";

const DAY = 86_400_000;
const DAY_ROWS = Number(process.env.BENCH_PARTITION_DAY_ROWS ?? 50_000);
const DAYS = Number(process.env.BENCH_PARTITION_DAYS ?? 3);
/** Reads of the oldest day an alert points at (kept by retention while the alert exists). */
const KEPT_PERCENT = Number(process.env.BENCH_PARTITION_KEPT_PERCENT ?? 1);
/** The target for dropping a day of 10 M reads. */
const DROP_TARGET_MS = 1_000;

/**
 * The ids of the reads in one partition that retention keeps whatever their age, probed from the few
 * rows that keep them (the partition is never scanned whole): a read an alert points at (alerts carry the
 * read's time), and what an active legal hold names as jobs/legal-hold-sql.ts reads it (the plates
 * searched or exported under the case in the holding agency, and the exported records `axis-<id>`).
 */
function keptIds(partition: string, from: string, to: string, since?: string): string {
  // `since`: only what began to keep a read from then on (the swap's catch-up after staging).
  const alertSince = since ? `AND al.date_added >= '${since}'` : "";
  const holdSince = since ? `AND (h.placed_at >= '${since}' OR l.created_at >= '${since}')` : "";
  return `SELECT al.axis_detection_id FROM alerts al JOIN ${partition} x ON x.id = al.axis_detection_id
          WHERE al.axis_detection_id IS NOT NULL AND al.timestamp >= '${from}' AND al.timestamp < '${to}'
            ${alertSince}
          UNION
          SELECT x.id FROM legal_holds h
            JOIN audit_logs l ON l.agency_id = h.agency_id AND l.query_parameters ->> 'case_number' = h.case_number
            CROSS JOIN LATERAL (SELECT l.plate UNION
                                SELECT jsonb_array_elements_text(coalesce(l.query_parameters -> 'plates', '[]'))) p(plate)
            JOIN ${partition} x ON x.agency_id = h.agency_id AND x.plate_normalized = p.plate
          WHERE h.released_at IS NULL ${holdSince}
          UNION
          SELECT x.id FROM legal_holds h
            JOIN audit_logs l ON l.agency_id = h.agency_id AND l.query_parameters ->> 'case_number' = h.case_number
            CROSS JOIN LATERAL jsonb_array_elements(coalesce(l.query_parameters -> 'records', '[]')) r(record)
            JOIN ${partition} x ON r.record ->> 'id' = 'axis-' || x.id
          WHERE h.released_at IS NULL ${holdSince}`;
}

const partitionName = (day: Date) =>
  `detections_by_day_${day.toISOString().slice(0, 10).replaceAll("-", "")}`;

runBench("partition-drop", async ({ db, writeResult }) => {
  const prisma = createPrismaClient(db.url, { poolSize: 1 });
  try {
    // One retention for every read (the default), so that exactly the oldest day is past it.
    const sql = await seedRetentionStore(prisma);
    await sql.execute("SET maintenance_work_mem = '512MB'");

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
    // Alerts on KEPT_PERCENT of the oldest day's reads: retention keeps those reads while the alert exists.
    await sql.execute(
      `INSERT INTO alerts (group_id, source_program, source_read_id, plate, timestamp, reason, date_added,
         axis_detection_id)
       SELECT (SELECT min(id) FROM hotlist_groups), 'Axis', d.id::text, d.plate_normalized, d.timestamp,
              'bench', now(), d.id
       FROM detections d
       WHERE d.timestamp < '${new Date(first.getTime() + DAY).toISOString()}'
         AND abs(hashint8(d.id)) % 10000 < ${Math.round(KEPT_PERCENT * 100)}`,
    );
    await sql.execute("VACUUM ANALYZE detections");
    await sql.execute("ANALYZE alerts");
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

    // ── partitions: the oldest day holds kept reads (alerts point at them): stage them, then swap ──
    const oldest = partitionName(first);
    const [from, to] = [first.toISOString(), new Date(first.getTime() + DAY).toISOString()];
    // What starts keeping a read of this day from now on is caught up in the swap.
    const [{ since }] = (await sql.query<{ since: string }>(`SELECT to_json(now()) #>> '{}' AS since`))
      .rows as [{ since: string }];
    const t3 = performance.now();
    // Stage, without a lock on detections: the kept reads into the table that will replace the partition,
    // with the parent's indexes already built (INCLUDING INDEXES), so that ATTACH adopts them instead of
    // building them under the lock (at 10 M reads a day with 1% kept, building them there took 2.75 s).
    await sql.execute(
      `CREATE TABLE ${oldest}_next (LIKE detections_by_day INCLUDING DEFAULTS INCLUDING INDEXES,
         CHECK ("timestamp" >= '${from}' AND "timestamp" < '${to}'))`,
    );
    const staged = await sql.execute(
      `INSERT INTO ${oldest}_next SELECT d.* FROM ${oldest} d WHERE d.id IN (${keptIds(oldest, from, to)})`,
    );
    const stageMs = performance.now() - t3;
    // Swap, in one short transaction: the partition out, its replacement in (the CHECK spares the scan;
    // the staged table's indexes are adopted, none built), and the reads that began to be kept since the
    // staging (alerts and holds from then on: a few, not the 1% again). The old day is dropped after the
    // commit: detached, it is no longer part of detections, so its DROP holds no lock on it.
    const t4 = performance.now();
    await prisma.$transaction([
      prisma.$executeRawUnsafe(`ALTER TABLE detections_by_day DETACH PARTITION ${oldest}`),
      prisma.$executeRawUnsafe(
        `ALTER TABLE detections_by_day ATTACH PARTITION ${oldest}_next FOR VALUES FROM ('${from}') TO ('${to}')`,
      ),
      prisma.$executeRawUnsafe(
        `INSERT INTO detections_by_day SELECT d.* FROM ${oldest} d
         WHERE d.id IN (${keptIds(oldest, from, to, since)})
           AND NOT EXISTS (SELECT 1 FROM ${oldest}_next n WHERE n.id = d.id AND n.timestamp = d.timestamp)`,
      ),
      prisma.$executeRawUnsafe(`ALTER TABLE ${oldest} RENAME TO ${oldest}_old`),
      prisma.$executeRawUnsafe(`ALTER TABLE ${oldest}_next RENAME TO ${oldest}`),
    ]);
    const swapMs = performance.now() - t4;
    const t4b = performance.now();
    await sql.execute(`DROP TABLE ${oldest}_old`);
    const oldDropMs = performance.now() - t4b;
    const [left] = (
      await sql.query<{ n: bigint; indexes: bigint; others: bigint }>(
        `SELECT (SELECT count(*) FROM ${oldest}) AS n,
                (SELECT count(*) FROM pg_indexes WHERE tablename = '${oldest}') AS indexes,
                (SELECT count(*) FROM pg_indexes WHERE tablename = '${partitionName(days.at(-1)!)}') AS others`,
      )
    ).rows;
    log(
      `partition with ${staged} kept reads: stage ${round(stageMs)} ms (no lock), swap ${round(swapMs)} ms, then DROP of the detached day ${round(oldDropMs)} ms; ${left!.n} left, ${left!.indexes} indexes (another partition ${left!.others})`,
    );

    // ── a day with nothing kept (when there are 3+ days: not the last one, searched below): DROP ──
    let checkMs = 0;
    let dropMs = 0;
    if (DAYS >= 3) {
      const second = partitionName(days[1]!);
      const [secondFrom, secondTo] = [days[1]!.toISOString(), days[2]!.toISOString()];
      const t5 = performance.now();
      const [kept] = (
        await sql.query<{ kept: boolean }>(`SELECT EXISTS (${keptIds(second, secondFrom, secondTo)}) AS kept`)
      ).rows;
      checkMs = performance.now() - t5;
      const t6 = performance.now();
      if (!kept!.kept) await sql.execute(`DROP TABLE ${second}`);
      dropMs = performance.now() - t6;
      log(
        `partition with nothing kept (${!kept!.kept}): check ${round(checkMs)} ms, drop ${round(dropMs)} ms`,
      );
    }

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
          name: `retention of a day of ${DAY_ROWS.toLocaleString("en-US")} reads, ${KEPT_PERCENT}% kept: the partition swapped`,
          target: "< 1 s (issue 21, at 10 M reads)",
          measured: `${round(swapMs)} ms under lock (+ ${round(stageMs)} ms staging and ${round(oldDropMs)} ms dropping the detached day, without)`,
          met: swapMs < DROP_TARGET_MS,
        },
        ...(DAYS >= 3
          ? [
              {
                name: `retention of a day of ${DAY_ROWS.toLocaleString("en-US")} reads, none kept: DROP of its partition`,
                target: "< 1 s (issue 21, at 10 M reads)",
                measured: `${round(checkMs + dropMs)} ms (check ${round(checkMs)} + drop ${round(dropMs)})`,
                met: checkMs + dropMs < DROP_TARGET_MS,
              },
            ]
          : []),
      ],
      dayRows: DAY_ROWS,
      days: DAYS,
      keptPercent: KEPT_PERCENT,
      rowDeletes: { reads: deleted, ms: round(deleteMs) },
      partitionSwap: {
        kept: staged,
        stageMs: round(stageMs),
        swapMs: round(swapMs),
        detachedDropMs: round(oldDropMs),
      },
      partitionDrop: { checkMs: round(checkMs), dropMs: round(dropMs) },
      plans: printed,
    });
  } finally {
    await prisma.$disconnect();
  }
});
