/**
 * Issue 23 item 5, measured: what active legal holds cost the retention purge. Every expired read is
 * checked against the holds (`heldByLegalHold` in jobs/retention.repository.ts: the plates searched or
 * exported under a held case in the holding agency, and the exported records), so the cost of one purge
 * batch grows with the holds and their cases' audit rows.
 *
 * On a database of its own: the demo agencies, BENCH_HOLDS_ROWS expired reads (40 days old, the
 * retention 30), then BENCH_HOLDS_HOLDS active holds of the first agency, each case with
 * BENCH_HOLDS_AUDIT_ROWS searches and exports (a plate, a list of 3 plates, 5 exported records each).
 * Timed: one batch of `deleteExpiredDetectionBatch` (BENCH_HOLDS_BATCH reads, rolled back so every
 * run sees the same rows), with no hold and with the holds, median of BENCH_RUNS; and the plan.
 *
 *   pnpm --filter @odin/api bench legal-holds
 */
import { createPrismaClient } from "@odin/db";
import { deleteExpiredDetectionBatch } from "../src/jobs/retention.repository";
import { explaining, type Explained } from "./lib/explain";
import { log, median, printTable, round, runBench, seconds } from "./lib/harness";
import { seedRetentionStore } from "./lib/retention-store";

const DAY = 86_400_000;
const ROWS = Number(process.env.BENCH_HOLDS_ROWS ?? 200_000);
const HOLDS = Number(process.env.BENCH_HOLDS_HOLDS ?? 200);
const AUDIT_ROWS = Number(process.env.BENCH_HOLDS_AUDIT_ROWS ?? 10);
const BATCH = Number(process.env.BENCH_HOLDS_BATCH ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** One purge batch with the holds: within this the hourly job's batches stay short. */
const TARGET_MS = 1_000;

class Rollback extends Error {}

runBench("legal-holds", async ({ db, writeResult }) => {
  const prisma = createPrismaClient(db.url, { poolSize: 1 });
  try {
    const sql = await seedRetentionStore(prisma);
    const now = new Date();
    const from = new Date(now.getTime() - 40 * DAY);
    const pool = Math.max(1_000, Math.round(ROWS / 3));
    const t0 = performance.now();
    await sql.execute(
      `INSERT INTO detections (source_program, plate, plate_normalized, plate_state, camera_name, agency_id,
         axis_integration_id, timestamp, confidence, vendor_event_id)
       SELECT 'Axis', p.plate, p.plate, 'CT', i.label, i.agency_id, i.id,
              '${from.toISOString()}'::timestamptz + make_interval(secs => g * 86400.0 / ${ROWS}),
              0.9, 'bench-holds-' || g
       FROM generate_series(0::bigint, ${ROWS - 1}) g
       CROSS JOIN LATERAL (SELECT upper(substr(md5((abs(hashint8(g)) % ${pool})::text), 1, 7)) AS plate) p
       JOIN (SELECT row_number() OVER (ORDER BY x.id) - 1 AS n, x.id, x.label, a.agency_id
               FROM axis_integrations x JOIN axis_agencies a ON a.id = x.axis_agency_id) i
         ON i.n = abs(hashint8(g + 7)) % (SELECT count(*) FROM axis_integrations)`,
    );
    await sql.execute("VACUUM ANALYZE detections");
    log(`${ROWS.toLocaleString("en-US")} expired reads in ${seconds(performance.now() - t0)}`);

    const batch = async () => {
      const times: number[] = [];
      let deleted = 0;
      for (let run = 0; run < RUNS; run++) {
        try {
          await prisma.$transaction(
            async (tx) => {
              const started = performance.now();
              deleted = (await deleteExpiredDetectionBatch(tx, { now, retentionDays: 30, batchSize: BATCH }))
                .length;
              times.push(performance.now() - started);
              throw new Rollback();
            },
            { timeout: 600_000 },
          );
        } catch (error) {
          if (!(error instanceof Rollback)) throw error;
        }
      }
      return { ms: round(median(times)), deleted };
    };

    const none = await batch();
    log(`no hold: ${none.ms} ms for ${none.deleted} reads`);

    // The holds: each case searched and exported AUDIT_ROWS times in the first agency.
    const agency = await prisma.agency.findFirstOrThrow({ orderBy: { id: "asc" } });
    await sql.execute(
      `INSERT INTO legal_holds (agency_id, case_number, reason, placed_by)
       SELECT ${agency.id}, 'HOLD-' || h, 'bench', 'bench'
       FROM generate_series(1, ${HOLDS}) h`,
    );
    await sql.execute(
      `INSERT INTO audit_logs (username, agency_id, action, plate, query_parameters)
       SELECT 'bench', ${agency.id}, CASE WHEN r % 2 = 0 THEN 'search' ELSE 'export_pdf' END,
              (SELECT plate_normalized FROM detections ORDER BY id OFFSET (h * 97 + r) % ${ROWS} LIMIT 1),
              jsonb_build_object(
                'case_number', 'HOLD-' || h,
                'plates', (SELECT jsonb_agg(plate_normalized) FROM (SELECT plate_normalized FROM detections
                             ORDER BY id OFFSET (h * 131 + r * 7) % ${ROWS} LIMIT 3) x),
                'records', (SELECT jsonb_agg(jsonb_build_object('id', 'axis-' || id)) FROM (SELECT id FROM detections
                             ORDER BY id OFFSET (h * 173 + r * 11) % ${ROWS} LIMIT 5) y))
       FROM generate_series(1, ${HOLDS}) h, generate_series(1, ${AUDIT_ROWS}) r`,
    );
    await sql.execute("ANALYZE audit_logs");
    await sql.execute("ANALYZE legal_holds");
    const held = await batch();
    log(`${HOLDS} holds × ${AUDIT_ROWS} audit rows: ${held.ms} ms for ${held.deleted} reads`);
    // The plan of that batch (EXPLAIN ANALYZE runs the DELETE: rolled back like the timed runs).
    const plans: Explained[] = [];
    try {
      await prisma.$transaction(
        async (tx) => {
          await deleteExpiredDetectionBatch(explaining(tx as never, plans), {
            now,
            retentionDays: 30,
            batchSize: BATCH,
          });
          throw new Rollback();
        },
        { timeout: 600_000 },
      );
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
    }
    if (process.env.BENCH_HOLDS_PLAN) log(plans.map((explained) => explained.plan).join("\n"));

    const figures = [
      { holds: 0, "audit rows per case": 0, "batch ms (median)": none.ms, "reads deleted": none.deleted },
      {
        holds: HOLDS,
        "audit rows per case": AUDIT_ROWS,
        "batch ms (median)": held.ms,
        "reads deleted": held.deleted,
      },
    ];
    printTable(`One retention batch of ${BATCH.toLocaleString("en-US")} expired reads`, figures);
    await writeResult({
      targets: [
        {
          name: `one retention batch with ${HOLDS} active legal holds`,
          target: `≤ ${TARGET_MS} ms`,
          measured: `${held.ms} ms (no hold: ${none.ms} ms)`,
          met: held.ms <= TARGET_MS,
        },
      ],
      store: { rows: ROWS, holds: HOLDS, auditRowsPerCase: AUDIT_ROWS, batch: BATCH, runs: RUNS },
      figures,
      plan: plans.map((explained) => explained.plan).join("\n"),
    });
  } finally {
    await prisma.$disconnect();
  }
});
