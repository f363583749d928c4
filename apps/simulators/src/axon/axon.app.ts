import { createHash } from "node:crypto";
import { US_STATES } from "@odin/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Dataset } from "../data/dataset";
import { compilePlateQuery } from "../data/plate-query";
import { DEMO_AXON_CLIENT } from "../demo-credentials";
import { createSimulatorApp, parseCount, parseInstant, type SimulatorAppOptions } from "../http/base-app";
import type { ImageRenderer } from "../images";
import { AXON_READS_PATH, toAxonRead, type AxonReadsPage } from "./axon.payload";
import { AxonTokenStore, type AxonClient } from "./axon.tokens";

export interface AxonAppOptions extends SimulatorAppOptions {
  dataset: Dataset;
  images: ImageRenderer;
  /** API clients; the demo client by default. The generated reads belong to `readsPartnerId`. */
  clients?: readonly AxonClient[];
  readsPartnerId?: string;
  tokenTtlSeconds?: number;
  clock?: () => number;
}

export const AXON_DEFAULT_LIMIT = 100;
export const AXON_MAX_LIMIT = 500;

type Query = Record<string, string | undefined>;

/** The assumed Axon API (docs/vendors/axon.md): OAuth client credentials, paged ALPR reads, images. */
export function buildAxonApp(options: AxonAppOptions): FastifyInstance {
  const { app } = createSimulatorApp(options);
  const { dataset, images } = options;
  const tokens = new AxonTokenStore(
    options.clients ?? [DEMO_AXON_CLIENT],
    options.tokenTtlSeconds,
    options.clock,
  );
  const readsPartner = options.readsPartnerId ?? DEMO_AXON_CLIENT.partnerId;

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post("/api/oauth2/token", async (request, reply) => {
    const form = (typeof request.body === "object" && request.body ? request.body : {}) as Query;
    const issued = tokens.issue(form);
    if ("status" in issued) {
      const { status, ...error } = issued;
      return reply.code(status).header("cache-control", "no-store").send(error);
    }
    return reply.header("cache-control", "no-store").send(issued);
  });

  /** The token's client, or a 401 already sent. */
  const authorize = (request: FastifyRequest, reply: FastifyReply): AxonClient | undefined => {
    const client = tokens.verify(request.headers.authorization);
    if (!client)
      void reply
        .code(401)
        .header("www-authenticate", 'Bearer error="invalid_token"')
        .send({ error: "invalid_token", error_description: "Missing, unknown or expired access token" });
    return client;
  };

  app.get(AXON_READS_PATH, async (request, reply) => {
    const client = authorize(request, reply);
    if (!client) return reply;
    const query = request.query as Query;
    const start = parseInstant(query.start);
    const end = parseInstant(query.end);
    const limit = parseCount(query.limit);
    if (start === null || end === null) return invalid(reply, "start and end must be ISO 8601 date-times");
    if (limit === null || limit === 0 || (limit ?? 0) > AXON_MAX_LIMIT)
      return invalid(reply, `limit must be between 1 and ${AXON_MAX_LIMIT}`);
    // A cursor is only valid with the query that produced it.
    const fingerprint = hash([query.start, query.end, query.plate, query.state].join("|"));
    const offset = query.cursor ? readCursor(query.cursor, fingerprint) : 0;
    if (offset === undefined) return invalid(reply, "cursor is not valid for this query");

    const matchesPlate = compilePlateQuery(query.plate);
    const state = query.state?.toUpperCase();
    const matching =
      client.partnerId !== readsPartner
        ? []
        : dataset
            .axon()
            .filter(
              (read) =>
                (start === undefined || read.capturedAt >= start) &&
                (end === undefined || read.capturedAt <= end) &&
                (!state || read.state === state) &&
                matchesPlate(read.plate),
            );
    const size = limit ?? AXON_DEFAULT_LIMIT;
    const page: AxonReadsPage = {
      reads: matching.slice(offset, offset + size).map(toAxonRead),
      next_cursor: offset + size < matching.length ? writeCursor(offset + size, fingerprint) : null,
    };
    return page;
  });

  app.get<{ Params: { readId: string; kind: string } }>(
    `${AXON_READS_PATH}/:readId/:kind`,
    async (request, reply) => {
      const client = authorize(request, reply);
      if (!client) return reply;
      const { readId, kind } = request.params;
      const read = client.partnerId === readsPartner ? dataset.findRead("axon", readId) : undefined;
      if (!read || (kind !== "image" && kind !== "plate-image"))
        return reply.code(404).send({ error: "not_found", error_description: "No such read image" });
      const jpeg = kind === "image" ? await images.vehicleImage(read) : await images.plateCrop(read);
      return reply.type("image/jpeg").header("cache-control", "private, max-age=3600").send(jpeg);
    },
  );

  // A plate passes a unit now: the demo and the poller tests make a hotlisted read appear at runtime.
  app.post("/__sim/reads", async (request, reply) => {
    const body = (typeof request.body === "object" && request.body ? request.body : {}) as Query;
    const state = US_STATES.find((entry) => entry.abbreviation === body.state?.toUpperCase());
    if (!body.plate?.trim() || !state)
      return invalid(reply, "plate and a US state abbreviation are required");
    const read = dataset.addRead("axon", { plate: body.plate.trim(), state: state.abbreviation });
    return reply.code(201).send(toAxonRead(read));
  });

  app.delete("/__sim/tokens", async () => {
    tokens.revokeAll();
    return { revoked: true };
  });

  return app;
}

function invalid(reply: FastifyReply, description: string): FastifyReply {
  return reply.code(400).send({ error: "invalid_request", error_description: description });
}

function hash(text: string): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, 12);
}

function writeCursor(offset: number, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ o: offset, f: fingerprint })).toString("base64url");
}

function readCursor(cursor: string, fingerprint: string): number | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as {
      o?: unknown;
      f?: unknown;
    };
    return typeof parsed.o === "number" &&
      Number.isInteger(parsed.o) &&
      parsed.o >= 0 &&
      parsed.f === fingerprint
      ? parsed.o
      : undefined;
  } catch {
    return undefined;
  }
}
