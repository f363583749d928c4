import { axisIngestRoutes } from "../modules/ingest/axis-ingest.routes";
import { rekorWebhookRoutes } from "../modules/ingest/rekor-webhook.routes";
import { createRekorWebhook } from "../modules/ingest/rekor-webhook";
import type { FastifyInstance } from "fastify";
import type { Infrastructure } from "./infrastructure";

/** The cameras' and vendors' pushes (ODIN_ROLE=ingest or all), each with its own token. */
export async function registerIngestRoutes(app: FastifyInstance, infra: Infrastructure): Promise<void> {
  const { config, prisma, images, axisIngest } = infra;
  await app.register(axisIngestRoutes, {
    ingest: axisIngest,
    maxEventBytes: config.detections.ingestMaxBytes,
  });
  await app.register(rekorWebhookRoutes, { webhook: createRekorWebhook({ prisma, images }) });
}
