import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import type { AlertDeliveryService } from "./alert-delivery.services";

const channels = findEndpoint("GET", "/api/profile/alert-channels");
const setChannels = findEndpoint("POST", "/api/profile/alert-channels");
const deliveries = findEndpoint("GET", "/api/alerts/:id/deliveries");
const groupSettings = findEndpoint("GET", "/api/groups/:groupId/alert-settings");
const setGroupSettings = findEndpoint("POST", "/api/groups/:groupId/alert-settings");

const pushSubscriptions = findEndpoint("GET", "/api/account/push-subscriptions");
const subscribe = findEndpoint("POST", "/api/account/push-subscriptions");
const unsubscribe = findEndpoint("DELETE", "/api/account/push-subscriptions");
const rotate = findEndpoint("POST", "/api/account/push-subscriptions/rotate");

const emailSettings = findEndpoint("GET", "/api/admin/alert-email-settings");
const setEmailSettings = findEndpoint("PUT", "/api/admin/alert-email-settings");

const registerDevice = findEndpoint("POST", "/api/account/push-devices");
const removeDevice = findEndpoint("DELETE", "/api/account/push-devices");

const errors = errorResponses(400, 401, 403, 404);

/**
 * Odin's own (issue 24): the profile's alert channels, the browser's Web Push subscription, an
 * alert's delivery log, and (issue 38 item 5) the agency's alert e-mail settings.
 */
export const alertDeliveryRoutes: FastifyPluginAsyncZod<{ delivery: AlertDeliveryService }> = async (
  app,
  { delivery },
) => {
  // The agency's alert e-mail settings (issue 38 item 5), its admins only (access table).
  app.get(
    emailSettings.path,
    { schema: { response: { 200: emailSettings.response, ...errorResponses(401, 403, 404, 409) } } },
    (request) => delivery.getAlertEmailSettings(requireAuth(request)),
  );
  app.put(
    setEmailSettings.path,
    {
      schema: {
        body: setEmailSettings.body,
        response: { 200: setEmailSettings.response, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => delivery.setAlertEmailSettings(requireAuth(request), request.body),
  );

  app.get(
    pushSubscriptions.path,
    { schema: { response: { 200: pushSubscriptions.response, ...errors } } },
    (request) => delivery.getWebPushSubscriptions(requireAuth(request)),
  );

  app.post(
    subscribe.path,
    { schema: { body: subscribe.body, response: { 200: subscribe.response, ...errors } } },
    (request) => delivery.subscribeWebPush(requireAuth(request), request.body, request.headers["user-agent"]),
  );

  app.delete(
    unsubscribe.path,
    { schema: { body: unsubscribe.body, response: { 200: unsubscribe.response, ...errors } } },
    (request) => delivery.unsubscribeWebPush(requireAuth(request), request.body.endpoint),
  );

  // No token (the service worker's pushsubscriptionchange): the old subscription's secret proves the
  // browser; limited per address like the other routes that take a secret.
  app.post(
    rotate.path,
    {
      schema: { body: rotate.body, response: { 200: rotate.response, ...errors } },
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    (request) =>
      delivery.rotateWebPush(request.body, {
        ip: request.ip,
        requestId: request.id,
        userAgent: request.headers["user-agent"],
      }),
  );

  app.post(
    registerDevice.path,
    { schema: { body: registerDevice.body, response: { 200: registerDevice.response, ...errors } } },
    (request) => delivery.registerPushDevice(requireAuth(request), request.body),
  );

  app.delete(
    removeDevice.path,
    { schema: { body: removeDevice.body, response: { 200: removeDevice.response, ...errors } } },
    (request) => delivery.removePushDevice(requireAuth(request), request.body),
  );

  app.get(channels.path, { schema: { response: { 200: channels.response, ...errors } } }, (request) =>
    delivery.getAlertChannels(requireAuth(request)),
  );

  app.post(
    setChannels.path,
    { schema: { body: setChannels.body, response: { 200: setChannels.response, ...errors } } },
    (request) => delivery.setAlertChannels(requireAuth(request), request.body),
  );

  app.get(
    groupSettings.path,
    { schema: { params: groupSettings.params, response: { 200: groupSettings.response, ...errors } } },
    (request) => delivery.getGroupAlertSettings(requireAuth(request), request.params.groupId),
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
    (request) => delivery.setGroupAlertSettings(requireAuth(request), request.params.groupId, request.body),
  );

  app.get(
    deliveries.path,
    { schema: { params: deliveries.params, response: { 200: deliveries.response, ...errors } } },
    (request) => delivery.getAlertDeliveries(requireAuth(request), request.params.id),
  );
};
