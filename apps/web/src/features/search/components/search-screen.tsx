import { MESSAGES } from "@odin/contract";
import type { TInvestigationType } from "@odin/contract";
import { useState } from "react";
import { useLocation } from "react-router-dom";
import { INVESTIGATION_TABS, InvestigationPanel } from "../investigations/investigations-panel";
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
  const [tab, setTab] = useState<"plate" | TInvestigationType>("plate");
  const tabs = [{ type: "plate" as const, label: "Plate" }, ...INVESTIGATION_TABS];
  return (
    <>
      <PageHeader
        title={MESSAGES.searchTitle}
        eyebrow="Search"
        description="Search license-plate detections from Rekor, Axon and RAVEN cameras in one request."
      />
      {notice && <Notice tone="info">{notice}</Notice>}
      {/* Issue 22: one tab per kind of investigation; the plate search stays the first. */}
      <div className="tabs search-tabs" role="tablist" aria-label="Kind of search">
        {tabs.map(({ type, label }) => (
          <button
            key={type}
            type="button"
            role="tab"
            id={`search-tab-${type}`}
            aria-selected={tab === type}
            aria-controls={`search-panel-${type}`}
            className="tab"
            onClick={() => setTab(type)}
          >
            {label}
          </button>
        ))}
      </div>
      {/* Issue 40 item 2: the recent searches beside the form on wide screens, under it on narrow ones. */}
      <div className="search-layout">
        <div
          role="tabpanel"
          id={`search-panel-${tab}`}
          aria-labelledby={`search-tab-${tab}`}
          className="search-layout__form"
        >
          {tab === "plate" ? (
            <SearchFormView
              key={location.key}
              initial={() => (refine ? fromSearchRequest(refine.previousSearchParams) : defaultSearchForm())}
            />
          ) : (
            <InvestigationPanel key={tab} type={tab} />
          )}
        </div>
        {tab === "plate" && <RecentSearches key={`recent-${location.key}`} />}
      </div>
    </>
  );
}
