import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { WEB_ROUTES } from "@odin/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";

/**
 * Serves the built web app: hashed files under /assets/ cached for a year, the favicon, the service
 * worker (/sw.js), and
 * index.html (revalidated on every load, so an upgrade reaches every browser at once) for the web
 * routes of both specs. Any other address a browser navigates to (a GET that accepts text/html) gets the
 * web app too, with status 404, so it shows its own not-found page (issue 20 item 2); calls (JSON,
 * anything else) still get a 404 in the API's error shape (plugins/error-handler.ts asks `webAppPage`).
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
    // The service worker (issue 24 item 4) at the root, so its scope is the whole site; never cached
    // long, so a new version reaches browsers with the next page load.
    app.get("/sw.js", (_request, reply) =>
      reply.header("cache-control", "no-cache").sendFile("sw.js", distDir, { cacheControl: false }),
    );
    // Browsers ask for /favicon.ico on pages that name no icon (an API answer opened in a tab; the pages
    // the API renders name theirs inline: lib/page-icon.ts).
    app.get("/favicon.ico", (_request, reply) =>
      reply.header("cache-control", "public, max-age=86400").redirect("/favicon.svg", 301),
    );
    app.decorate("webAppPage", (reply: FastifyReply) =>
      reply.header("cache-control", "no-cache").sendFile("index.html", distDir, { cacheControl: false }),
    );
    for (const route of WEB_ROUTES) {
      app.get(route, (_request, reply) =>
        reply.header("cache-control", "no-cache").sendFile("index.html", distDir, { cacheControl: false }),
      );
    }
  },
  { name: "odin-web-app" },
);

/** A browser's page load (not a call): a GET or HEAD whose Accept names text/html. */
export function isPageLoad(method: string, accept: string | undefined): boolean {
  return (method === "GET" || method === "HEAD") && /\btext\/html\b/.test(accept ?? "");
}

declare module "fastify" {
  interface FastifyInstance {
    /** Sends the web app's index.html (present only when the built web app is served). */
    webAppPage?: (reply: FastifyReply) => FastifyReply;
  }
}
