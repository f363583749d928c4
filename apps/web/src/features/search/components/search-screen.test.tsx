import { MESSAGES, SEARCH_NEXT_PAGE_HEADER, SEARCH_SOURCES_HEADER } from "@odin/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import { loadRecentSearches, rememberSearch } from "../search-memory";
import { defaultSearchForm, presetRange, toSearchRequest } from "../search-params";
import { SearchScreen } from "./search-screen";
import { renderWithQuery } from "@/testing/query";

const NOW = new Date(2026, 10, 21, 14, 30); // local time, as the form shows it

const REKOR = [
  { id: 2, agency: "Hartford PD", api_key: "••••••••1234", source_program: "Rekor" },
  { id: 1, agency: "Bristol PD", api_key: "••••••••5678", source_program: "Rekor" },
];
const AXON = [{ base_url: "https://axon.example/hfd", agency_name: "Hartford PD" }];
const AXIS = [
  {
    id: 7,
    agency_name: "New Haven PD",
    integrations: [{ identifier: "nh-lpv-01" }, { identifier: "nh-lpv-02" }],
  },
];
const RESULT = {
  id: "r-1",
  plate: "AK47281",
  timestamp: "2026-11-21T13:00:00.000Z",
  source_program: "Rekor",
  agency: "Hartford PD",
};
const STATUSES = [{ source: "Rekor", status: "ok", count: 1, elapsed_ms: 120 }];

const fetchMock = stubFetchPerTest();
type Route = () => Response | Promise<Response>;

/** Answers by path: the three agency lists and POST /search-data. */
function answer(routes: Partial<Record<string, Route>> = {}) {
  const all: Record<string, Route> = {
    "/api-keys-data": () => jsonResponse(REKOR),
    "/axon-authorized-integrations": () => jsonResponse(AXON),
    "/axis-authorized-agencies": () => jsonResponse(AXIS),
    "/case-fields": () =>
      jsonResponse({
        require_case_number: true,
        require_offense_category: false,
        offense_categories: ["Motor vehicle theft", "Robbery"],
      }),
    "/search-data": () =>
      jsonResponse([RESULT], { headers: { [SEARCH_SOURCES_HEADER]: JSON.stringify(STATUSES) } }),
    ...routes,
  };
  fetchMock.mockImplementation(async (input) => {
    const route = all[urlOf(input)];
    if (!route) throw new Error(`unexpected call ${urlOf(input)}`);
    return route();
  });
}

const searchCalls = () => fetchMock.mock.calls.filter(([input]) => urlOf(input) === "/search-data");
const sentBody = () => JSON.parse(searchCalls()[0]?.[1]?.body as string);

/** Stands in for the results screen: shows the navigation state it received. */
function ResultsProbe() {
  return <pre data-testid="results-state">{JSON.stringify(useLocation().state)}</pre>;
}

