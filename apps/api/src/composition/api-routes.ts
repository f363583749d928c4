import { apiClientsServiceFactory } from "../modules/api-clients/api-clients.services";
import { alertWebhooksServiceFactory } from "../modules/alert-webhooks/alert-webhooks.services";
import { cameraHealthServiceFactory } from "../modules/camera-health/camera-health.services";
import { axisIntegrationsServiceFactory } from "../modules/integrations/axis-integrations.services";
import { vendorImagesServiceFactory } from "../modules/images/vendor-images.services";
import { retentionServiceFactory } from "../modules/accountability/retention.services";
import { integrationsServiceFactory } from "../modules/integrations/integrations.services";
import { ownerAgenciesServiceFactory } from "../modules/owner/owner-agencies.services";
import { mfaServiceFactory } from "../modules/account/mfa.services";
import { endBuiltInSession } from "../identity/sessions.repository";
import { interactionRoutes } from "../identity/interactions.routes";
import { signInServiceFactory } from "../identity/sign-in.services";
import { mountOidcProvider } from "../identity/oidc-mount";
import { passwordResetRoutes } from "../modules/account/password-reset.routes";
import { createIdTokenVerifier } from "../identity/token-verifier";
import { accountRoutes } from "../modules/account/account.routes";
import { accountServiceFactory } from "../modules/account/account.services";
import { adminRoutes } from "../modules/admin/admin.routes";
import { adminServiceFactory } from "../modules/admin/admin.services";
import { mfaRoutes } from "../modules/account/mfa.routes";
import { auditRoutes } from "../modules/audit/audit.routes";
import { auditExportServiceFactory } from "../modules/audit/audit-export.service";
import { accountabilityRoutes } from "../modules/accountability/accountability.routes";
import { accountabilityServiceFactory } from "../modules/accountability/accountability.services";
import { legalHoldRoutes } from "../modules/accountability/legal-holds.routes";
import { retentionRoutes } from "../modules/accountability/retention.routes";
import { transparencyRoutes } from "../modules/accountability/transparency.routes";
import { createTransparency } from "../modules/accountability/transparency.service";
import { cameraHealthRoutes } from "../modules/camera-health/camera-health.routes";
import { cameraRoutes } from "../modules/cameras/cameras.routes";
import { camerasServiceFactory } from "../modules/cameras/cameras.service";
import { axisIntegrationRoutes } from "../modules/integrations/axis-integrations.routes";
import { integrationRoutes } from "../modules/integrations/integrations.routes";
import { ownerRoutes } from "../modules/owner/owner.routes";
import { ownerServiceFactory } from "../modules/owner/owner.services";
import { setupRoutes } from "../modules/setup/setup.routes";
import { setupServiceFactory } from "../modules/setup/setup.service";
import { ownerAgencyRoutes } from "../modules/owner/owner-agencies.routes";
import { appConfigRoutes } from "../modules/app-config/app-config.routes";
import { apiReferenceRoutes } from "../modules/api-reference/api-reference.routes";
import { exportRoutes } from "../modules/exports/exports.routes";
import { exportsServiceFactory } from "../modules/exports/exports.services";
import { geocodeRoutes } from "../modules/geocode/geocode.routes";
import { createReverseGeocoder, paceIntervalMs } from "../modules/geocode/reverse-geocoder";
import { createSharedPace } from "../modules/geocode/shared-pace";
import { hotlistRoutes } from "../modules/hotlists/hotlist.routes";
import { hotlistsServiceFactory } from "../modules/hotlists/hotlists.services";
import { agencyListRoutes } from "../modules/search/agency-lists.routes";
import { agencyListsServiceFactory } from "../modules/search/agency-lists.service";
import { searchRoutes } from "../modules/search/search.routes";
import { searchServiceFactory } from "../modules/search/search.services";
import { attachHotlists } from "../modules/search/hotlist-badges.repository";
import { createPageCursors } from "../modules/search/search-pages";
import { investigationRoutes } from "../modules/search/investigations.routes";
import { axonImageRoutes } from "../modules/images/axon-image.routes";
import { rekorImageRoutes } from "../modules/images/rekor-image.routes";
import { axisImageRoutes } from "../modules/images/axis-image.routes";
import { axisImagesServiceFactory } from "../modules/images/axis-images.service";
import { alertRoutes } from "../modules/alerts/alerts.routes";
import { alertsServiceFactory } from "../modules/alerts/alerts.service";
import { alertStreamRoutes } from "../modules/alerts/stream/alert-stream.routes";
import { alertStreamServiceFactory } from "../modules/alerts/stream/alert-stream";
import { alertDeliveryRoutes } from "../modules/alert-delivery/alert-delivery.routes";
import { alertDeliveryServiceFactory } from "../modules/alert-delivery/alert-delivery.services";
import { alertWebhookRoutes } from "../modules/alert-webhooks/alert-webhooks.routes";
import { scimRoutes } from "../modules/scim/scim.routes";
import { apiClientRoutes } from "../modules/api-clients/api-clients.routes";
import { lazyExportSigner } from "../modules/exports/export-signing";
import { createBlobStore } from "../storage/blob-store";
import { createSources } from "../sources/registry";
import { externalIdentityRoutes } from "../modules/external-identity/external-identity.routes";
import { createUserInfoFetcher } from "../identity/external/userinfo";
import { webAppPlugin } from "../plugins/web-app";
import type { FastifyInstance } from "fastify";
import { createAlertBus } from "../modules/alerts/stream/alert-bus";
import type { Infrastructure } from "./infrastructure";
import type { ReadReplicas } from "../lib/read-replicas";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Read-your-writes with read replicas (issue 42 item 1): a person's change that succeeded is marked
 * before the answer leaves, so their next reads go to the primary until a standby has replayed it.
 * The calls that read from a replica (searches; their audit row is not a change the person reads back)
 * are not marked. Nothing is done without replicas.
 */
