import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import cookie from "@fastify/cookie";
import type { PrismaClient, SecretBox } from "@odin/db";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { registerApiRoutes } from "./composition/api-routes";
import { createInfrastructure } from "./composition/infrastructure";
import { registerIngestRoutes } from "./composition/ingest-routes";
import { registerWorkers } from "./composition/workers";
import type { Config, OdinRole } from "./config/env";
import { createManagedAccountCheck } from "./identity/external/managed-accounts";
import { createIdentityAdmin, type IdentityAdmin } from "./identity/idp-admin/identity-admin";
import { setOutboundPolicy } from "./lib/outbound-http";
import type { Mailer } from "./mail/mailer";
import { healthRoutes } from "./modules/health/health.routes";
import { pingDatabase } from "./modules/health/health.repository";
import { authPlugin } from "./plugins/authenticate";
import { errorHandlerPlugin } from "./plugins/error-handler";
import { multipartPlugin } from "./plugins/multipart";
import { securityPlugin } from "./plugins/security";
import { sharedRateLimitStore } from "./plugins/shared-rate-limit-store";
import { textGuardPlugin } from "./plugins/text-guard";

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

/**
 * Builds the whole API from its dependencies; server.ts listens, tests call app.inject() or listen. The
 * composition root in parts (src/composition/): the shared infrastructure, then the routes and the
 * background work of this process's role.
 */
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
  setOutboundPolicy(config.outbound);
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

  closeUnusedConnectionsOnClose(app.server, app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    // API answers hold agency data: never stored by a browser or a proxy unless a route says otherwise
    // (the web app's files, pictures, the sign-in pages set their own).
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });

  const runs = roleRuns(config.role);
  const infra = await createInfrastructure({
    config,
    prisma,
    secrets,
    identityAdmin,
    ...(mailer ? { mailer } : {}),
    databaseUrl,
    signsIn: runs.api,
    log: app.log,
  });
  // Last: after the parts' own onClose hooks (the jobs, the deliveries) stopped using it.
  app.addHook("onClose", async () => infra.close());

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
  await app.register(authPlugin, {
    database: prisma,
    verifyToken: infra.verifyToken,
    ownerUsername: config.ownerUsername,
    builtIn: config.identity.builtIn,
    sessions: config.sessions,
    checkManagedAccount: createManagedAccountCheck(prisma, infra.idpRules),
  });
  await app.register(healthRoutes, { pingDatabase: () => pingDatabase(prisma) });

  // ODIN_ROLE=ingest (or all): the cameras' and vendors' pushes.
  if (runs.ingest) await registerIngestRoutes(app, infra);
  // ODIN_ROLE=api (or all): everything the screens and users call.
  if (runs.api) await registerApiRoutes(app, infra);
  // ODIN_ROLE=worker (or all): background jobs and alert deliveries.
  registerWorkers(app, infra, runs);
  return app;
}

/**
 * At shutdown, the connections that never carried a request are closed at once. Fastify closes idle
 * keep-alive connections (`forceCloseConnections: "idle"`), but Node counts a connection that never
 * sent a request as neither idle nor busy: a browser's preconnect, or an HTTP client's spare socket,
 * held the process's exit for the keep-alive timeout (72 s), past an orchestrator's grace period.
 * Requests under way still finish.
 */
function closeUnusedConnectionsOnClose(
  server: FastifyInstance["server"],
  app: { addHook(name: "preClose", hook: () => Promise<void>): unknown },
): void {
  const unused = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    unused.add(socket);
    socket.once("close", () => unused.delete(socket));
  });
  server.on("request", (request: { socket: Socket }) => unused.delete(request.socket));
  app.addHook("preClose", async () => {
    for (const socket of unused) socket.destroy();
  });
}

/** What a process of each ODIN_ROLE runs (README, docs/self-hosting.md "More than one API process"). */
export function roleRuns(role: OdinRole): { api: boolean; ingest: boolean; jobs: boolean } {
  return {
    api: role === "all" || role === "api",
    ingest: role === "all" || role === "ingest",
    jobs: role === "all" || role === "worker",
  };
}
