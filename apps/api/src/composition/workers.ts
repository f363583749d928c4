import { axonPollingJob } from "../jobs/axon-poller";
import { cameraSilenceJob } from "../jobs/camera-silence";
import { monthlyPartitionsJob } from "../jobs/monthly-partitions";
import { detectionPartitionsJob } from "../jobs/detection-partitions";
import { detectionRetentionJob } from "../jobs/detection-retention";
import { expiredRowsPurgeJob } from "../jobs/expired-rows-purge";
import { scheduleJob, type JobDefinition, type ScheduledJob } from "../jobs/scheduler";
import { skeletonIndexJob } from "../jobs/skeleton-index";
import { createDeliveryWorker } from "../delivery/delivery-worker";
import { createEmailChannel } from "../delivery/email-channel";
import { createMobilePushChannel } from "../delivery/mobile-push-channel";
import { createWebPushChannel } from "../delivery/web-push-channel";
import { createWebhookChannel } from "../delivery/webhook-channel";
import type { FastifyInstance } from "fastify";
import type { Infrastructure } from "./infrastructure";

/**
 * The background work (ODIN_ROLE=worker or all): the scheduled jobs, each run once per interval across
 * every replica (jobs/scheduler.ts), and the alert delivery worker (delivery/). A process of another
 * role declares no job (`app.scheduledJobs` is empty).
 */
export function registerWorkers(app: FastifyInstance, infra: Infrastructure, runs: { jobs: boolean }): void {
  const { config, prisma, secrets, mail, images, sourceDeps, recordRefs, vapidKeys } = infra;
  // ODIN_ROLE=worker (or all): background jobs, each run once per interval across every replica
  // (jobs/scheduler.ts).
  const jobs: JobDefinition[] = !runs.jobs
    ? []
    : [
        detectionRetentionJob({
          prisma,
          images,
          retentionDays: config.detections.retentionDays,
          alertRetentionDays: config.alerts.retentionDays,
        }),
        expiredRowsPurgeJob(prisma),
        detectionPartitionsJob(prisma, config.detections.partition),
        monthlyPartitionsJob(prisma),
        {
          // Search snapshots (the Rekor and Axon answers exports are printed from) live a few hours.
          name: "search-snapshot-purge",
          intervalMs: 15 * 60_000,
          run: async () => {
            const purged = await recordRefs.purge();
            return purged > 0 ? { purged } : undefined;
          },
        },
        ...(config.search.similarIndexIntervalMs > 0
          ? [skeletonIndexJob(prisma, config.search.similarIndexIntervalMs)]
          : []),
        ...(config.cameras.silentAlertAfterHours > 0
          ? [
              cameraSilenceJob({
                prisma,
                secrets,
                mailer: mail,
                publicUrl: config.publicUrl,
                silentAlertAfterHours: config.cameras.silentAlertAfterHours,
                webhookTimeoutMs: config.alerts.delivery.webhookTimeoutMs,
              }),
            ]
          : []),
        ...(config.alerts.axonPollIntervalMs > 0
          ? [axonPollingJob({ deps: sourceDeps, intervalMs: config.alerts.axonPollIntervalMs, log: app.log })]
          : []),
      ];
  // Issue 24: worker processes (ODIN_ROLE=worker or all) deliver the queued alerts they can claim (delivery/).
  if (runs.jobs) {
    const mobilePush = createMobilePushChannel({ prisma, push: config.push, publicUrl: config.publicUrl });
    const deliveries = createDeliveryWorker({
      prisma,
      announcements: infra.announcements,
      policy: config.alerts.delivery,
      log: app.log,
      channels: {
        email: createEmailChannel({ prisma, mailer: mail, images, publicUrl: config.publicUrl }),
        webhook: createWebhookChannel({
          prisma,
          secrets,
          mailer: mail,
          publicUrl: config.publicUrl,
          timeoutMs: config.alerts.delivery.webhookTimeoutMs,
          disableAfterFailures: config.alerts.delivery.webhookDisableAfterFailures,
        }),
        web_push: createWebPushChannel({
          prisma,
          secrets,
          vapidKeys,
          subject: config.push.webPush.subject,
          publicUrl: config.publicUrl,
          timeoutMs: config.push.timeoutMs,
        }),
        mobile_push: mobilePush,
      },
    });
    app.addHook("onReady", async () => deliveries.start());
    app.addHook("preClose", async () => {
      await deliveries.stop();
      mobilePush.close();
    });
  }
  app.decorate("scheduledJobs", Object.freeze(jobs.map((job) => job.name)));
  let scheduled: ScheduledJob[] = [];
  app.addHook("onReady", async () => {
    scheduled = jobs.map((job) => scheduleJob(prisma, job, app.log));
  });
  app.addHook("onClose", async () => {
    await Promise.all(scheduled.map((job) => job.stop()));
  });
}
