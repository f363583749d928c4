/**
 * Issue 21 item 2, measured for audit_logs: what monthly partitions cost and give the audit trail.
 * Every request that searches or exports writes an audit row first, and its chain trigger reads the
 * previous place and hash of the agency's chain: from `audit_chain_heads` (one row), where reading
 * the newest row (`ORDER BY chain_seq DESC LIMIT 1` on (agency_id, chain_seq)) would open that index
 * in every partition (first run: write p50 1.2 ms against 0.7 ms for one table at 65 partitions).
 * The audit screen reads an agency's newest rows of a range.
 *
 * BENCH_AUDIT_ROWS audit rows (default 1,000,000) over BENCH_AUDIT_MONTHS months (default 60, five
 * years of keeping everything) in 20 agencies, loaded with the triggers off (chain places numbered by
 * the load, hashes not computed: nothing here verifies them), then timed in two layouts of the same
 * rows:
 *   - months: a partition a month, as the migration and the audit-partitions job make them;
 *   - one: a single partition for the whole range, i.e. the table as it was before partitioning.
 * Timed in each: BENCH_AUDIT_WRITES audit writes through the real writeAuditFor (one Prisma create,
 * the chain trigger in the database), random agencies; and the audit screen's first page (50 newest
 * rows of an agency in the last 30 days, with its count) through the real repository, 200 times.
 *
 *   pnpm --filter @odin/api bench audit-partitions
 */
import { createPrismaClient } from "@odin/db";
import { countAuditLogs, findAuditLogPage, type AuditLogFilter } from "../src/modules/audit/audit.repository";
import { writeAuditFor } from "../src/lib/audit-rows.repository";
import {
  log,
  printTable,
  prng,
  round,
  runBench,
  seconds,
  summarize,
  type LatencySummary,
} from "./lib/harness";

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const MONTHS = Number(process.env.BENCH_AUDIT_MONTHS ?? 60);
const WRITES = Number(process.env.BENCH_AUDIT_WRITES ?? 2_000);
const PAGES = 200;
const AGENCIES = 20;
const DAY = 86_400_000;
/** Partitions may cost an audit write at most this much over the single table. */
const TARGET_WRITE_RATIO = 1.5;

