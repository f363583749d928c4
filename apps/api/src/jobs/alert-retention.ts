import { inTransaction, type Database } from "../lib/database";
import { ALERT_IMAGE_AREA } from "../modules/ingest/rekor-webhook";
import {
  alertPartitionsEndingBy,
  deleteExpiredAlertBatch,
  deleteExpiredAlertReads,
  dropRetiredAlertPartition,
  heldAlertsBetween,
  longestAlertRetentionDays,
  retireAlertPartition,
  retiredAlertPartitions,
  retiredAlertPictures,
} from "./retention.repository";
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
  let purged = (await retireExpiredAlertPartitions(options)).alerts;
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

const DAY_MS = 86_400_000;

/**
 * Retention by partition (issue 21; migration 20261201200000_alerts_partitioned), before the row
 * deletes: a month of alerts that ends before the longest alert retention in force holds only alerts
 * past their own retention. When no active legal hold keeps any of them, the month leaves alerts in
 * one short transaction (with its alerts' deliveries and cooldown windows), then its crops that no
 * remaining alert shows are removed, then the table is dropped. A month with a held alert is left to
 * the row deletes, which keep the held ones. A month left retired by a stopped run is finished first.
 */
export async function retireExpiredAlertPartitions(
  options: AlertRetentionOptions,
): Promise<{ partitions: string[]; alerts: number }> {
  const { prisma } = options;
  const now = options.now?.() ?? Date.now();
  for (const retired of await retiredAlertPartitions(prisma)) await finishRetired(options, retired);
  const days = await longestAlertRetentionDays(prisma, options.retentionDays);
  const partitions: string[] = [];
  let alerts = 0;
  for (const month of await alertPartitionsEndingBy(prisma, new Date(now - days * DAY_MS))) {
    // The hold check and the detach in one transaction: a hold committed before it is seen.
    const retired = await inTransaction(prisma, async (tx) =>
      (await heldAlertsBetween(tx, month.starts_at, month.ends_at)) > 0
        ? undefined
        : retireAlertPartition(tx, month.name),
    );
    if (!retired) continue;
    partitions.push(month.name);
    alerts += retired.alerts;
    await finishRetired(options, retired.retired);
  }
  return { partitions, alerts };
}

/** A retired month's crops (those no remaining alert shows), then the table. */
async function finishRetired(options: AlertRetentionOptions, retired: string): Promise<void> {
  const crops = (await retiredAlertPictures(options.prisma, retired)).filter((key) =>
    key.startsWith(`${ALERT_IMAGE_AREA}/`),
  );
  await options.images.remove(new Set(crops));
  await dropRetiredAlertPartition(options.prisma, retired);
}
