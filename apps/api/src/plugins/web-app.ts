import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { WEB_ROUTES } from "@odin/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (never cached) for
 * exactly the web routes of both specs, so an unknown path is still a 404 in the API's shape.
 */
export const webAppPlugin = fp<{ distDir: string }>(
  async (app: FastifyInstance, { distDir }) => {
    if (!existsSync(path.join(distDir, "index.html"))) {
      app.log.warn({ distDir }, "web app not built: run `pnpm build` to serve it from the API");
      return;
    }
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
    for (const route of WEB_ROUTES) {
      app.get(route, { schema: { hide: true } }, (_request, reply) =>
        reply.header("cache-control", "no-cache").sendFile("index.html"),
      );
    }
  },
  { name: "odin-web-app" },
);