runBench("audit-partitions", async ({ db, writeResult }) => {
  const prisma = createPrismaClient(db.url, { poolSize: 2 });
  try {
    const t0 = performance.now();
    await prisma.$executeRawUnsafe(`
      INSERT INTO agencies (name, code, updated_at)
      SELECT 'Audit bench ' || g, 'AB' || g, now() FROM generate_series(1, ${AGENCIES}) g`);
    const agencies = (
      await prisma.agency.findMany({ where: { name: { startsWith: "Audit bench" } }, select: { id: true } })
    ).map((agency) => agency.id);
    // A partition a month from the oldest row's month on (the migration's own function).
    await prisma.$executeRawUnsafe(`
      SELECT odin_partition_create('audit_logs', 'month', m AT TIME ZONE 'UTC')
      FROM generate_series(date_trunc('month', now() AT TIME ZONE 'UTC') - interval '${MONTHS} months',
                           date_trunc('month', now() AT TIME ZONE 'UTC'), interval '1 month') m`);
    await prisma.$executeRawUnsafe("ALTER TABLE audit_logs DISABLE TRIGGER USER");
    await prisma.$executeRawUnsafe(`
      INSERT INTO audit_logs (username, agency_id, agency_name, action, plate, justification, query_parameters,
        programs_queried, record_count, created_at, chain_seq, hash)
      SELECT 'investigator.' || (g % 50), a, 'Audit bench', 'search', 'P' || lpad((g % 100000)::text, 6, '0'),
        'Bench: case follow-up', jsonb_build_object('plate', 'P' || lpad((g % 100000)::text, 6, '0')),
        'Axis', g % 40, t, row_number() OVER (PARTITION BY a ORDER BY t), md5(g::text) || md5(g::text)
      FROM (SELECT g, (ARRAY[${agencies.join(",")}])[1 + g % ${AGENCIES}] AS a,
              now() - (random() * ${MONTHS * 30} || ' days')::interval AS t
            FROM generate_series(1, ${ROWS}) g) s`);
    await prisma.$executeRawUnsafe("ALTER TABLE audit_logs ENABLE TRIGGER USER");
    // Each chain's head, as the migration sets it (the writes below chain on from it).
    await prisma.$executeRawUnsafe(`
      INSERT INTO audit_chain_heads (chain_key, chain_seq, hash)
      SELECT DISTINCT ON (agency_id) agency_id, chain_seq, hash FROM audit_logs ORDER BY agency_id, chain_seq DESC`);
    await prisma.$executeRawUnsafe("ANALYZE audit_logs");
    const partitions = Number(
      (
        await prisma.$queryRaw<{ n: bigint }[]>`
          SELECT count(*) AS n FROM pg_inherits WHERE inhparent = 'audit_logs'::regclass`
      )[0]!.n,
    );
    log(
      `${ROWS} audit rows over ${MONTHS} months in ${partitions} partitions, ${seconds(performance.now() - t0)}`,
    );

    const rand = prng(21);
    const now = Date.now();
    const measure = async () => {
      const writes: number[] = [];
      for (let i = 0; i < WRITES; i++) {
        const agencyId = agencies[Math.floor(rand() * agencies.length)]!;
        const started = performance.now();
        await writeAuditFor(
          prisma,
          { userId: null, username: "bench.writer", agencyId, ip: "127.0.0.1", requestId: `bench-${i}` },
          { action: "search", plate: "AB123", justification: "Bench", queryParameters: { plate: "AB123" } },
        );
        writes.push(performance.now() - started);
      }
      const pages: number[] = [];
      for (let i = 0; i < PAGES; i++) {
        const filter: AuditLogFilter = {
          agency: agencies[Math.floor(rand() * agencies.length)]!,
          from: new Date(now - 30 * DAY),
        };
        const started = performance.now();
        await Promise.all([findAuditLogPage(prisma, filter, 1, 50), countAuditLogs(prisma, filter)]);
        pages.push(performance.now() - started);
      }
      return { write: summarize(writes), page: summarize(pages) };
    };

    const months = await measure();
    log(`months: write p95 ${round(months.write.p95)} ms, page p95 ${round(months.page.p95)} ms`);

    // The same rows in one partition for the whole range: the table before partitioning.
    const t1 = performance.now();
    await prisma.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe("CREATE TABLE audit_logs_one (LIKE audit_logs INCLUDING DEFAULTS)");
        await tx.$executeRawUnsafe("INSERT INTO audit_logs_one SELECT * FROM audit_logs");
        const parts = await tx.$queryRaw<{ name: string }[]>`
          SELECT inhrelid::regclass::text AS name FROM pg_inherits WHERE inhparent = 'audit_logs'::regclass`;
        for (const { name } of parts) await tx.$executeRawUnsafe(`DROP TABLE ${name}`);
        await tx.$executeRawUnsafe(
          `ALTER TABLE audit_logs ATTACH PARTITION audit_logs_one FOR VALUES FROM ('2000-01-01Z') TO ('2100-01-01Z')`,
        );
      },
      { timeout: 600_000 },
    );
    await prisma.$executeRawUnsafe("ANALYZE audit_logs");
    log(`one partition rebuilt in ${seconds(performance.now() - t1)}`);
    const one = await measure();
    log(`one: write p95 ${round(one.write.p95)} ms, page p95 ${round(one.page.p95)} ms`);

    const row = (layout: string, figures: { write: LatencySummary; page: LatencySummary }) => ({
      layout,
      "write p50": round(figures.write.p50, 2),
      "write p95": round(figures.write.p95, 2),
      "page p50": round(figures.page.p50, 2),
      "page p95": round(figures.page.p95, 2),
    });
    printTable(`${ROWS.toLocaleString("en-US")} audit rows over ${MONTHS} months (ms)`, [
      row(`a month each (${partitions} partitions)`, months),
      row("one partition (the table before)", one),
    ]);
    const writeRatio = round(months.write.p95 / Math.max(one.write.p95, 0.001), 2);
    const pageRatio = round(months.page.p95 / Math.max(one.page.p95, 0.001), 2);
    await writeResult({
      targets: [
        {
          name: `Audit write p95 with ${partitions} monthly partitions vs one table`,
          target: `≤ ${TARGET_WRITE_RATIO}×`,
          measured: `${writeRatio}× (${round(months.write.p95, 2)} vs ${round(one.write.p95, 2)} ms)`,
          met: writeRatio <= TARGET_WRITE_RATIO,
        },
        {
          name: "Audit screen first page (agency, 30 days, with count) p95, monthly partitions vs one table",
          target: "≤ 1×",
          measured: `${pageRatio}× (${round(months.page.p95, 2)} vs ${round(one.page.p95, 2)} ms)`,
          met: pageRatio <= 1,
        },
      ],
      store: { rows: ROWS, months: MONTHS, agencies: AGENCIES, partitions },
      method: { writes: WRITES, pages: PAGES },
      months,
      one,
    });
  } finally {
    await prisma.$disconnect();
  }
});
