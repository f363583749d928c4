import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/auth";
import {
  getAlertChannels,
  getAlertDeliveries,
  getGroupAlertSettings,
  setAlertChannels,
  setGroupAlertSettings,
} from "./alert-delivery.service";

const channels = findEndpoint("GET", "/api/profile/alert-channels");
const setChannels = findEndpoint("POST", "/api/profile/alert-channels");
const deliveries = findEndpoint("GET", "/api/alerts/:id/deliveries");
const groupSettings = findEndpoint("GET", "/api/groups/:groupId/alert-settings");
const setGroupSettings = findEndpoint("POST", "/api/groups/:groupId/alert-settings");

const errors = errorResponses(400, 401, 403, 404);

/** Odin's own (issue 24): the profile's alert channels and an alert's delivery log. */
export const alertDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(channels.path, { schema: { response: { 200: channels.response, ...errors } } }, (request) =>
    getAlertChannels(app.prisma, requireAuth(request)),
  );

  app.post(
    setChannels.path,
    { schema: { body: setChannels.body, response: { 200: setChannels.response, ...errors } } },
    (request) => setAlertChannels(app.prisma, requireAuth(request), request.body),
  );

  app.get(
    groupSettings.path,
    { schema: { params: groupSettings.params, response: { 200: groupSettings.response, ...errors } } },
    (request) => getGroupAlertSettings(app.prisma, requireAuth(request), request.params.groupId),
  );

  app.post(
    setGroupSettings.path,
    {
      schema: {
        params: setGroupSettings.params,
        body: setGroupSettings.body,
        response: { 200: setGroupSettings.response, ...errors },
      },
    },
    (request) =>
      setGroupAlertSettings(app.prisma, requireAuth(request), request.params.groupId, request.body),
  );

  app.get(
    deliveries.path,
    { schema: { params: deliveries.params, response: { 200: deliveries.response, ...errors } } },
    (request) => getAlertDeliveries(app.prisma, requireAuth(request), request.params.id),
  );
};
