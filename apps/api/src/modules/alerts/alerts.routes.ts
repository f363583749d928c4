import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { abortOnClose } from "../../lib/abort-on-close";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import { sendImage } from "../images/send-image";
import type { AlertsService } from "./alerts.service";

const groupAlerts = findEndpoint("GET", "/alerts/group/:groupId/data");
const oneAlert = findEndpoint("GET", "/api/alerts/:id");
const alertImage = findEndpoint("GET", "/alerts/proxy-alert-image");
const disposition = findEndpoint("POST", "/api/alerts/:id/disposition");
const acknowledge = findEndpoint("POST", "/api/alerts/:id/acknowledge");
const unreadCount = findEndpoint("GET", "/alerts/unread-count");
const misreads = findEndpoint("GET", "/alerts/misreads-by-camera");

const errors = errorResponses(400, 401, 403, 404);

/** Spec 001 §7 Alert groups: a group's alert history, one alert, and an alert's picture. */
export const alertRoutes: FastifyPluginAsyncZod<{ alerts: AlertsService }> = async (app, { alerts }) => {
  app.get(
    groupAlerts.path,
    {
      schema: {
        params: groupAlerts.params,
        querystring: groupAlerts.query,
        response: { 200: groupAlerts.response, ...errors },
      },
    },
    (request) => alerts.getGroupAlerts(requireAuth(request), request.params.groupId, request.query),
  );

  // Odin's own alert desk (issues 17, 20).
  app.post(
    disposition.path,
    {
      schema: {
        params: disposition.params,
        body: disposition.body,
        response: { 200: disposition.response, ...errors },
      },
    },
    (request) => alerts.setAlertDisposition(requireAuth(request), request.params.id, request.body),
  );

  app.post(
    acknowledge.path,
    { schema: { params: acknowledge.params, response: { 200: acknowledge.response, ...errors } } },
    (request) => alerts.acknowledgeAlert(requireAuth(request), request.params.id),
  );

  app.get(unreadCount.path, { schema: { response: { 200: unreadCount.response, ...errors } } }, (request) =>
    alerts.getUnreadCount(requireAuth(request)),
  );

  app.get(misreads.path, { schema: { response: { 200: misreads.response, ...errors } } }, (request) =>
    alerts.getMisreadsByCamera(requireAuth(request)),
  );

  app.get(
    oneAlert.path,
    { schema: { params: oneAlert.params, response: { 200: oneAlert.response, ...errors } } },
    (request) => alerts.getAlert(requireAuth(request), request.params.id),
  );

  app.get(alertImage.path, { schema: { querystring: alertImage.query } }, async (request, reply) => {
    // Stops an Axon fetch when the browser goes away (a row scrolled past).
    const image = await alerts.openAlertImage(requireAuth(request), request.query.path, abortOnClose(reply));
    return sendImage(reply, image);
  });
};
