import { Prisma, type PrismaClient } from "@odin/db";
import { ALERT_IMAGE_AREA } from "../sources/rekor/rekor.webhook";
import { heldByLegalHold } from "./legal-hold-sql";
import type { ImageStore } from "../storage/image-store";

export interface AlertRetentionOptions {
  prisma: PrismaClient;
  images: ImageStore;
  /** ALERT_RETENTION_DAYS: how long alerts (with their dispositions and crops) are kept. */
  retentionDays: number;
  batchSize?: number;
  now?: () => number;
}

/**
 * Issue 17.6: deletes alerts whose read is older than their agency's retention for the read's source
 * (issue 23: the admin's policy, else ALERT_RETENTION_DAYS) and no active legal hold keeps, then the
 * crops Odin stored
 * for them (the `alerts` image area) that no remaining alert shows: one read that alerted several
 * groups shares one crop. Reads' own pictures (the `axis` area) are not touched here: while an alert
 * exists, the Axis read it points at is kept by the detection purge, and once the alert is gone that
 * purge removes the read and its pictures by the read's own retention. Rows go first, then files (a
 * crash in between leaves orphan files at worst). Answers how many alerts were purged.
 */
export async function purgeExpiredAlerts(options: AlertRetentionOptions): Promise<number> {
  const now = new Date(options.now?.() ?? Date.now());
  const batchSize = options.batchSize ?? 5_000;
  const area = `${ALERT_IMAGE_AREA}/%`;
  let purged = 0;
  for (;;) {
    const rows = await options.prisma.$queryRaw<{ image_path: string | null; removable: boolean }[]>`
      WITH doomed AS (
        SELECT al.id FROM alerts al
        JOIN hotlist_groups g ON g.id = al.group_id
        LEFT JOIN retention_policies rp
               ON rp.agency_id = g.agency_id AND rp.record = 'alerts' AND rp.source = al.source_program
        WHERE al.timestamp < ${now}::timestamptz
                             - make_interval(days => coalesce(rp.days, ${options.retentionDays}::int))
          AND NOT ${heldByLegalHold(
            Prisma.sql`g.agency_id`,
            Prisma.sql`upper(regexp_replace(al.plate, '[^A-Za-z0-9]', '', 'g'))`,
            Prisma.sql`al.axis_detection_id`,
          )}
        ORDER BY al.timestamp LIMIT ${batchSize}
      ), deleted AS (
        DELETE FROM alerts a USING doomed WHERE a.id = doomed.id RETURNING a.image_path
      )
      SELECT d.image_path,
        d.image_path LIKE ${area} AND NOT EXISTS (
          SELECT 1 FROM alerts o WHERE o.image_path = d.image_path AND o.id NOT IN (SELECT id FROM doomed)
        ) AS removable
      FROM deleted d`;
    if (rows.length === 0) {
      // The once-only ledger of remote reads (alert_reads) goes by the same rule.
      await options.prisma.$executeRaw`
        DELETE FROM alert_reads
        WHERE read_at < ${now}::timestamptz - make_interval(days => ${options.retentionDays}::int)`;
      return purged;
    }
    purged += rows.length;
    await options.images.remove(
      new Set(rows.filter((row) => row.removable && row.image_path).map((row) => row.image_path!)),
    );
  }
}
