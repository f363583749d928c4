import { useEffect, useState } from "react";
import { arrivingResults, saveLastResults } from "../../search-memory";
import { readResultsState } from "../../search-params";
import { useOlderResults } from "../use-older-results";

/**
 * The results /results shows: the navigation's state, or without it (a new tab's history, a browser
 * that drops it) the tab's last results from sessionStorage (issue 20), with a paged answer's older
 * pages loaded behind the first (issue 21). They are kept for the tab on arrival (unless they are the
 * kept copy already) and again after each page added, with its cursor, so a refresh goes on from there.
 */
export function useArrivingResults(owner: string, navigationState: unknown) {
  const [arrival] = useState(() => arrivingResults(owner, readResultsState(navigationState)));
  const { state, older, retry } = useOlderResults(arrival.state);

  useEffect(() => {
    if (state && !(arrival.stored && state === arrival.state)) saveLastResults(owner, state, arrival.origin);
  }, [owner, state, arrival]);

  /** Whether the answer is paged (it came with a cursor, or resumes one): its older pages' line shows. */
  const paged = Boolean(arrival.origin ?? arrival.state?.nextCursor);
  return { state, older, retry, paged };
}
