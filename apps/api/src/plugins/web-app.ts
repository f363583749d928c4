import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { WEB_ROUTES } from "@odin/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Serves the built web app: hashed files under /assets/ cached for a year, the favicon, and
 * index.html (revalidated on every load, so an upgrade reaches every browser at once) for exactly the
 * web routes of both specs, so an unknown path is still a 404 in the API's error shape.
 */
export const webAppPlugin = fp<{ distDir: string }>(
  async (app: FastifyInstance, { distDir }) => {
    if (!existsSync(path.join(distDir, "index.html"))) {
      app.log.warn({ distDir }, "web app not built: run `pnpm build` to serve it from the API");
      return;
    }
    await app.register(fastifyStatic, {
      root: path.join(distDir, "assets"),
      prefix: "/assets/",
      index: false,
      immutable: true,
      maxAge: "365d",
    });
    // sendFile would apply the assets' year-long immutable caching to these too: cacheControl off.
    app.get("/favicon.svg", (_request, reply) =>
      reply
        .header("cache-control", "public, max-age=86400")
        .sendFile("favicon.svg", distDir, { cacheControl: false }),
    );
    for (const route of WEB_ROUTES) {
      app.get(route, (_request, reply) =>
        reply.header("cache-control", "no-cache").sendFile("index.html", distDir, { cacheControl: false }),
      );
    }
  },
  { name: "odin-web-app" },
);
