import { bindServices } from "../../lib/bind-services";
import {
  addAxonIntegration,
  deleteAxonIntegration,
  getExistingIntegration,
  listAgencyAccess,
  setAgencyAccess,
} from "./axon-integration.service";
import type { IntegrationDeps } from "./integrations-deps";
import { addApiKey, deleteApiKey, rotateWebhookToken, uploadApiKeys } from "./rekor-keys.service";

/** What integrations.routes.ts receives (issue 39 item 2): its service functions, bound to their dependencies. */
export const integrationsServiceFactory = (deps: IntegrationDeps) => ({
  ...bindServices(deps, { addApiKey, addAxonIntegration, deleteApiKey, rotateWebhookToken, uploadApiKeys }),
  ...bindServices(deps.prisma, {
    getExistingIntegration,
    deleteAxonIntegration,
    listAgencyAccess,
    setAgencyAccess,
  }),
});
export type IntegrationsService = ReturnType<typeof integrationsServiceFactory>;
