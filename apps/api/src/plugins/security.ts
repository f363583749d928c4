import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export interface SecurityOptions {
  rateLimitPerMinute: number;
}

/** Security headers on every answer and a per-client rate limit (routes may set tighter ones). */
export const securityPlugin = fp<SecurityOptions>(
  async (app: FastifyInstance, options) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Map tiles come from the configured tile servers; images from Odin's own proxies.
          imgSrc: ["'self'", "data:", "blob:", "https:"],
          // Leaflet positions tiles and markers with inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          connectSrc: ["'self'", "https:"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    await app.register(rateLimit, {
      max: options.rateLimitPerMinute,
      timeWindow: "1 minute",
      // The health check is polled by orchestrators; it must never be throttled.
      allowList: (request) => request.url === "/healthz",
    });
  },
  { name: "odin-security" },
);
