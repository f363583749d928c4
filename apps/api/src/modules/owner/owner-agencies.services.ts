import { bindServices } from "../../lib/bind-services";
import {
  createAgency,
  listManagedAgencies,
  setAgencyActive,
  updateAgency,
  type AgencyAdminDeps,
} from "./owner-agencies.service";

/** What owner-agencies.routes.ts receives (issue 39 item 2): its service functions, bound to their dependencies. */
export const ownerAgenciesServiceFactory = (deps: AgencyAdminDeps) =>
  bindServices(deps, { createAgency, listManagedAgencies, setAgencyActive, updateAgency });
export type OwnerAgenciesService = ReturnType<typeof ownerAgenciesServiceFactory>;
