import type { FastifyInstance, FastifyReply } from "fastify";
import type { Dataset } from "../data/dataset";
import { compilePlateQuery } from "../data/plate-query";
import type { RekorRead } from "../data/reads";
import { DEMO_REKOR_AGENTS } from "../demo-credentials";
import { createSimulatorApp, parseCount, parseInstant, type SimulatorAppOptions } from "../http/base-app";
import type { ImageRenderer } from "../images";
import { toRekorSearchRow } from "./rekor.payload";

export interface RekorAppOptions extends SimulatorAppOptions {
  dataset: Dataset;
  images: ImageRenderer;
  /** api_key → agent_uid; the demo agencies' keys by default. */
  apiKeys?: ReadonlyMap<string, string>;
}

export const REKOR_DEFAULT_TOPN = 1000;
export const REKOR_MAX_TOPN = 10_000;

type Query = Record<string, string | undefined>;

/**
 * A Rekor Scout web server: plate search and images, each key seeing only its own agent's reads.
 * Errors answer like Rekor's Django REST API, as `{ "detail": "..." }`.
 */
export function buildRekorApp(options: RekorAppOptions): FastifyInstance {
  const { app } = createSimulatorApp(options);
  const { dataset, images } = options;
  const keys =
    options.apiKeys ?? new Map(DEMO_REKOR_AGENTS.map((agent) => [agent.apiKey, agent.agentUid] as const));
  const agentOf = (query: Query, reply: FastifyReply): string | undefined => {
    const agent = query.api_key ? keys.get(query.api_key) : undefined;
    if (!agent) void reply.code(401).send({ detail: "Invalid or missing api_key" });
    return agent;
  };

  app.get("/api/search/plate", async (request, reply) => {
    const query = request.query as Query;
    const agent = agentOf(query, reply);
    if (!agent) return reply;
    const start = parseInstant(query.start);
    const end = parseInstant(query.end);
    const topn = parseCount(query.topn);
    const order = query.order ?? "desc";
    if (start === null) return badRequest(reply, "start must be an ISO 8601 date-time");
    if (end === null) return badRequest(reply, "end must be an ISO 8601 date-time");
    if (topn === null || topn === 0) return badRequest(reply, "topn must be a positive integer");
    if (order !== "desc" && order !== "asc") return badRequest(reply, "order must be desc or asc");

    const matchesPlate = compilePlateQuery(query.plate);
    const matchesSite = (read: RekorRead) =>
      !query.site || query.site === read.camera.siteName || query.site === String(read.camera.siteId);
    const matchesCamera = (read: RekorRead) =>
      !query.camera ||
      query.camera === String(read.camera.cameraId) ||
      query.camera === String(read.camera.pk);
    const found = dataset
      .rekor()
      .filter(
        (read) =>
          read.camera.agent.agentUid === agent &&
          (start === undefined || read.capturedAt >= start) &&
          (end === undefined || read.capturedAt <= end) &&
          matchesPlate(read.plate) &&
          matchesSite(read) &&
          matchesCamera(read),
      );
    // Reads are kept newest first; "asc" wants the oldest first.
    if (order === "asc") found.reverse();
    return found.slice(0, Math.min(topn ?? REKOR_DEFAULT_TOPN, REKOR_MAX_TOPN)).map(toRekorSearchRow);
  });

  app.get<{ Params: { agentUid: string; imageUuid: string } }>(
    "/img/:agentUid/:imageUuid",
    async (request, reply) => {
      const query = request.query as Query;
      const agent = agentOf(query, reply);
      if (!agent) return reply;
      const uuid = request.params.imageUuid.replace(/\.jpe?g$/i, "");
      const read = dataset.findRead("rekor", uuid);
      if (!read || agent !== request.params.agentUid || read.camera.agent.agentUid !== agent)
        return reply.code(404).send({ detail: "Image not found" });

      const crop = ["x", "y", "width", "height"].map((name) => parseCount(query[name]));
      const given = crop.filter((value) => value !== undefined);
      let jpeg: Buffer | undefined;
      if (given.length === 0) jpeg = await images.vehicleImage(read);
      else {
        const [x, y, width, height] = crop;
        if (given.length !== 4 || crop.some((value) => typeof value !== "number"))
          return badRequest(reply, "crop needs x, y, width and height as non-negative integers");
        jpeg = await images.crop(read, { x: x ?? 0, y: y ?? 0, width: width ?? 0, height: height ?? 0 });
        if (!jpeg) return badRequest(reply, "The crop lies outside the image");
      }
      return reply.type("image/jpeg").header("cache-control", "private, max-age=3600").send(jpeg);
    },
  );

  return app;
}

function badRequest(reply: FastifyReply, detail: string): FastifyReply {
  return reply.code(400).send({ detail });
}
