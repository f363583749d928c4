import type { FastifyInstance } from "fastify";
import type { OidcProvider as Provider } from "./built-in-provider";

/** The methods the provider's endpoints answer (CORS preflights included). */
export const OIDC_METHODS = ["GET", "POST", "DELETE", "OPTIONS"] as const;

/**
 * Hands every /oidc/* request to oidc-provider (a Koa app): Fastify neither parses the body nor
 * writes the answer. `originalUrl` tells the provider where it is mounted.
 *
 * The provider builds its endpoints' URLs from the request's host and scheme, and Koa (with `proxy`
 * on) believes any client's X-Forwarded-* headers. So the provider is told what Odin has decided
 * instead: the host and scheme of ODIN_PUBLIC_URL, and the client's address as Fastify worked it out
 * (forwarded headers believed only from TRUST_PROXY's proxies). A forged Host cannot move an endpoint.
 */
export async function mountOidcProvider(
  app: FastifyInstance,
  { provider, publicUrl }: { provider: Provider; publicUrl: string },
) {
  const callback = provider.callback();
  const origin = new URL(publicUrl);
  provider.proxy = true;
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    scope.route({
      method: [...OIDC_METHODS],
      url: "/oidc/*",
      handler: (request, reply) => {
        reply.hijack();
        const raw = request.raw as typeof request.raw & { originalUrl?: string };
        for (const name of ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto"]) {
          delete raw.headers[name];
        }
        raw.headers.host = origin.host;
        raw.headers["x-forwarded-proto"] = origin.protocol.slice(0, -1);
        raw.headers["x-forwarded-for"] = request.ip;
        raw.originalUrl = raw.url;
        raw.url = raw.url!.slice("/oidc".length) || "/";
        void callback(raw, reply.raw);
      },
    });
  });
}
