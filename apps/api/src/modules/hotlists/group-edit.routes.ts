import { findEndpoint, MESSAGES } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { successMessage } from "../../lib/success-message";
import { filePart } from "../../plugins/multipart";
import { requireAuth } from "../../plugins/authenticate";
import type { HotlistsService } from "./hotlists.services";

const errors = errorResponses(400, 401, 403, 404, 409, 413);
const editData = findEndpoint("GET", "/groups/:groupId/edit-data");
const edit = findEndpoint("POST", "/groups/:groupId/edit-mobile");
const bulk = findEndpoint("POST", "/groups/:groupId/bulk-upload-plates");
const remove = findEndpoint("POST", "/groups/:groupId/remove-plate");
const archive = findEndpoint("POST", "/archive-group");
const createData = findEndpoint("GET", "/group-create-data");
const create = findEndpoint("POST", "/groups/create-mobile");

/** Create, edit and archive groups; their plates one by one or by CSV (001 §7). */
export const groupEditRoutes: FastifyPluginAsyncZod<{ hotlists: HotlistsService }> = async (
  app,
  { hotlists },
) => {
  app.get(
    editData.path,
    { schema: { params: editData.params, response: { 200: editData.response, ...errors } } },
    (request) => hotlists.getEditData(requireAuth(request), request.params.groupId),
  );

  app.post(
    edit.path,
    { schema: { params: edit.params, body: edit.body, response: { 200: edit.response, ...errors } } },
    async (request) =>
      successMessage(await hotlists.editGroup(requireAuth(request), request.params.groupId, request.body)),
  );

  app.post(
    bulk.path,
    { schema: { params: bulk.params, body: bulk.body, response: { 200: bulk.response, ...errors } } },
    (request) =>
      hotlists.uploadPlates(
        requireAuth(request),
        request.params.groupId,
        request.body.mode,
        filePart(request.body, "csv_file"),
      ),
  );

  app.post(
    remove.path,
    { schema: { params: remove.params, body: remove.body, response: { 200: remove.response, ...errors } } },
    async (request) =>
      successMessage(
        await hotlists.removePlate(requireAuth(request), request.params.groupId, request.body.plate_id),
      ),
  );

  app.post(
    archive.path,
    { schema: { body: archive.body, response: { 200: archive.response, ...errors } } },
    async (request) =>
      successMessage(await hotlists.archiveGroup(requireAuth(request), request.body.group_id)),
  );

  app.get(createData.path, { schema: { response: { 200: createData.response, ...errors } } }, (request) =>
    hotlists.getCreateData(requireAuth(request)),
  );

  app.post(
    create.path,
    { schema: { body: create.body, response: { 200: create.response, ...errors } } },
    async (request) => ({
      success: true as const,
      message: MESSAGES.groupCreated,
      group_id: await hotlists.createGroup(requireAuth(request), request.body),
    }),
  );
};
