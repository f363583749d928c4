import type { FastifyInstance } from "fastify";
import type { OidcProvider as Provider } from "./built-in-provider";

/** The methods the provider's endpoints answer (CORS preflights included). */
export const OIDC_METHODS = ["GET", "POST", "DELETE", "OPTIONS"] as const;

/**
 * Hands every /oidc/* request to oidc-provider (a Koa app) untouched: Fastify neither parses the
 * body nor writes the answer. `originalUrl` tells the provider where it is mounted.
 */
export async function mountOidcProvider(app: FastifyInstance, { provider }: { provider: Provider }) {
  const callback = provider.callback();
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    scope.route({
      method: [...OIDC_METHODS],
      url: "/oidc/*",
      handler: (request, reply) => {
        reply.hijack();
        const raw = request.raw as typeof request.raw & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = raw.url!.slice("/oidc".length) || "/";
        void callback(raw, reply.raw);
      },
    });
  });
}
