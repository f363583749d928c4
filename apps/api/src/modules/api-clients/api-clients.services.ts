import { bindServices } from "../../lib/bind-services";
import {
  createApiClient,
  deactivateApiClient,
  listApiClients,
  rotateApiClientSecret,
  type ApiClientDeps,
} from "./api-clients.service";

/** What api-clients.routes.ts receives (issue 39 item 2): its service functions, bound to their dependencies. */
export const apiClientsServiceFactory = (deps: ApiClientDeps) =>
  bindServices(deps, { createApiClient, deactivateApiClient, listApiClients, rotateApiClientSecret });
export type ApiClientsService = ReturnType<typeof apiClientsServiceFactory>;
