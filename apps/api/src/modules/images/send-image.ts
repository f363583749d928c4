import type { VendorImage } from "../../lib/vendor-http";

/** What sendImage needs of a reply (Fastify's reply is one): no Fastify type here. */
export interface ImageReply {
  header(name: string, value: string): unknown;
  send(payload?: unknown): unknown;
}

/**
 * How every image proxy answers: the bytes with the type they were sniffed as (never the vendor's
 * word for it), never stored (a shared workstation keeps no picture after sign-out), and never
 * content-sniffed into something else. Answers the reply it was given (a route returns it).
 */
export function sendImage<R extends ImageReply>(reply: R, image: VendorImage): R {
  reply.header("content-type", image.contentType);
  reply.header("cache-control", "private, no-store");
  reply.header("x-content-type-options", "nosniff");
  reply.send(image.body);
  return reply;
}
