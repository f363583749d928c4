import { findEndpoint } from "@odin/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponses } from "../../lib/error-responses";
import { requireAuth } from "../../plugins/authenticate";
import type { ReverseGeocoder } from "./reverse-geocoder";

const reverse = findEndpoint("GET", "/geocode/reverse");

/**
 * GET /geocode/reverse?lat=&lon= (Odin's own): the nearest address of a point for any signed-in user,
 * from the configured Nominatim-compatible service through Odin's cache; `address: null` when there is
 * none (the screen shows 'Unavailable'). Never an error for the service's failures.
 */
export const geocodeRoutes: FastifyPluginAsyncZod<{ geocoder: ReverseGeocoder }> = async (
  app,
  { geocoder },
) => {
  app.get(
    reverse.path,
    {
      schema: {
        querystring: reverse.query,
        response: { 200: reverse.response, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireAuth(request);
      const address = await geocoder.lookup(request.query.lat, request.query.lon);
      // Like every API answer, never stored (where a read was seen is case data): Odin caches addresses.
      return { address };
    },
  );
};