function markPeoplesWrites(app: FastifyInstance, replicas: ReadReplicas): void {
  if (!replicas.configured) return;
  app.addHook("onSend", async (request, reply, payload) => {
    const config = request.routeOptions.config as { readsReplica?: boolean } | undefined;
    if (READS.has(request.method) || reply.statusCode >= 400 || !request.auth || config?.readsReplica) {
      return payload;
    }
    try {
      await replicas.markWrote(request.auth.user.id);
    } catch (error) {
      request.log.warn({ err: error }, "read replicas: a write could not be marked for read-your-writes");
    }
    return payload;
  });
}

/**
 * The calls of the screens and of other systems (ODIN_ROLE=api or all): every route plugin, each given
 * what it needs from the infrastructure. Routes build nothing: what they share (the sources, the record
 * references, the alert bus, the geocoder) is made here or in infrastructure.ts.
 */
export async function registerApiRoutes(app: FastifyInstance, infra: Infrastructure): Promise<void> {
  const { config, prisma, secrets, identityAdmin, mail, provider, idpRules, sourceDeps, recordRefs } = infra;
  const { images, axisIngest, vapidKeys, s3Client } = infra;
  const identity = config.identity;
  markPeoplesWrites(app, infra.replicas);
  await app.register(appConfigRoutes, { config });
  await app.register(apiReferenceRoutes, {
    publicUrl: config.publicUrl,
    issuer: identity.issuer,
    ...(identity.builtIn ? { clientTokenUrl: `${identity.issuer.replace(/\/+$/, "")}/token` } : {}),
  });
  const account = accountServiceFactory({
    database: prisma,
    mailer: mail,
    publicUrl: config.publicUrl,
    passwordMinLength: config.passwords.minLength,
    lockoutMs: config.lockoutMs,
    builtInIdentity: identity.builtIn,
    ...(provider ? { endProviderSession: endBuiltInSession(prisma) } : {}),
  });
  await app.register(accountRoutes, { account });
  const userAdmin = {
    prisma,
    identityAdmin,
    ownerUsername: config.ownerUsername,
    mailer: mail,
    publicUrl: config.publicUrl,
    lockoutMs: config.lockoutMs,
  };
  await app.register(adminRoutes, { admin: adminServiceFactory(userAdmin) });
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
    mfa: mfaServiceFactory({ prisma, secrets, builtIn: identity.builtIn, lockoutMs: config.lockoutMs }),
  });
  await app.register(ownerRoutes, { owner: ownerServiceFactory(userAdmin) });
  await app.register(setupRoutes, {
    setup: setupServiceFactory({
      prisma,
      ownerUsername: config.ownerUsername,
      odinKeepsPasswords: identityAdmin.odinKeepsPasswords,
      passwordMinLength: config.passwords.minLength,
    }),
  });
  await app.register(ownerAgencyRoutes, {
    ownerAgencies: ownerAgenciesServiceFactory({
      prisma,
      defaultRetentionDays: config.detections.retentionDays,
    }),
  });
  await app.register(integrationRoutes, {
    integrations: integrationsServiceFactory({ prisma, secrets, config }),
  });
  await app.register(cameraRoutes, { cameras: camerasServiceFactory(prisma) });
  await app.register(auditRoutes, {
    timeZone: config.exports.timeZone,
    replicas: infra.replicas,
    audit: auditExportServiceFactory(prisma),
  });
  const accountability = accountabilityServiceFactory(prisma);
  await app.register(accountabilityRoutes, { accountability, replicas: infra.replicas });
  const retentionDefaults = {
    readDays: config.detections.retentionDays,
    alertDays: config.alerts.retentionDays,
  };
  await app.register(retentionRoutes, {
    retention: retentionServiceFactory({ prisma, defaults: retentionDefaults }),
  });
  await app.register(legalHoldRoutes, { accountability });
  await app.register(transparencyRoutes, {
    accountability,
    transparency: createTransparency({
      prisma,
      retentionDefaults,
      cacheMs: config.transparency.cacheMs,
    }),
  });
  await app.register(agencyListRoutes, {
    lists: agencyListsServiceFactory({ database: prisma, publicUrl: config.publicUrl }),
  });
  const search = searchServiceFactory({
    prisma,
    refs: recordRefs,
    // The sources' scans read through the replicas' reader (issue 42 item 1): a standby when the
    // search runs in replicas.reading, the primary otherwise.
    sources: createSources({ ...sourceDeps, prisma: infra.replicas.reader }),
    sourceTimeoutMs: config.search.sourceTimeoutMs,
    maxResultsPerSource: config.search.maxResultsPerSource,
    // Paged answers (issue 21): cursors signed with a key of their own, valid on every replica.
    cursors: createPageCursors(secrets.derive("search-cursors")),
    // Investigations beyond one plate (issue 22): the same sources, limits and record references.
    investigations: config.search.investigations,
  });
  await app.register(searchRoutes, { search, replicas: infra.replicas });
  await app.register(investigationRoutes, { search, replicas: infra.replicas });
  // One geocoder (one cache, one limit on calls to the service) for the detail view and the reports.
  // Its pace (1 request/s for the public Nominatim) is kept in PostgreSQL, shared by every replica.
  const paceMs = paceIntervalMs(config.geocode.url);
  const geocoder = createReverseGeocoder({
    ...config.geocode,
    log: app.log,
    ...(paceMs > 0 ? { sharedPace: createSharedPace(prisma, "geocode", paceMs) } : {}),
  });
  await app.register(geocodeRoutes, { geocoder });
  const vendorImages = vendorImagesServiceFactory(sourceDeps);
  await app.register(rekorImageRoutes, { images: vendorImages });
  await app.register(axonImageRoutes, { images: vendorImages });
  await app.register(axisImageRoutes, { axisImages: axisImagesServiceFactory({ database: prisma, images }) });
  await app.register(exportRoutes, {
    exports: exportsServiceFactory({
      database: prisma,
      config,
      refs: recordRefs,
      log: app.log,
      hotlistHits: (actor, records) => attachHotlists(prisma, actor, records),
    }),
    images: { sources: sourceDeps, images },
    config,
    geocoder,
    signer: lazyExportSigner(prisma, secrets),
  });
  await app.register(hotlistRoutes, {
    hotlists: hotlistsServiceFactory({
      database: prisma,
      files: createBlobStore(config.storage, "hotlists", s3Client),
      publicUrl: config.publicUrl,
      attachmentKey: secrets.derive("hotlist-attachments"),
    }),
  });
  await app.register(axisIntegrationRoutes, {
    axisIntegrations: axisIntegrationsServiceFactory({
      prisma,
      publicUrl: config.publicUrl,
      silentAfterMinutes: config.cameras.silentAfterMinutes,
      forgetIntegration: axisIngest.forget,
    }),
  });
  await app.register(cameraHealthRoutes, {
    cameraHealth: cameraHealthServiceFactory({
      prisma,
      silentAfterMinutes: config.cameras.silentAfterMinutes,
    }),
  });
  await app.register(alertRoutes, { alerts: alertsServiceFactory({ prisma, images, sources: sourceDeps }) });
  // The live alert streams: one bus per process, on the process's one LISTEN connection.
  const bus = createAlertBus({ prisma, announcements: infra.announcements, log: app.log });
  app.addHook("onReady", async () => bus.start());
  // Before the server closes: an open stream would hold it open.
  app.addHook("preClose", () => bus.close());
  // The contract's keep-alive: a `: ping` comment every 15 s.
  await app.register(alertStreamRoutes, {
    alertStream: alertStreamServiceFactory({ prisma, bus, pingMs: 15_000 }),
  });
  await app.register(alertDeliveryRoutes, {
    delivery: alertDeliveryServiceFactory({
      prisma,
      secrets,
      vapidKeys,
      mobilePlatforms: { fcm: Boolean(config.push.fcm), apns: Boolean(config.push.apns) },
    }),
  });
  await app.register(alertWebhookRoutes, {
    alertWebhooks: alertWebhooksServiceFactory({
      prisma,
      secrets,
      publicUrl: config.publicUrl,
      timeoutMs: config.alerts.delivery.webhookTimeoutMs,
    }),
  });
  await app.register(scimRoutes, { deps: userAdmin });
  await app.register(apiClientRoutes, {
    apiClients: apiClientsServiceFactory({ prisma, secrets, identity }),
  });
  if (provider) {
    await app.register(interactionRoutes, {
      provider,
      clientId: identity.clientId,
      signIn: signInServiceFactory({
        database: prisma,
        secrets,
        lockoutMs: config.lockoutMs,
        signInLimit: config.signInFailuresPerAddress,
      }),
    });
    await app.register(passwordResetRoutes, { publicUrl: config.publicUrl, account });
    await app.register(mountOidcProvider, { provider, publicUrl: config.publicUrl });
  }
  await app.register(webAppPlugin, { distDir: config.webDistDir });
}
