import { randomUUID } from "node:crypto";
import path from "node:path";
import cookie from "@fastify/cookie";
import type { PrismaClient, SecretBox } from "@odin/db";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config, OdinRole } from "./config/env";
import { endBuiltInSession } from "./identity/sessions.repository";
import { interactionRoutes } from "./identity/interactions.routes";
import { mountOidcProvider } from "./identity/oidc-mount";
import { passwordResetRoutes } from "./modules/account/password-reset.routes";
import { createOidcProvider } from "./identity/built-in-provider";
import { loadPublicJwks } from "./identity/signing-keys";
import { createIdTokenVerifier, createTokenVerifier } from "./identity/token-verifier";
import { createMailer, type Mailer } from "./mail/mailer";
import { accountRoutes } from "./modules/account/account.routes";
import { adminRoutes } from "./modules/admin/admin.routes";
import { mfaRoutes } from "./modules/account/mfa.routes";
import { auditRoutes } from "./modules/audit/audit.routes";
import { accountabilityRoutes } from "./modules/accountability/accountability.routes";
import { legalHoldRoutes } from "./modules/accountability/legal-holds.routes";
import { retentionRoutes } from "./modules/accountability/retention.routes";
import { transparencyRoutes } from "./modules/accountability/transparency.routes";
import { createTransparency } from "./modules/accountability/transparency.service";
import { cameraHealthRoutes } from "./modules/camera-health/camera-health.routes";
import { cameraRoutes } from "./modules/cameras/cameras.routes";
import { axisIntegrationRoutes } from "./modules/integrations/axis-integrations.routes";
import { integrationRoutes } from "./modules/integrations/integrations.routes";
import { ownerRoutes } from "./modules/owner/owner.routes";
import { setupRoutes } from "./modules/setup/setup.routes";
import { ownerAgencyRoutes } from "./modules/owner/owner-agencies.routes";
import { createIdentityAdmin, type IdentityAdmin } from "./identity/idp-admin/identity-admin";
import { appConfigRoutes } from "./modules/app-config/app-config.routes";
import { apiReferenceRoutes } from "./modules/api-reference/api-reference.routes";
import { exportRoutes } from "./modules/exports/exports.routes";
import { geocodeRoutes } from "./modules/geocode/geocode.routes";
import { createReverseGeocoder, paceIntervalMs } from "./modules/geocode/reverse-geocoder";
import { createSharedPace } from "./modules/geocode/shared-pace";
import { healthRoutes } from "./modules/health/health.routes";
import { hotlistRoutes } from "./modules/hotlists/hotlist.routes";
import { agencyListRoutes } from "./modules/search/agency-lists.routes";
import { searchRoutes } from "./modules/search/search.routes";
import { createPageCursors } from "./modules/search/search-pages";
import { investigationRoutes } from "./modules/search/investigations.routes";
import { axonImageRoutes } from "./modules/images/axon-image.routes";
import { rekorImageRoutes } from "./modules/images/rekor-image.routes";
import { axonPollingJob } from "./jobs/axon-poller";
import { monthlyPartitionsJob } from "./jobs/monthly-partitions";
import { detectionPartitionsJob } from "./jobs/detection-partitions";
import { detectionRetentionJob } from "./jobs/detection-retention";
import { expiredRowsPurgeJob } from "./jobs/expired-rows-purge";
import { sharedRateLimitStore } from "./plugins/shared-rate-limit-store";
import { scheduleJob, type JobDefinition, type ScheduledJob } from "./jobs/scheduler";
import { skeletonIndexJob } from "./jobs/skeleton-index";
import { axisImageRoutes } from "./modules/images/axis-image.routes";
import { axisIngestRoutes } from "./modules/ingest/axis-ingest.routes";
import { rekorWebhookRoutes } from "./modules/ingest/rekor-webhook.routes";
import { alertRoutes } from "./modules/alerts/alerts.routes";
import { alertStreamRoutes } from "./modules/alerts/stream/alert-stream.routes";
import { alertDeliveryRoutes } from "./modules/alert-delivery/alert-delivery.routes";
import { createDeliveryWorker } from "./delivery/delivery-worker";
import { createEmailChannel } from "./delivery/email-channel";
import { createMobilePushChannel } from "./delivery/mobile-push-channel";
import { createVapidKeySource } from "./delivery/vapid-keys";
import { createWebPushChannel } from "./delivery/web-push-channel";
import { createWebhookChannel } from "./delivery/webhook-channel";
import { alertWebhookRoutes } from "./modules/alert-webhooks/alert-webhooks.routes";
import { scimRoutes } from "./modules/scim/scim.routes";
import { apiClientRoutes } from "./modules/api-clients/api-clients.routes";
import { createAxisIngest } from "./modules/ingest/axis-ingest";
import { createRekorWebhook } from "./modules/ingest/rekor-webhook";
import { createImageHandles } from "./sources/image-handle";
import { lazyExportSigner } from "./modules/exports/export-signing";
import { createRecordRefs } from "./modules/exports/record-refs";
import { createImageStore } from "./storage/image-store";
import { createBlobStore, createS3Client } from "./storage/blob-store";
import { createSources, type SourceDeps } from "./sources/registry";
import { authPlugin } from "./plugins/authenticate";
import { externalIdentityRoutes } from "./modules/external-identity/external-identity.routes";
import { createManagedAccountCheck, createRuleCache } from "./identity/external/managed-accounts";
import { createUserInfoFetcher } from "./identity/external/userinfo";
import { errorHandlerPlugin } from "./plugins/error-handler";
import { multipartPlugin } from "./plugins/multipart";
import { prismaPlugin } from "./plugins/prisma";
import { securityPlugin } from "./plugins/security";
import { textGuardPlugin } from "./plugins/text-guard";
import { webAppPlugin } from "./plugins/web-app";
import { setOutboundPolicy } from "./lib/outbound-http";

