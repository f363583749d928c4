import type { PrismaClient } from "@odin/db";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    prisma: PrismaClient;
  }
}

/** Makes the Prisma client (built by the caller, so tests pass their own) available as app.prisma. */
export const prismaPlugin = fp<{ prisma: PrismaClient }>(
  async (app: FastifyInstance, { prisma }) => {
    app.decorate("prisma", prisma);
  },
  { name: "odin-prisma" },
);
