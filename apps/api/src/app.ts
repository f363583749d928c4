import { randomUUID } from "node:crypto";
import cookie from "@fastify/cookie";
import type { PrismaClient } from "@odin/db";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config/env";
import { healthRoutes } from "./modules/health/health.routes";
import { errorHandlerPlugin } from "./plugins/error-handler";
import { prismaPlugin } from "./plugins/prisma";
import { securityPlugin } from "./plugins/security";
import { webAppPlugin } from "./plugins/web-app";

export interface AppDependencies {
  config: Config;
  prisma: PrismaClient;
  logger?: FastifyServerOptions["logger"];
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Builds the whole API from its dependencies; server.ts listens, tests call app.inject(). */
export async function buildApp({ config, prisma, logger }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.isProduction,
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
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { rateLimitPerMinute: config.rateLimitPerMinute });
  await app.register(cookie);
  await app.register(prismaPlugin, { prisma });

  await app.register(healthRoutes);

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}
