import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import { sendImage } from "../images/send-image";
import type { HotlistsService } from "./hotlists.services";

const errors = errorResponses(400, 401, 403, 404);
const linkCall = findEndpoint("GET", "/get-hotlist-attachment-url/:filename");
const attachmentCall = findEndpoint("GET", "/hotlist-attachments/:filename");
const groupImage = findEndpoint("GET", "/groups/:groupId/image");

/**
 * An attachment is user-supplied content served from Odin's origin: it goes out with the type it was
 * checked as, never sniffed into another, shown inline, under a policy that runs nothing. A PDF keeps
 * no `sandbox` (browsers refuse to show PDFs in a sandboxed document); an image gets one too.
 */
function attachmentPolicy(contentType: string): string {
  const policy =
    "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; " +
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
  return contentType === "application/pdf" ? policy : `${policy}; sandbox`;
}

/** Plate attachments (a signed link, then the file) and group pictures. */
export const hotlistFileRoutes: FastifyPluginAsyncZod<{ hotlists: HotlistsService }> = async (
  app,
  { hotlists },
) => {
  app.get(
    linkCall.path,
    {
      schema: {
        params: linkCall.params,
        querystring: linkCall.query,
        response: { 200: linkCall.response, ...errors },
      },
    },
    async (request) => ({
      url: await hotlists.attachmentUrl(
        requireAuth(request),
        request.params.filename,
        request.query.plate_id,
      ),
    }),
  );

  app.get(
    attachmentCall.path,
    { schema: { params: attachmentCall.params, querystring: attachmentCall.query } },
    async (request, reply) => {
      const { body, contentType } = await hotlists.openAttachment(request.params.filename, request.query);
      return reply
        .header("content-type", contentType)
        .header("content-disposition", `inline; filename="${request.params.filename}"`)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", attachmentPolicy(contentType))
        .header("cache-control", "private, no-store")
        .header("cross-origin-resource-policy", "same-origin")
        .send(body);
    },
  );

  app.get(groupImage.path, { schema: { params: groupImage.params } }, async (request, reply) =>
    sendImage(reply, await hotlists.openGroupImage(requireAuth(request), request.params.groupId)),
  );
};
