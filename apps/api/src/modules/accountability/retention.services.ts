import { bindServices } from "../../lib/bind-services";
import { findRetentionSettings, updateRetentionSettings, type RetentionDeps } from "./retention.service";

/** What retention.routes.ts receives (issue 39 item 2): its service functions, bound to their dependencies. */
export const retentionServiceFactory = (deps: RetentionDeps) =>
  bindServices(deps, { findRetentionSettings, updateRetentionSettings });
export type RetentionService = ReturnType<typeof retentionServiceFactory>;
