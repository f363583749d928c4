import { MESSAGES, type WebRoute } from "@odin/contract";
import { use, useEffect, useRef, useState } from "react";
import type { CaseFieldErrors, CaseFieldValues } from "@/components/forms";
import { CurrentUserContext } from "@/lib/auth/current-user";
import { useNavigate } from "react-router-dom";
import { isApiError } from "@/lib/api-client";
import { getSearchPageSize } from "@/lib/config";
import { searchDetections } from "../../api/search";
import { rememberSearch } from "../../search-memory";
import {
  fromLocalInput,
  toSearchRequest,
  validateSearchForm,
  type ResultsState,
  type SearchForm,
} from "../../search-params";

const RESULTS_PATH: WebRoute = "/results";

export type SubmitState =
  | { status: "idle" }
  | { status: "busy" }
  /** Not sent: the alert's text. */
  | { status: "invalid"; message: string }
  /** 'Search failed.', with what the server said when it said something (e.g. a 400's fields). */
  | { status: "failed"; details: string[] }
  /** Refused for the agency's case-field rules only (issue 40): each message is its field's error. */
  | { status: "refused"; fields: CaseFieldErrors };

/**
 * Validates and sends the search (000 §4, §5, §8): an invalid form is not sent; while the call runs the
 * state is busy; the answer opens /results with the results, the request as sent (with the page size
 * the server asks for, issue 21), how each source fared (also when every source failed: the results
 * screen shows that) and the next page's cursor; an error or a non-list answer gives 'Search failed.'.
 * Leaving the screen cancels the call.
 */
export function useSearchSubmit() {
  const navigate = useNavigate();
  const owner = use(CurrentUserContext).user?.username ?? "";
  const [state, setState] = useState<SubmitState>({ status: "idle" });
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const submit = async (form: SearchForm) => {
    if (running.current) return;
    const problem = validateSearchForm(form) ?? rangeOrderProblem(form);
    if (problem) {
      setState({ status: "invalid", message: problem });
      return;
    }
    // A paged answer (issue 21) when the server says so: its first page at once, the rest on /results.
    const pageSize = getSearchPageSize();
    const params = { ...toSearchRequest(form), ...(pageSize > 0 ? { page_size: pageSize } : {}) };
    const controller = new AbortController();
    running.current = controller;
    setState({ status: "busy" });
    try {
      const { results, statuses, nextCursor } = await searchDetections(params, controller.signal);
      const resultsState: ResultsState = {
        searchResults: results,
        previousSearchParams: params,
        sourceStatuses: statuses,
        nextCursor,
      };
      setState({ status: "idle" });
      // The tab's recent searches (issue 20), without the justification, which a re-run asks again.
      rememberSearch(owner, params);
      void navigate(RESULTS_PATH, { state: resultsState });
    } catch (error) {
      if (controller.signal.aborted) return;
      const fields = caseFieldRefusal(error);
      setState(fields ? { status: "refused", fields } : { status: "failed", details: failureDetails(error) });
    } finally {
      running.current = null;
    }
  };

  const reset = () => setState({ status: "idle" });

  return { state, submit, reset };
}

function rangeOrderProblem(form: SearchForm): string | null {
  const start = fromLocalInput(form.start);
  const end = fromLocalInput(form.end);
  return start && end && end < start ? MESSAGES.endBeforeStart : null;
}

const CASE_FIELDS: readonly string[] = [
  "case_number",
  "offense_category",
] satisfies (keyof CaseFieldValues)[];

/**
 * The field errors of a refusal that is only about the case fields (the agency requires a case number
 * or an offense category, or the category is not on its list): shown on the fields, not as a failure.
 */
function caseFieldRefusal(error: unknown): CaseFieldErrors | null {
  if (!isApiError(error) || error.status !== 400 || error.details.length === 0) return null;
  if (!error.details.every((issue) => CASE_FIELDS.includes(issue.path))) return null;
  const fields: CaseFieldErrors = {};
  for (const issue of error.details) fields[issue.path as keyof CaseFieldValues] ??= issue.message;
  return fields;
}

/** Only Odin's own error messages are shown; anything else (a parse failure) stays 'Search failed.'. */
function failureDetails(error: unknown): string[] {
  if (!isApiError(error)) return [];
  const messages = [error.message, ...error.details.map((issue) => issue.message)];
  return [...new Set(messages.filter((message) => message && message !== MESSAGES.searchFailed))];
}
