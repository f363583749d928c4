import type { Actor } from "../../access/actor";
import { bindServices } from "../../lib/bind-services";
import {
  listSearchCameras,
  searchArea,
  searchCompanions,
  searchPattern,
  searchPlaces,
  withInvestigationSlot,
  type InvestigationLimits,
} from "./investigations.service";
import { searchDetections, searchNextPage, type SearchDeps } from "./search.service";

/**
 * What the search and investigation routes receive (issue 39 item 2): the plate search and its pages,
 * and the investigations beyond one plate, each run in one of its user's slots.
 */
export function searchServiceFactory(deps: SearchDeps & { investigations: InvestigationLimits }) {
  return {
    ...bindServices(deps, {
      searchDetections,
      searchNextPage,
      listSearchCameras,
      searchArea,
      searchPlaces,
      searchCompanions,
      searchPattern,
    }),
    withInvestigationSlot: <T>(actor: Actor, work: () => Promise<T>) =>
      withInvestigationSlot(deps, actor, work),
    sourceTimeoutMs: deps.sourceTimeoutMs,
  };
}
export type SearchService = ReturnType<typeof searchServiceFactory>;
