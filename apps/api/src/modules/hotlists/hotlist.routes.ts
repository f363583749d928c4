import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { successMessage } from "../../lib/success-message";
import { acceptFormPosts } from "../../identity/html-forms";
import { requireAuth } from "../../plugins/authenticate";
import { createAttachmentLinks } from "./attachment-links";
import { groupEditRoutes } from "./group-edit.routes";
import { getGroupDetails, listGroupCards } from "./group-queries";
import type { BlobStore } from "../../storage/blob-store";
import { createHotlistFiles } from "./hotlist-files";
import { hotlistFileRoutes } from "./hotlist-files.routes";
import { permissionRoutes } from "./permissions.routes";
import { addPlateDirect, type PlateDeps } from "./plates.service";

export interface HotlistRoutesOptions {
  /** Where attachments and group pictures are kept (the file store's `hotlists/`), outside the web root. */
  files: BlobStore;
  publicUrl: string;
  /** HMAC key of the attachment links (secrets.derive("hotlist-attachments")). */
  attachmentKey: string;
}

const errors = errorResponses(400, 401, 403, 404, 409);
const alertsData = findEndpoint("GET", "/alerts-data");
const addPlate = findEndpoint("POST", "/hotlist/add-plate-direct");
const details = findEndpoint("GET", "/alerts/group/:groupId/details-data");

/**
 * Hotlist groups, plates, uploads and permissions (000 §7, 001 §7 Alert groups). Who may see or
 * change a group is group-access.ts; the access table only says which roles may call at all.
 */
export const hotlistRoutes: FastifyPluginAsyncZod<HotlistRoutesOptions> = async (app, options) => {
  // remove-plate sends an HTML-form body (001 §7: "form field plate_id"); parsed in this scope only.
  acceptFormPosts(app);
  const deps: PlateDeps = {
    prisma: app.prisma,
    files: createHotlistFiles(options.files),
    links: createAttachmentLinks(options.attachmentKey),
    publicUrl: options.publicUrl,
  };

  app.get(alertsData.path, { schema: { response: { 200: alertsData.response, ...errors } } }, (request) =>
    listGroupCards(app.prisma, requireAuth(request)),
  );

  app.post(
    addPlate.path,
    { schema: { body: addPlate.body, response: { 200: addPlate.response, ...errors } } },
    async (request) => successMessage(await addPlateDirect(deps, requireAuth(request), request.body)),
  );

  app.get(
    details.path,
    { schema: { params: details.params, response: { 200: details.response, ...errors } } },
    (request) => getGroupDetails(app.prisma, requireAuth(request), request.params.groupId),
  );

  await app.register(groupEditRoutes, { deps });
  await app.register(hotlistFileRoutes, { deps });
  await app.register(permissionRoutes);
};