function renderSearch(entry: InitialEntry = "/search") {
  return renderWithQuery(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/search" element={<SearchScreen />} />
        <Route path="/results" element={<ResultsProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

const preset = (name: string) => screen.getByRole("button", { name });
const section = (name: string) => screen.getByRole("region", { name: `${name} agencies` });
const justification = () => screen.getByLabelText(/Justification/);
const search = () => fireEvent.click(screen.getByRole("button", { name: "Search" }));

const moreFilters = () => screen.getByRole("button", { name: /^More filters/ });
/** Opens the "More filters" drawer (issue 40 item 2) where state, colour, make, body type, agencies and features are. */
function openMoreFilters() {
  if (moreFilters().getAttribute("aria-expanded") === "false") fireEvent.click(moreFilters());
}

/** The drawer opened, and the three sources' agencies listed. */
async function agenciesLoaded() {
  openMoreFilters();
  await within(section("RAVEN")).findByRole("checkbox", { name: "New Haven PD" });
  await within(section("Rekor")).findByRole("checkbox", { name: "Bristol PD" });
  await within(section("Axon")).findByRole("checkbox", { name: "Hartford PD" });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
});

describe("SearchScreen", () => {
  it("reaches Search from the plate in at most 5 Tab presses: justification, match, case fields (issue 40 item 2)", async () => {
    answer();
    renderSearch();
    // The agencies loaded, in the folded drawer: their controls are not Tab stops.
    await screen.findByRole("checkbox", { name: "New Haven PD", hidden: true });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText("License plate"));
    const passed: string[] = [];
    for (let press = 1; press <= 60; press++) {
      await user.tab();
      const focused = document.activeElement as HTMLElement;
      if (focused === screen.getByRole("button", { name: "Search" })) break;
      passed.push(
        focused.getAttribute("name") ?? focused.getAttribute("aria-label") ?? focused.textContent ?? "",
      );
    }
    expect(screen.getByRole("button", { name: "Search" })).toHaveFocus();
    expect(passed).toEqual(["justification", "match", "case_number", "offense_category"]);
    expect(passed.length + 1).toBeLessThanOrEqual(5);
  });

  it("after Search and Clear: the time range, then the drawer: state, colour, make, body type, agencies, features (issue 40 item 2)", async () => {
    answer();
    renderSearch();
    await agenciesLoaded();
    const form = screen.getByRole("form", { name: "Search LPR records" });
    const stops = Array.from(form.querySelectorAll<HTMLElement>("input, select, button, textarea"));
    const at = (element: HTMLElement) => stops.indexOf(element);
    const order = [
      screen.getByLabelText("License plate"),
      justification(),
      screen.getByLabelText("Match"),
      screen.getByLabelText(/^Case number/),
      screen.getByLabelText(/^Offense category/),
      screen.getByRole("button", { name: "Search" }),
      screen.getByRole("button", { name: "Clear" }),
      preset("1 Hour"),
      screen.getByLabelText("End"),
      moreFilters(),
      screen.getByLabelText("State", { selector: "select" }),
      screen.getByLabelText("Color"),
      screen.getByLabelText("Make"),
      screen.getByLabelText("Body type"),
      within(section("Rekor")).getAllByRole("checkbox")[0]!,
      within(section("RAVEN")).getAllByRole("checkbox").at(-1)!,
      screen.getByRole("checkbox", { name: "Top rack" }),
      screen.getByRole("checkbox", { name: "Window stickers" }),
    ].map(at);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBe(0);
  });

  it("the 'More filters' drawer: a real disclosure, folded at first, saying what is set (issue 40 item 2)", async () => {
    answer();
    renderSearch();
    const toggle = moreFilters();
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveTextContent("More filters · none set");
    expect(
      screen.getByText("State, color, make, body type, agencies and vehicle features."),
    ).toBeInTheDocument();
    const body = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    expect(body).not.toBeVisible();
    expect(screen.queryByRole("checkbox", { name: "Top rack" })).not.toBeInTheDocument();
    // The default range stays in sight with the drawer folded.
    expect(screen.getByText("24 Hours (from 11/20/2026, 14:30 to 11/21/2026, 14:30)")).toBeVisible();

    const user = userEvent.setup();
    toggle.focus();
    await user.keyboard("{Enter}");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(body).toBeVisible();
    await within(section("Rekor")).findByRole("checkbox", { name: "Bristol PD" });
    fireEvent.change(screen.getByLabelText("Make"), { target: { value: "Honda" } });
    fireEvent.click(within(section("Rekor")).getByRole("checkbox", { name: "Select all Rekor agencies" }));
    fireEvent.click(await within(section("Axon")).findByRole("checkbox", { name: "Hartford PD" }));
    expect(toggle).toHaveTextContent("More filters · 2 set: Make Honda, Agencies 3");
    fireEvent.change(screen.getByLabelText("Body type"), { target: { value: "sedan-sports" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Top rack" }));
    expect(toggle).toHaveTextContent("4 set: Make Honda, Body type Coupe, Agencies 3, Top rack");
    await user.keyboard(" ");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(body).not.toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(toggle).toHaveTextContent("More filters · none set");
  });

  it("starts on the last 24 hours, with every control of the spec", async () => {
    answer();
    renderSearch();
    openMoreFilters();
    expect(screen.getByRole("heading", { level: 1, name: "Search LPR Records" })).toBeInTheDocument();
    expect(preset("24 Hours")).toHaveAttribute("aria-pressed", "true");
    for (const other of ["1 Hour", "7 Days", "30 Days", "90 Days"]) {
      expect(preset(other)).toHaveAttribute("aria-pressed", "false");
    }
    expect(screen.getByText("24 Hours (from 11/20/2026, 14:30 to 11/21/2026, 14:30)")).toBeInTheDocument();
    expect(screen.getByLabelText("Start")).toHaveValue("2026-11-20T14:30");
    expect(screen.getByLabelText("End")).toHaveValue("2026-11-21T14:30");

    expect(justification()).toBeRequired();
    expect(screen.getByText("Required. Recorded in the audit log with this search.")).toBeInTheDocument();
    const state = screen.getByLabelText("State");
    expect(within(state).getAllByRole("option")).toHaveLength(51);
    expect(within(state).getByRole("option", { name: "Connecticut" })).toHaveValue("CT");
    expect(
      within(screen.getByLabelText("Color")).getByRole("option", { name: "Orange (Rekor only)" }),
    ).toHaveValue("Orange");
    expect(within(screen.getByLabelText("Color")).getByRole("option", { name: "Blue" })).toBeInTheDocument();
    expect(within(screen.getByLabelText("Make")).getByRole("option", { name: "Yamaha" })).toBeInTheDocument();
    expect(within(screen.getByLabelText("Body type")).getByRole("option", { name: "Coupe" })).toHaveValue(
      "sedan-sports",
    );
    for (const flag of ["Top rack", "Back rack", "Bumper stickers", "Window stickers"]) {
      expect(screen.getByRole("checkbox", { name: flag })).not.toBeChecked();
    }

    await agenciesLoaded();
    expect(within(section("RAVEN")).getByRole("img", { name: "RAVEN" })).toBeInTheDocument();
    const rekor = within(section("Rekor")).getAllByRole("checkbox");
    // Select all, then the agencies by name; the value is the id as a string.
    expect(rekor.map((box) => box.getAttribute("aria-label") ?? box.parentElement?.textContent)).toEqual([
      "Select all Rekor agencies",
      "Bristol PD",
      "Hartford PD",
    ]);
    expect(rekor[1]).toHaveAttribute("value", "1");
    expect(within(section("Axon")).getByRole("checkbox", { name: "Hartford PD" })).toHaveAttribute(
      "value",
      "https://axon.example/hfd",
    );
    expect(screen.getByText("Nothing ticked searches every agency you have access to.")).toBeInTheDocument();
  });

  it("marks a clicked preset; editing a custom date clears the mark", async () => {
    answer();
    renderSearch();
    fireEvent.click(preset("7 Days"));
    expect(preset("7 Days")).toHaveAttribute("aria-pressed", "true");
    expect(preset("24 Hours")).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByText("7 Days (from 11/14/2026, 14:30 to 11/21/2026, 14:30)")).toBeInTheDocument();
    expect(screen.getByLabelText("Start")).toHaveValue("2026-11-14T14:30");

    fireEvent.change(screen.getByLabelText("Start"), { target: { value: "2026-11-10T08:00" } });
    expect(screen.getByLabelText("Start")).toHaveValue("2026-11-10T08:00");
    for (const name of ["1 Hour", "24 Hours", "7 Days", "30 Days", "90 Days"]) {
      expect(preset(name)).toHaveAttribute("aria-pressed", "false");
    }
    expect(screen.getByText(MESSAGES.noTimeRangeSelected)).toBeInTheDocument();
    await agenciesLoaded();
  });

  it("Clear resets every field, unticks every agency and returns to 24 hours", async () => {
    answer();
    renderSearch();
    await agenciesLoaded();
    fireEvent.change(screen.getByLabelText("License plate"), { target: { value: "AK47281" } });
    fireEvent.change(screen.getByLabelText("State"), { target: { value: "CT" } });
    fireEvent.change(justification(), { target: { value: "Case 7" } });
    fireEvent.click(preset("1 Hour"));
    fireEvent.click(screen.getByRole("checkbox", { name: "Top rack" }));
    fireEvent.click(within(section("Rekor")).getByRole("checkbox", { name: "Bristol PD" }));
    fireEvent.click(within(section("RAVEN")).getByRole("checkbox", { name: "New Haven PD" }));

    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.getByLabelText("License plate")).toHaveValue("");
    expect(screen.getByLabelText("State")).toHaveValue("");
    expect(justification()).toHaveValue("");
    expect(preset("24 Hours")).toHaveAttribute("aria-pressed", "true");
    expect(preset("1 Hour")).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("checkbox", { name: "Top rack" })).not.toBeChecked();
    for (const box of screen.getAllByRole("checkbox")) expect(box).not.toBeChecked();
  });

  it("sends the case number and the offense category from the agency's list (issue 23)", async () => {
    answer();
    renderSearch();
    await agenciesLoaded();
    const category = screen.getByLabelText(/^Offense category/);
    await waitFor(() => expect(within(category).getAllByRole("option")).toHaveLength(3));
    expect(screen.getByLabelText(/^Case number/)).toBeRequired();
    expect(screen.getByText(/Required by your agency/)).toBeInTheDocument();
    fireEvent.change(justification(), { target: { value: "Stolen car" } });
    fireEvent.change(screen.getByLabelText(/^Case number/), { target: { value: " 2026-118 " } });
    fireEvent.change(category, { target: { value: "Robbery" } });
    search();
    await waitFor(() => expect(searchCalls()).toHaveLength(1));
    expect(sentBody()).toMatchObject({ case_number: "2026-118", offense_category: "Robbery" });
  });

  it("without a justification shows the alert and sends nothing", async () => {
    answer();
    renderSearch();
    await agenciesLoaded();
    fireEvent.change(justification(), { target: { value: "   " } });
    search();
    expect(screen.getByRole("alert")).toHaveTextContent("Justification and date range are required.");
    expect(justification()).toHaveFocus();
    expect(justification()).toHaveAttribute("aria-invalid", "true");
    fireEvent.change(screen.getByLabelText("Start"), { target: { value: "" } });
    fireEvent.change(justification(), { target: { value: "Case 7" } });
    search();
    expect(screen.getByRole("alert")).toHaveTextContent("Justification and date range are required.");
    expect(searchCalls()).toHaveLength(0);
  });

  it("select-all ticks every agency of its source only, and shows a partial selection", async () => {
    answer();
    renderSearch();
    await agenciesLoaded();
    const rekor = within(section("Rekor"));
    const selectAll = rekor.getByRole("checkbox", { name: "Select all Rekor agencies" });
    fireEvent.click(selectAll);
    expect(rekor.getByRole("checkbox", { name: "Bristol PD" })).toBeChecked();
    expect(rekor.getByRole("checkbox", { name: "Hartford PD" })).toBeChecked();
    expect(within(section("Axon")).getByRole("checkbox", { name: "Hartford PD" })).not.toBeChecked();
    expect(within(section("Axon")).getByRole("button", { expanded: true })).toHaveTextContent("Not searched");

    fireEvent.click(rekor.getByRole("checkbox", { name: "Hartford PD" }));
    expect(selectAll).toBePartiallyChecked();
    expect(rekor.getByRole("button", { expanded: true })).toHaveTextContent("1 of 2 selected");
    fireEvent.click(selectAll);
    expect(selectAll).toBeChecked();
    fireEvent.click(selectAll);
    expect(rekor.getByRole("checkbox", { name: "Bristol PD" })).not.toBeChecked();
  });

  it("ticking a RAVEN agency selects all its integration identifiers, and sends them", async () => {
    answer();
    renderSearch();
    await agenciesLoaded();
    const raven = within(section("RAVEN"));
    fireEvent.click(raven.getByRole("checkbox", { name: "New Haven PD" }));
    expect(raven.getByRole("checkbox", { name: "nh-lpv-01" })).toBeChecked();
    expect(raven.getByRole("checkbox", { name: "nh-lpv-02" })).toBeChecked();
    fireEvent.click(raven.getByRole("checkbox", { name: "nh-lpv-01" }));
    expect(raven.getByRole("checkbox", { name: "New Haven PD" })).toBePartiallyChecked();
    fireEvent.click(raven.getByRole("checkbox", { name: "New Haven PD" }));
    fireEvent.click(within(section("Axon")).getByRole("checkbox", { name: "Hartford PD" }));

    fireEvent.change(screen.getByLabelText("License plate"), { target: { value: " AK47281 " } });
    fireEvent.change(screen.getByLabelText("Body type"), { target: { value: "SUV" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Window stickers" }));
    fireEvent.change(justification(), { target: { value: " Case 2026-114 " } });
    fireEvent.submit(justification().closest("form")!); // Enter in a field
    await screen.findByTestId("results-state");
    expect(sentBody()).toEqual({
      plate: "ak47281",
      match: "similar",
      vehicle_body_type: "SUV",
      justification: "Case 2026-114",
      start_time: new Date(2026, 10, 20, 14, 30).toISOString(),
      end_time: new Date(NOW.getTime() + 59_999).toISOString(), // the end minute, to its last millisecond
      agencies: ["nh-lpv-02", "nh-lpv-01", "https://axon.example/hfd"],
      filters: { top_rack: false, back_rack: false, bumper_stickers: false, window_stickers: true },
    });
  });

  it("shows the loading modal, then opens /results with the results, the request and the statuses", async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    answer({
      "/search-data": async () => {
        await answered;
        return jsonResponse([RESULT], { headers: { [SEARCH_SOURCES_HEADER]: JSON.stringify(STATUSES) } });
      },
    });
    renderSearch();
    fireEvent.change(justification(), { target: { value: "Case 7" } });
    search();
    const modal = await screen.findByRole("dialog", { name: MESSAGES.searchInProgress });
    fireEvent.keyDown(document, { key: "Escape" });
    expect(modal).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Searching..." })).toBeDisabled();
    release();
    const state = JSON.parse((await screen.findByTestId("results-state")).textContent);
    expect(state.searchResults).toHaveLength(1);
    expect(state.searchResults[0]).toMatchObject({ id: "r-1", plate: "AK47281" });
    expect(state.previousSearchParams).toEqual(sentBody());
    expect(state.sourceStatuses).toEqual(STATUSES);
  });

  it("asks for the page size the server's app config gives, and opens /results with the next page's cursor (issue 21)", async () => {
    answer({
      "/search-data": () =>
        jsonResponse([RESULT], {
          headers: {
            [SEARCH_SOURCES_HEADER]: JSON.stringify(STATUSES),
            [SEARCH_NEXT_PAGE_HEADER]: "cursor-2",
          },
        }),
    });
    window.__ODIN_CONFIG__ = { oidc: null, ownerUsername: null, search: { pageSize: 500 } };
    try {
      renderSearch();
      fireEvent.change(justification(), { target: { value: "Case 7" } });
      search();
      const state = JSON.parse((await screen.findByTestId("results-state")).textContent);
      expect(sentBody()).toMatchObject({ justification: "Case 7", page_size: 500 });
      // /results goes on with the same request (page_size too) from the cursor.
      expect(state.previousSearchParams).toEqual(sentBody());
      expect(state.nextCursor).toBe("cursor-2");
      // The recent search is what was asked, not the server's page size of the day.
      expect(loadRecentSearches("")[0]!.params).not.toHaveProperty("page_size");
    } finally {
      delete window.__ODIN_CONFIG__;
    }
  });

  it("sends no page size when the app config gives none or 0, and /results has no cursor", async () => {
    for (const config of [undefined, { oidc: null, ownerUsername: null, search: { pageSize: 0 } }]) {
      answer();
      if (config) window.__ODIN_CONFIG__ = config;
      try {
        const { unmount } = renderSearch();
        fireEvent.change(justification(), { target: { value: "Case 7" } });
        search();
        const state = JSON.parse((await screen.findByTestId("results-state")).textContent);
        expect(sentBody()).not.toHaveProperty("page_size");
        expect(state.nextCursor).toBeNull();
        unmount();
        fetchMock.mockClear();
      } finally {
        delete window.__ODIN_CONFIG__;
      }
    }
  });

  it("shows 'Search failed.' with the server's message, and closes the loading modal", async () => {
    answer({
      "/search-data": () =>
        jsonResponse(
          {
            error: {
              code: "VALIDATION",
              message: "Invalid request.",
              details: [{ path: "end_time", message: MESSAGES.endBeforeStart }],
            },
          },
          { status: 400 },
        ),
    });
    renderSearch();
    fireEvent.change(justification(), { target: { value: "Case 7" } });
    search();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(MESSAGES.searchFailed);
    expect(alert).toHaveTextContent("Invalid request.");
    expect(alert).toHaveTextContent(MESSAGES.endBeforeStart);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Search" })).toBeEnabled();
  });

  it("marks the case number when the agency's rule refuses the search, not 'Search failed.' (issue 40)", async () => {
    const required = "Case number is required by your agency.";
    answer({
      "/search-data": () =>
        jsonResponse(
          {
            error: {
              code: "VALIDATION_FAILED",
              message: required,
              details: [{ path: "case_number", message: required }],
            },
          },
          { status: 400 },
        ),
    });
    renderSearch();
    await agenciesLoaded();
    fireEvent.change(justification(), { target: { value: "Case 7" } });
    search();
    const caseNumber = screen.getByLabelText(/^Case number/);
    await waitFor(() => expect(caseNumber).toHaveAttribute("aria-invalid", "true"));
    const describedBy = caseNumber.getAttribute("aria-describedby")?.split(" ") ?? [];
    const error = screen.getByText(required);
    expect(describedBy).toContain(error.id);
    expect(screen.queryByText(MESSAGES.searchFailed)).not.toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // The mark goes once the person gives a case number.
    fireEvent.change(caseNumber, { target: { value: "2026-118" } });
    expect(screen.queryByText(required)).not.toBeInTheDocument();
    expect(caseNumber).not.toHaveAttribute("aria-invalid");
  });

  it("treats a null answer as 'Search failed.'", async () => {
    answer({ "/search-data": () => jsonResponse(null) });
    renderSearch();
    fireEvent.change(justification(), { target: { value: "Case 7" } });
    search();
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.searchFailed);
    expect(screen.queryByTestId("results-state")).not.toBeInTheDocument();
  });

  it("refills the form from a previous search and re-marks '30 Days'", async () => {
    answer();
    const previousSearchParams = toSearchRequest({
      ...defaultSearchForm(NOW),
      ...presetRange("30 Days", new Date(2026, 10, 19, 9, 0)),
      preset: "30 Days",
      plate: "AK47281",
      plate_state: "CT",
      justification: "Case 9",
      agencies: ["1", "nh-lpv-01"],
      filters: { top_rack: true, back_rack: false, bumper_stickers: false, window_stickers: false },
    });
    renderSearch({ pathname: "/search", state: { previousSearchParams } });
    // Folded, the drawer says what the previous search set in it.
    expect(moreFilters()).toHaveTextContent("More filters · 3 set: State Connecticut, Agencies 2, Top rack");
    openMoreFilters();
    expect(screen.getByLabelText("License plate")).toHaveValue("ak47281");
    expect(screen.getByLabelText("State")).toHaveValue("CT");
    expect(justification()).toHaveValue("Case 9");
    expect(preset("30 Days")).toHaveAttribute("aria-pressed", "true");
    expect(preset("24 Hours")).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByText(/^30 Days \(from .+ to 11\/19\/2026, 09:00\)$/)).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Top rack" })).toBeChecked();
    await agenciesLoaded();
    expect(within(section("Rekor")).getByRole("checkbox", { name: "Bristol PD" })).toBeChecked();
    expect(within(section("RAVEN")).getByRole("checkbox", { name: "nh-lpv-01" })).toBeChecked();
    expect(within(section("RAVEN")).getByRole("checkbox", { name: "New Haven PD" })).toBePartiallyChecked();
  });

  it("says why it opened when /results had no search", async () => {
    answer();
    renderSearch({ pathname: "/search", state: { notice: "Run a search to see results." } });
    expect(screen.getByText("Run a search to see results.")).toBeInTheDocument();
    await agenciesLoaded();
  });

  it("shows each source's loading, error with Retry, and empty states; sections collapse", async () => {
    let rekorFails = true;
    answer({
      "/api-keys-data": () =>
        rekorFails
          ? jsonResponse({ error: { code: "INTERNAL", message: "Internal server error." } }, { status: 500 })
          : jsonResponse(REKOR),
      "/axon-authorized-integrations": () => jsonResponse([]),
    });
    renderSearch();
    openMoreFilters();
    expect(within(section("RAVEN")).getByRole("status")).toHaveTextContent("Loading RAVEN agencies...");
    expect(await within(section("Axon")).findByText("No agencies available")).toBeInTheDocument();
    expect(await within(section("Rekor")).findByRole("alert")).toHaveTextContent(
      "Rekor agencies could not be loaded.",
    );
    rekorFails = false;
    fireEvent.click(within(section("Rekor")).getByRole("button", { name: "Retry" }));
    expect(await within(section("Rekor")).findByRole("checkbox", { name: "Bristol PD" })).toBeVisible();

    const toggle = within(section("Rekor")).getByRole("button", { expanded: true });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(
      within(section("Rekor")).getByRole("checkbox", { name: "Bristol PD", hidden: true }),
    ).not.toBeVisible();
    // Select all stays reachable while the list is collapsed.
    expect(
      within(section("Rekor")).getByRole("checkbox", { name: "Select all Rekor agencies" }),
    ).toBeVisible();
  });

  it("lists the tab's recent searches and re-runs one with a justification given again (issue 20)", async () => {
    answer();
    // What a search through the form remembers (use-search-submit.ts), without its justification.
    rememberSearch(
      "",
      toSearchRequest({ ...defaultSearchForm(), plate: "ak47281", justification: "Case 2026-114" }),
    );
    renderSearch();
    const recent = screen.getByRole("heading", { name: "Recent searches" }).closest("section")!;
    expect(recent).toHaveTextContent(
      "Plate AK47281 · Similar match · No case number · Last 24 Hours · all agencies",
    );
    fireEvent.click(within(recent).getByRole("button", { name: /^Run again/ }));
    const rerun = within(recent).getByRole("form", { name: "Run the search again" });
    expect(within(rerun).getByLabelText("Justification")).toHaveValue("");
    fireEvent.click(within(rerun).getByRole("button", { name: "Search" }));
    expect(within(rerun).getByText(MESSAGES.justificationAndDateRangeRequired)).toBeInTheDocument();
    expect(searchCalls()).toHaveLength(0);
    fireEvent.change(within(rerun).getByLabelText("Justification"), { target: { value: "Case 2026-115" } });
    fireEvent.click(within(rerun).getByRole("button", { name: "Search" }));
    await screen.findByTestId("results-state");
    expect(searchCalls()).toHaveLength(1);
    const second = sentBody();
    expect(second).toMatchObject({ plate: "ak47281", justification: "Case 2026-115" });
    expect(Date.parse(second.end_time) - Date.parse(second.start_time)).toBe(24 * 3_600_000 + 59_999);
  });

  it("shows each recent search's case number and match mode with its plate, beside the form (issue 40 item 2)", async () => {
    answer();
    const base = { ...defaultSearchForm(), justification: "Stolen car" };
    rememberSearch(
      "",
      toSearchRequest({ ...base, plate: "ak47281", match: "exact", case_number: "2026-118" }),
    );
    rememberSearch(
      "",
      toSearchRequest({
        ...base,
        plate: "ak4",
        match: "partial",
        case_number: "2026-119",
        offense_category: "Robbery",
      }),
    );
    rememberSearch("", toSearchRequest({ ...base, vehicle_make: "Honda" }));
    renderSearch();
    const recent = screen.getByRole("region", { name: "Recent searches" });
    const items = within(recent).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent(/^Any plate · No case number · Honda · Last 24 Hours/);
    expect(items[1]).toHaveTextContent(
      /^Plate AK4 · Partial match · Case 2026-119 · Robbery · Last 24 Hours/,
    );
    expect(items[2]).toHaveTextContent(/^Plate AK47281 · Exact match · Case 2026-118 · Last 24 Hours/);
    // Beside the form (below it on narrow screens): the form's tab panel and the list share one row.
    const form = screen.getByRole("form", { name: "Search LPR records" });
    expect(recent.parentElement).toBe(screen.getByRole("tabpanel").parentElement);
    expect(recent.parentElement).toHaveClass("search-layout");
    expect(form.compareDocumentPosition(recent) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await screen.findByRole("checkbox", { name: "New Haven PD", hidden: true });
  });
});
