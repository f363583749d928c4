import type { FastifyReply } from "fastify";
import type { VendorImage } from "../../sources/vendor-http";

/**
 * How every image proxy answers: the bytes with the type they were sniffed as (never the vendor's
 * word for it), never stored (a shared workstation keeps no picture after sign-out), and never
 * content-sniffed into something else.
 */
export function sendImage(reply: FastifyReply, image: VendorImage): FastifyReply {
  return reply
    .header("content-type", image.contentType)
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .send(image.body);
}
