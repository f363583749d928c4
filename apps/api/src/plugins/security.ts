import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export interface SecurityOptions {
  rateLimitPerMinute: number;
}

const UNTHROTTLED = /^\/(?:healthz$|ingest\/|proxy-|axis\/proxy-detection-image|alerts\/proxy-alert-image)/;

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
      // The health check is polled by orchestrators; cameras push many reads a second with their own
      // tokens; a results page loads many images through the proxies (each still needs a valid bearer).
      allowList: (request) => UNTHROTTLED.test(request.url),
    });
  },
  { name: "odin-security" },
);