export interface AppDependencies {
  config: Config;
  prisma: PrismaClient;
  /** Seals vendor secrets and the provider's keys at rest; derives cookie and handle keys. */
  secrets: SecretBox;
  mailer?: Mailer;
  /** Creates accounts and sets passwords at the identity provider; from config.identityAdmin by default. */
  identityAdmin?: IdentityAdmin;
  logger?: FastifyServerOptions["logger"];
  /**
   * The database URL when config has none (server.ts with the embedded PostgreSQL): the live alerts
   * listen on a connection of their own.
   */
  databaseUrl?: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The background jobs this process takes part in (none unless ODIN_ROLE is all or worker). */
    scheduledJobs: readonly string[];
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Builds the whole API from its dependencies; server.ts listens, tests call app.inject() or listen. */
export async function buildApp({
  config,
  prisma,
  secrets,
  mailer,
  identityAdmin = createIdentityAdmin(config.identityAdmin),
  logger,
  databaseUrl = config.databaseUrl,
}: AppDependencies): Promise<FastifyInstance> {
  if (!databaseUrl) throw new Error("buildApp needs the database URL (config or dependencies)");
  const listenUrl: string = databaseUrl;
  setOutboundPolicy(config.outbound);
  // Issue 24 item 4: one VAPID key pair for the routes (the browser subscribes with it) and the channel.
  const vapidKeys = createVapidKeySource({ prisma, secrets, configured: config.push.webPush.vapid });
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // Forwarded headers are believed only from the proxies TRUST_PROXY names (none by default).
    trustProxy: config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    // Keep a caller's request id (a proxy's or a client's) when it is sane, otherwise make one.
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    // API answers hold agency data: never stored by a browser or a proxy unless a route says otherwise
    // (the web app's files, pictures, the sign-in pages set their own).
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });

  const identity = config.identity;
  // One S3 client (one connection pool) for every file area, when the files are in a bucket.
  const s3Client = config.storage.kind === "s3" ? createS3Client(config.storage) : undefined;
  app.addHook("onClose", async () => s3Client?.destroy());
  const runs = roleRuns(config.role);
  // The sign-in pages belong to the screens' role; an ingest or worker process signs nobody in.
  const provider =
    identity.builtIn && runs.api ? await createOidcProvider({ config, prisma, secrets }) : undefined;
  // The built-in provider's keys come from the database, reloaded when a token names a key rotated on
  // another replica; an external issuer's from its JWKS.
  const verifyToken = createTokenVerifier(
    identity,
    identity.builtIn ? () => loadPublicJwks(prisma) : undefined,
  );

  await app.register(errorHandlerPlugin);
  await app.register(textGuardPlugin);
  await app.register(securityPlugin, {
    rateLimitPerMinute: config.rateLimitPerMinute,
    rateLimitStore: sharedRateLimitStore(prisma),
    tileUrls: [config.map.darkTileUrl, config.map.lightTileUrl],
    connectOrigins: config.identity.builtIn ? [] : [new URL(config.identity.issuer).origin],
    publicUrl: config.publicUrl,
  });
  await app.register(cookie);
  await app.register(multipartPlugin, { maxFileBytes: config.uploads.maxFileBytes });
  await app.register(prismaPlugin, { prisma });
  // Issue 34: the owner's mapping rules (identity provider claims → agency and role), read every few seconds.
  const idpRules = createRuleCache(prisma);
  await app.register(authPlugin, {
    verifyToken,
    ownerUsername: config.ownerUsername,
    builtIn: identity.builtIn,
    sessions: config.sessions,
    checkManagedAccount: createManagedAccountCheck(prisma, idpRules),
  });

  await app.register(healthRoutes);
  const sourceDeps: SourceDeps = {
    prisma,
    secrets,
    handles: createImageHandles(secrets.derive("image-handles")),
    defaultRetentionDays: config.detections.retentionDays,
    statementTimeoutMs: config.search.sourceTimeoutMs,
  };
  const recordRefs = createRecordRefs({
    prisma,
    key: secrets.derive("record-refs"),
    handles: sourceDeps.handles,
  });
  const images = createImageStore(createBlobStore(config.storage, "images", s3Client));
  const axisIngest = createAxisIngest({ prisma, images });

  // ODIN_ROLE=ingest (or all): the cameras' and vendors' pushes.
  if (runs.ingest) {
    await app.register(axisIngestRoutes, {
      ingest: axisIngest,
      maxEventBytes: config.detections.ingestMaxBytes,
    });
    await app.register(rekorWebhookRoutes, { webhook: createRekorWebhook({ prisma, images }) });
  }
  const mail = mailer ?? createMailer({ ...config.mail, outboxDir: path.join(config.dataDir, "outbox") });
  // ODIN_ROLE=api (or all): everything the screens and users call.
  if (runs.api) await registerApiRoutes();
  async function registerApiRoutes(): Promise<void> {
    await app.register(appConfigRoutes, { config });
    await app.register(apiReferenceRoutes, {
      publicUrl: config.publicUrl,
      issuer: identity.issuer,
      ...(identity.builtIn ? { clientTokenUrl: `${identity.issuer.replace(/\/+$/, "")}/token` } : {}),
    });
    await app.register(accountRoutes, {
      mailer: mail,
      publicUrl: config.publicUrl,
      passwordMinLength: config.passwords.minLength,
      lockoutMs: config.lockoutMs,
      builtInIdentity: identity.builtIn,
      ...(provider ? { endProviderSession: endBuiltInSession(prisma) } : {}),
    });
    const userAdmin = {
      prisma,
      identityAdmin,
      ownerUsername: config.ownerUsername,
      mailer: mail,
      publicUrl: config.publicUrl,
      lockoutMs: config.lockoutMs,
    };
    await app.register(adminRoutes, { deps: userAdmin });
    await app.register(externalIdentityRoutes, {
      link: identity.builtIn
        ? null
        : {
            prisma,
            verifyIdToken: createIdTokenVerifier(identity),
            userInfo: createUserInfoFetcher(identity.issuer),
            rules: idpRules,
            ownerUsername: config.ownerUsername,
            issuer: identity.issuer,
          },
      deps: {
        prisma,
        ownerUsername: config.ownerUsername,
        externalIssuer: !identity.builtIn,
        rules: idpRules,
      },
    });
    await app.register(mfaRoutes, {
      deps: { prisma, secrets, builtIn: identity.builtIn, lockoutMs: config.lockoutMs },
    });
    await app.register(ownerRoutes, { deps: userAdmin });
    await app.register(setupRoutes, {
      deps: {
        prisma,
        ownerUsername: config.ownerUsername,
        odinKeepsPasswords: identityAdmin.odinKeepsPasswords,
        passwordMinLength: config.passwords.minLength,
      },
    });
    await app.register(ownerAgencyRoutes, {
      deps: { prisma, defaultRetentionDays: config.detections.retentionDays },
    });
    await app.register(integrationRoutes, { deps: { prisma, secrets, config } });
    await app.register(cameraRoutes);
    await app.register(auditRoutes, { timeZone: config.exports.timeZone });
    await app.register(accountabilityRoutes);
    const retentionDefaults = {
      readDays: config.detections.retentionDays,
      alertDays: config.alerts.retentionDays,
    };
    await app.register(retentionRoutes, { deps: { prisma, defaults: retentionDefaults } });
    await app.register(legalHoldRoutes);
    await app.register(transparencyRoutes, {
      transparency: createTransparency({
        prisma,
        retentionDefaults,
        cacheMs: config.transparency.cacheMs,
      }),
    });
    await app.register(agencyListRoutes, { publicUrl: config.publicUrl });
    const searchOptions = {
      refs: recordRefs,
      sources: createSources(sourceDeps),
      sourceTimeoutMs: config.search.sourceTimeoutMs,
      maxResultsPerSource: config.search.maxResultsPerSource,
      // Paged answers (issue 21): cursors signed with a key of their own, valid on every replica.
      cursors: createPageCursors(secrets.derive("search-cursors")),
    };
    await app.register(searchRoutes, searchOptions);
    // Investigations beyond one plate (issue 22): the same sources, limits and record references.
    await app.register(investigationRoutes, {
      ...searchOptions,
      investigations: config.search.investigations,
    });
    // One geocoder (one cache, one limit on calls to the service) for the detail view and the reports.
    // Its pace (1 request/s for the public Nominatim) is kept in PostgreSQL, shared by every replica.
    const paceMs = paceIntervalMs(config.geocode.url);
    const geocoder = createReverseGeocoder({
      ...config.geocode,
      log: app.log,
      ...(paceMs > 0 ? { sharedPace: createSharedPace(prisma, "geocode", paceMs) } : {}),
    });
    await app.register(geocodeRoutes, { geocoder });
    await app.register(rekorImageRoutes, { deps: sourceDeps });
    await app.register(axonImageRoutes, { deps: sourceDeps });
    await app.register(axisImageRoutes, { images });
    await app.register(exportRoutes, {
      images: { sources: sourceDeps, images },
      config,
      geocoder,
      refs: recordRefs,
      signer: lazyExportSigner(prisma, secrets),
    });
    await app.register(hotlistRoutes, {
      files: createBlobStore(config.storage, "hotlists", s3Client),
      publicUrl: config.publicUrl,
      attachmentKey: secrets.derive("hotlist-attachments"),
    });
    await app.register(axisIntegrationRoutes, {
      deps: {
        prisma,
        publicUrl: config.publicUrl,
        silentAfterMinutes: config.cameras.silentAfterMinutes,
        forgetIntegration: axisIngest.forget,
      },
    });
    await app.register(cameraHealthRoutes, {
      deps: { prisma, silentAfterMinutes: config.cameras.silentAfterMinutes },
    });
    await app.register(alertRoutes, { images, sources: sourceDeps });
    await app.register(alertStreamRoutes, { databaseUrl: listenUrl });
    await app.register(alertDeliveryRoutes, {
      deps: {
        prisma,
        secrets,
        vapidKeys,
        mobilePlatforms: { fcm: Boolean(config.push.fcm), apns: Boolean(config.push.apns) },
      },
    });
    await app.register(alertWebhookRoutes, {
      deps: {
        prisma,
        secrets,
        publicUrl: config.publicUrl,
        timeoutMs: config.alerts.delivery.webhookTimeoutMs,
      },
    });
    await app.register(scimRoutes, { deps: userAdmin });
    await app.register(apiClientRoutes, { deps: { prisma, secrets, identity } });
    if (provider) {
      await app.register(interactionRoutes, {
        provider,
        clientId: identity.clientId,
        secrets,
        lockoutMs: config.lockoutMs,
        signInLimit: config.signInFailuresPerAddress,
      });
      await app.register(passwordResetRoutes, {
        publicUrl: config.publicUrl,
        passwordMinLength: config.passwords.minLength,
      });
      await app.register(mountOidcProvider, { provider, publicUrl: config.publicUrl });
    }
    await app.register(webAppPlugin, { distDir: config.webDistDir });
  }
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
        ...(config.alerts.axonPollIntervalMs > 0
          ? [axonPollingJob({ deps: sourceDeps, intervalMs: config.alerts.axonPollIntervalMs, log: app.log })]
          : []),
      ];
  // Issue 24: worker processes (ODIN_ROLE=worker or all) deliver the queued alerts they can claim (delivery/).
  if (runs.jobs) {
    const mobilePush = createMobilePushChannel({ prisma, push: config.push, publicUrl: config.publicUrl });
    const deliveries = createDeliveryWorker({
      prisma,
      databaseUrl: listenUrl,
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
  return app;
}

/** What a process of each ODIN_ROLE runs (README, docs/self-hosting.md "More than one API process"). */
export function roleRuns(role: OdinRole): { api: boolean; ingest: boolean; jobs: boolean } {
  return {
    api: role === "all" || role === "api",
    ingest: role === "all" || role === "ingest",
    jobs: role === "all" || role === "worker",
  };
}
