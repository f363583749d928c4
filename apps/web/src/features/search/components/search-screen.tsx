import { MESSAGES } from "@odin/contract";
import { useLocation } from "react-router-dom";
import { Notice, PageHeader } from "@/components/ui";
import { defaultSearchForm, fromSearchRequest, readRefineState } from "../search-params";
import { RecentSearches } from "./recent-searches";
import { SearchFormView } from "./search-form/search-form";

/** A message sent along to /search, e.g. by /results opened without a search. */
function readNotice(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("notice" in state)) return null;
  return typeof state.notice === "string" && state.notice ? state.notice : null;
}

/**
 * Route /search (000 §2): the search form. Coming back from /results with the previous parameters
 * refills it; every arrival (a new location key) starts a fresh form.
 */
export function SearchScreen() {
  const location = useLocation();
  const refine = readRefineState(location.state);
  const notice = readNotice(location.state);
  return (
    <>
      <PageHeader
        title={MESSAGES.searchTitle}
        eyebrow="Search"
        description="Search license-plate detections from Rekor, Axon and RAVEN cameras in one request."
      />
      {notice && <Notice tone="info">{notice}</Notice>}
      <SearchFormView
        key={location.key}
        initial={() => (refine ? fromSearchRequest(refine.previousSearchParams) : defaultSearchForm())}
      />
      <RecentSearches key={`recent-${location.key}`} />
    </>
  );
}
