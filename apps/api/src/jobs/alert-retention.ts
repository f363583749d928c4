import type { Database } from "../lib/database";
import { ALERT_IMAGE_AREA } from "../sources/rekor/rekor.webhook";
import { deleteExpiredAlertBatch, deleteExpiredAlertReads } from "./retention.repository";
import type { ImageStore } from "../storage/image-store";

export interface AlertRetentionOptions {
  prisma: Database;
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
    const rows = await deleteExpiredAlertBatch(options.prisma, {
      now,
      retentionDays: options.retentionDays,
      batchSize,
      imageArea: area,
    });
    if (rows.length === 0) {
      // The once-only ledger of remote reads (alert_reads) goes by the same rule.
      await deleteExpiredAlertReads(options.prisma, now, options.retentionDays);
      return purged;
    }
    purged += rows.length;
    await options.images.remove(
      new Set(rows.filter((row) => row.removable && row.image_path).map((row) => row.image_path!)),
    );
  }
}
