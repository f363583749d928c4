import { findEndpoint, type TCreateApiClientRequest } from "@odin/contract";
import { queryOptions } from "@tanstack/react-query";
import { callEndpoint } from "@/lib/call-endpoint";

const list = findEndpoint("GET", "/admin/api-clients");
const create = findEndpoint("POST", "/admin/api-clients");
const rotate = findEndpoint("POST", "/admin/api-clients/:id/rotate-secret");
const deactivate = findEndpoint("POST", "/admin/api-clients/:id/deactivate");

/** GET /admin/api-clients (Odin's own, issue 38 item 2): the agency's API clients, never a secret. */
export const getApiClients = () => callEndpoint(list);

/** POST /admin/api-clients: a new client, its secret answered once. */
export const createApiClient = (body: TCreateApiClientRequest) => callEndpoint(create, { body });

/** POST /admin/api-clients/:id/rotate-secret: a new secret, answered once; the old one stops at once. */
export const rotateApiClientSecret = (id: number) => callEndpoint(rotate, { params: { id } });

/** POST /admin/api-clients/:id/deactivate: the client's tokens are refused from now on. */
export const deactivateApiClient = (id: number) => callEndpoint(deactivate, { params: { id } });

export const apiClientsKey = ["admin", "api-clients"] as const;

export const apiClientsQuery = () => queryOptions({ queryKey: apiClientsKey, queryFn: getApiClients });
