import helmet from "@fastify/helmet";
import rateLimit, { type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isPageLoad } from "./web-app";

export interface SecurityOptions {
  rateLimitPerMinute: number;
  /** The map tile URL templates the web app loads (config.map): their origins may serve images. */
  tileUrls?: readonly string[];
  /** Origins the web app fetches from besides Odin's own: an external OIDC issuer's (config.identity). */
  connectOrigins?: readonly string[];
  /** Where counts are kept (plugins/shared-rate-limit-store.ts); the plugin's memory otherwise. */
  rateLimitStore?: FastifyRateLimitStoreCtor;
  /** ODIN_PUBLIC_URL: the address the "HTTPS needed" page sends a person to. */
  publicUrl?: string;
}

/** This machine's own names: a browser on the server itself may use plain HTTP (the demo, a first look). */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return (
    host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host)
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a browser gets at a server's address over plain HTTP. The app's CSP asks browsers to
 * upgrade every request to HTTPS (helmet's upgrade-insecure-requests), so over plain HTTP the app
 * would load as a blank screen; this says why instead, and what the operator may have missed.
 */
function httpsNeededPage(publicUrl: string | undefined): string {
  const link = publicUrl?.startsWith("https://")
    ? `<p>Open <a href="${escapeHtml(publicUrl)}">${escapeHtml(publicUrl)}</a> instead.</p>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Odin needs HTTPS</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1b1f24}code{background:#eef1f4;padding:0 .25rem;white-space:nowrap}</style>
</head><body><main>
<h1>Odin needs HTTPS</h1>
<p>This page was asked for over plain HTTP. Odin holds criminal-justice information and is only served over an encrypted connection.</p>
${link}
<p>For the administrator: put Odin behind a TLS proxy (docs/self-hosting.md, "TLS and the reverse proxy"). If it already is, set <code>TRUST_PROXY</code> to the proxy's address so that Odin believes the proxy's <code>X-Forwarded-Proto</code>.</p>
</main></body></html>`;
}

const UNTHROTTLED =
  /^\/(?:healthz$|ingest\/|proxy-|axis\/proxy-detection-image|alerts\/proxy-alert-image|alerts\/stream(?:\?|$))/;

/**
 * The CSP sources of tile URL templates: "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png" gives
 * "https://*.tile.openstreetmap.org" (placeholders in the host become a leftmost wildcard), the
 * simulator's "http://127.0.0.1:4103/tiles/dark/{z}/{x}/{y}.png" gives "http://127.0.0.1:4103".
 * Paths on Odin's own origin are covered by 'self'; anything unparsable is left out (blocked).
 */
export function tileSources(templates: readonly string[]): string[] {
  const sources = new Set<string>();
  for (const template of templates) {
    const match = /^(https?):\/\/(?:[^@/?#]*@)?([^/?#]+)/i.exec(template.trim());
    if (!match) continue;
    const scheme = match[1]!.toLowerCase();
    let host = match[2]!.toLowerCase();
    const labels = host.split(".");
    const last = labels.findLastIndex((label) => /[{}]/.test(label));
    if (last >= 0) {
      const rest = labels.slice(last + 1);
      // A wildcard needs a registrable name after it ("*.example.org", never "*.org").
      if (rest.length < 2) continue;
      host = ["*", ...rest].join(".");
    }
    if (!/^(?:\*\.)?[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/.test(host)) continue;
    sources.add(`${scheme}://${host}`);
  }
  return [...sources];
}

/** Security headers on every answer and a per-client rate limit (routes may set tighter ones). */
export const securityPlugin = fp<SecurityOptions>(
  async (app: FastifyInstance, options) => {
    // Page loads over plain HTTP at a server's address (not this machine's own name) get a page that
    // says HTTPS is needed. request.protocol believes X-Forwarded-Proto only from TRUST_PROXY's proxies.
    app.addHook("onRequest", async (request, reply) => {
      if (request.protocol !== "http" || !isPageLoad(request.method, request.headers.accept)) return;
      if (isLocalHost(request.hostname)) return;
      return reply
        .code(403)
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(httpsNeededPage(options.publicUrl));
    });
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Images come from Odin's own proxies (blob: once fetched with the bearer), map tiles from
          // the configured tile servers only.
          imgSrc: ["'self'", "data:", "blob:", ...tileSources(options.tileUrls ?? [])],
          // Leaflet positions tiles and markers with inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // The web app fetches Odin's API and, with an external issuer, its metadata, keys and token
          // endpoint; nothing else, so an injected script cannot post data to any other origin.
          connectSrc: ["'self'", ...(options.connectOrigins ?? [])],
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
      // tokens; a results page loads many images through the proxies (each still needs a valid bearer);
      // a live alert stream is one long request that reconnects after each deploy or token renewal.
      allowList: (request) => UNTHROTTLED.test(request.url),
      ...(options.rateLimitStore ? { store: options.rateLimitStore } : {}),
      // A count the database could not take lets the request through: the route itself then meets
      // the outage and answers 503 with Retry-After, rather than a 500 from the limiter.
      skipOnError: true,
    });
  },
  { name: "odin-security" },
);
