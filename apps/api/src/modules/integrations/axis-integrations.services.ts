import { bindServices } from "../../lib/bind-services";
import {
  createAxisIntegration,
  deleteAxisIntegration,
  listAxisIntegrations,
  rotateAxisIngestToken,
  setAxisIntegrationPaused,
  type AxisIntegrationDeps,
} from "./axis-integrations.service";

/** What axis-integrations.routes.ts receives (issue 39 item 2): its service functions, bound to their dependencies. */
export const axisIntegrationsServiceFactory = (deps: AxisIntegrationDeps) =>
  bindServices(deps, {
    createAxisIntegration,
    deleteAxisIntegration,
    listAxisIntegrations,
    rotateAxisIngestToken,
    setAxisIntegrationPaused,
  });
export type AxisIntegrationsService = ReturnType<typeof axisIntegrationsServiceFactory>;
