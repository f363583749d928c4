import {
  MESSAGES,
  SEARCH_NEXT_PAGE_HEADER,
  SEARCH_SOURCES_HEADER,
  type TSearchResult,
  type TSourceStatus,
} from "@odin/contract";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CurrentUserProvider } from "@/lib/auth/current-user";
import { INVESTIGATOR, jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import { mapResult, sourceStatus } from "@/testing/search-results";
import { ResultsScreen } from "./results-screen";
import { renderWithQuery } from "@/testing/query";
import { loadLastResults, saveLastResults } from "../search-memory";
import type { ResultsState } from "../search-params";

const fetchMock = stubFetchPerTest();
beforeEach(() => {
  fetchMock.mockImplementation(async (input) => {
    const path = urlOf(input);
    if (path.startsWith("/geocode/reverse?")) return jsonResponse({ address: "100 Main St, Hartford, CT" });
    throw new Error(`unexpected call ${path}`);
  });
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
});

const READS = [
  mapResult({ id: "rekor-1", plate: "ABC1234", timestamp: "2025-03-01T15:00:00.000Z" }),
  mapResult({ id: "axon-2", plate: "XYZ987", source_program: "Axon", camera_name: "Park St EB" }),
];

function renderResults(
  results: TSearchResult[],
  filters: Record<string, boolean> = {},
  extra: { plate?: string; match?: string; where?: string } = {},
) {
  const { where, ...asked } = extra;
  const state = {
    searchResults: results,
    previousSearchParams: {
      justification: "Case 1",
      start_time: "2025-03-01T00:00:00.000Z",
      end_time: "2025-03-02T00:00:00.000Z",
      filters,
      ...asked,
    },
    sourceStatuses: [],
    ...(where ? { where } : {}),
  };
  renderWithQuery(
    <CurrentUserProvider user={INVESTIGATOR}>
      <MemoryRouter initialEntries={[{ pathname: "/results", state }]}>
        <ResultsScreen />
      </MemoryRouter>
    </CurrentUserProvider>,
  );
}

describe("ResultsScreen (000 §2)", () => {
  it("says in its header how the plate was matched and where an investigation looked (issue 40 item 3)", () => {
    renderResults(READS, {}, { plate: "abc1234", match: "exact" });
    expect(screen.getByText(/for plate ABC1234 \(exact match\)/)).toBeInTheDocument();
    cleanup();
    renderResults(READS, {}, { plate: "abc12" });
    expect(screen.getByText(/for plate ABC12 \(Similar match\)/)).toBeInTheDocument();
    cleanup();
    renderResults(READS, {}, { where: "within 500 m of 41.76580, -72.67340" });
    expect(screen.getByText(/results from .* within 500 m of 41\.76580, -72\.67340$/)).toBeInTheDocument();
  });

  it("opens on Table View with the spec's columns; the exports wait for a selection", () => {
    renderResults(READS);
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Table View", "Map View"]);
    expect(screen.getByRole("tab", { name: "Table View" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "",
      "Program↕",
      "Plate↕",
      "State",
      "Make",
      "Color",
      "Body Type",
      "Agency↕",
      "Camera↕",
      "Timestamp↕",
      "Vehicle Image",
      "Plate Image",
    ]);
    const pdf = screen.getByRole("button", { name: MESSAGES.exportSelectedToPdf });
    const zip = screen.getByRole("button", { name: MESSAGES.exportSelectedToZip });
    expect(pdf).toBeDisabled();
    expect(zip).toBeDisabled();
    fireEvent.click(screen.getByLabelText("Select all results"));
    expect(screen.getByLabelText("Select ABC1234")).toBeChecked();
    expect(screen.getByLabelText("Select XYZ987")).toBeChecked();
    expect(pdf).toBeEnabled();
    expect(zip).toBeEnabled();
    fireEvent.click(screen.getByRole("tab", { name: "Map View" }));
    expect(screen.getByRole("tab", { name: "Map View" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("region", { name: "Results map" })).toBeInTheDocument();
  });

  it("says 'No results found.' in the table view when the search found nothing", () => {
    renderResults([]);
    expect(screen.getByText("No results found.")).toBeInTheDocument();
  });

  it("says the features were not applied when the search ticked one, and only then", () => {
    renderResults(READS, { bumper_stickers: true, top_rack: false });
    expect(screen.getByText("Features were not applied")).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.featuresNotApplied)).toBeInTheDocument();
    expect(MESSAGES.featuresNotApplied).toMatch(/^Rekor, Axon and RAVEN do not report these features/);
  });

  it("shows no such notice for a search without features", () => {
    renderResults(READS, { bumper_stickers: false });
    expect(screen.queryByText("Features were not applied")).not.toBeInTheDocument();
  });

  it("opens a row's detail: 'Plate: {plate}', State, Agency, Timestamp, Camera, the source logo, the map's popup", async () => {
    renderResults(READS);
    fireEvent.click(screen.getByText("ABC1234"));
    const dialog = screen.getByRole("dialog", { name: "Detection details" });
    const fact = (term: string) => within(dialog).getByText(term, { selector: "dt" }).nextElementSibling;
    expect(fact("Plate")).toHaveTextContent("Plate: ABC1234");
    expect(fact("State")).toHaveTextContent("CT");
    expect(fact("Agency")).toHaveTextContent("Hartford PD");
    expect(fact("Camera")).toHaveTextContent("Main St NB");
    expect(fact("Timestamp")).toHaveTextContent(new Date("2025-03-01T15:00:00.000Z").toLocaleString());
    expect(within(dialog).getByRole("img", { name: "Rekor" })).toBeInTheDocument();
    expect(await within(dialog).findByText("100 Main St, Hartford, CT")).toBeInTheDocument();
    // The map's marker popup, open from the start, says 'Plate: {plate}' too.
    const popup = dialog.querySelector(".result-detail__map .leaflet-popup-content");
    expect(popup).toHaveTextContent("Plate: ABC1234");
  });

  it("sorts by a column header (aria-sort), filters the loaded results and shows the hotlist badge (issue 20)", () => {
    renderResults([
      ...READS,
      mapResult({
        id: "axis-3",
        plate: "AAA111",
        source_program: "Axis",
        hotlists: [{ group_id: 4, group_name: "Stolen Vehicles" }],
      }),
    ]);
    const plates = () =>
      Array.from(document.querySelectorAll("tbody .results-table__plate")).map(
        (cell) => cell.firstChild?.textContent,
      );
    expect(plates()).toEqual(["ABC1234", "XYZ987", "AAA111"]);
    const plateHeader = screen.getByRole("columnheader", { name: "Plate" });
    expect(plateHeader).toHaveAttribute("aria-sort", "none");
    fireEvent.click(within(plateHeader).getByRole("button", { name: "Plate" }));
    expect(plateHeader).toHaveAttribute("aria-sort", "ascending");
    expect(plates()).toEqual(["AAA111", "ABC1234", "XYZ987"]);
    fireEvent.click(within(plateHeader).getByRole("button", { name: "Plate" }));
    expect(plateHeader).toHaveAttribute("aria-sort", "descending");
    expect(plates()).toEqual(["XYZ987", "ABC1234", "AAA111"]);
    expect(screen.getByText("On hotlist: Stolen Vehicles")).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText("Filter results"), { target: { value: "park st" } });
    expect(plates()).toEqual(["XYZ987"]);
    expect(screen.getByText("Showing 1 of 3")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Filter results"), { target: { value: "no such thing" } });
    expect(screen.getByText("No loaded result matches the filter")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Filter results"), { target: { value: "hotlist" } });
    fireEvent.click(screen.getByText("AAA111"));
    const dialog = screen.getByRole("dialog", { name: "Detection details" });
    expect(within(dialog).getByText("On hotlist: Stolen Vehicles")).toBeInTheDocument();
  });

  it("after a refresh (no navigation state) shows the tab's last results with their filter (issue 20)", () => {
    renderResults(READS);
    fireEvent.change(screen.getByLabelText("Filter results"), { target: { value: "park" } });
    cleanup();
    renderWithQuery(
      <CurrentUserProvider user={INVESTIGATOR}>
        <MemoryRouter initialEntries={["/results"]}>
          <ResultsScreen />
        </MemoryRouter>
      </CurrentUserProvider>,
    );
    expect(screen.getByLabelText("Filter results")).toHaveValue("park");
    expect(screen.getByText("XYZ987")).toBeInTheDocument();
    expect(screen.queryByText("ABC1234")).not.toBeInTheDocument();
    window.sessionStorage.clear();
  });
});

describe("ResultsScreen: a paged answer's older results (issue 21)", () => {
  const PARAMS = {
    justification: "Case 1",
    start_time: "2025-03-01T00:00:00.000Z",
    end_time: "2025-03-02T00:00:00.000Z",
    agencies: [],
    filters: {},
    page_size: 2,
  } as unknown as ResultsState["previousSearchParams"];
  const status = sourceStatus;
  const read = (id: string, plate: string, source_program: TSearchResult["source_program"] = "Rekor") =>
    mapResult({ id, plate, source_program });
  const FIRST: ResultsState = {
    searchResults: [read("r-1", "AAA001"), read("x-1", "BBB001", "Axon")],
    previousSearchParams: PARAMS,
    sourceStatuses: [status("Rekor", 1, { notice: "Rekor keeps 90 days of reads." }), status("Axon", 1)],
    nextCursor: "cursor-2",
  };

  /** A page of POST /search-data/next, as the server answers it. */
  const page = (results: TSearchResult[], statuses: TSourceStatus[], next: string | null) =>
    jsonResponse(results, {
      headers: {
        [SEARCH_SOURCES_HEADER]: JSON.stringify(statuses),
        ...(next ? { [SEARCH_NEXT_PAGE_HEADER]: next } : {}),
      },
    });

  type Answer = (body: Record<string, unknown>) => Response | Promise<Response>;
  /** Answers the pages by the cursor asked for; the bodies sent are kept. */
  function answerPages(byCursor: Record<string, Answer>) {
    const sent: Record<string, unknown>[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const path = urlOf(input);
      if (path !== "/search-data/next") throw new Error(`unexpected call ${path}`);
      const body = JSON.parse(init?.body as string) as Record<string, unknown>;
      sent.push(body);
      const answer = byCursor[body.cursor as string];
      if (!answer) throw new Error(`unexpected cursor ${String(body.cursor)}`);
      return answer(body);
    });
    return sent;
  }

  /**
   * Every promise continuation already queued has run (a macrotask comes only once the microtask queue
   * is empty): the point after which a call that was going to be made has been made. Not a wait for time.
   */
  const drained = () => new Promise<void>((resolve) => setImmediate(resolve));

  /** A promise the test settles. */
  function later<T>() {
    let settle: (value: T) => void = () => {};
    const promise = new Promise<T>((resolve) => (settle = resolve));
    return { promise, settle };
  }

  const renderState = (state: ResultsState | null) =>
    renderWithQuery(
      <CurrentUserProvider user={INVESTIGATOR}>
        <MemoryRouter initialEntries={[state ? { pathname: "/results", state } : "/results"]}>
          <ResultsScreen />
        </MemoryRouter>
      </CurrentUserProvider>,
    );
  const plates = () =>
    Array.from(document.querySelectorAll("tbody .results-table__plate")).map(
      (cell) => cell.firstChild?.textContent,
    );
  const summary = () =>
    within(screen.getByRole("list", { name: "Sources searched" }))
      .getAllByRole("listitem")
      .map((item) => item.textContent);
  const pagingStatus = () => document.querySelector(".results-paging [role=status]")!;

  it("shows the first page at once, appends the older pages one after another (skipping reads already loaded) and merges the sources", async () => {
    const third = later<Response>();
    const sent = answerPages({
      "cursor-2": () =>
        page(
          // x-1 came with the first page already (the same read twice at a page's edge): skipped.
          [read("x-1", "BBB001", "Axon"), read("r-2", "AAA002"), read("x-2", "BBB002", "Axon")],
          [status("Rekor", 1), status("Axon", 2)],
          "cursor-3",
        ),
      "cursor-3": () => third.promise,
    });
    renderState(FIRST);
    // The first page is there at once, with the line saying older ones are coming.
    expect(plates()).toEqual(["AAA001", "BBB001"]);
    expect(pagingStatus()).toHaveTextContent("Showing the newest 2 results · loading older ones…");
    expect(screen.getByText(/^Select results to export · older results still loading$/)).toBeInTheDocument();

    // The second page: appended, the repeated read once only; the line counts what is loaded.
    await waitFor(() => expect(plates()).toEqual(["AAA001", "BBB001", "AAA002", "BBB002"]));
    expect(pagingStatus()).toHaveTextContent("Showing the newest 4 results · loading older ones…");
    expect(summary()).toEqual(["Rekor2 found", "Axon2 found"]);
    // Each page is asked with the search as first sent (page_size too) and the last page's cursor. The
    // third is asked just after the second is shown: on a loaded machine, not yet at this line.
    await waitFor(() =>
      expect(sent).toEqual([
        { ...PARAMS, cursor: "cursor-2" },
        { ...PARAMS, cursor: "cursor-3" },
      ]),
    );
    // The tab keeps what is loaded and where to go on from (a refresh resumes there).
    expect(loadLastResults(INVESTIGATOR.username)).toMatchObject({ nextCursor: "cursor-3" });
    expect(loadLastResults(INVESTIGATOR.username)?.searchResults).toHaveLength(4);

    // The last page: RAVEN answers for the first time, Axon times out; no cursor, so loading stops.
    await act(async () =>
      third.settle(
        page(
          [read("a-1", "CCC001", "Axis")],
          [status("Axis", 1), status("Axon", 0, { status: "timeout", error: "no answer in 20 s" })],
          null,
        ),
      ),
    );
    await waitFor(() => expect(plates()).toEqual(["AAA001", "BBB001", "AAA002", "BBB002", "CCC001"]));
    expect(summary()).toEqual(["Rekor2 found", "Axontimed out", "RAVEN1 found"]);
    expect(screen.getByText("Rekor keeps 90 days of reads.")).toBeInTheDocument();
    expect(screen.getByText(/Axon did not answer in time\./)).toBeInTheDocument();
    // The line is gone (screen readers hear all are loaded); the count stays; no more calls.
    expect(screen.queryByText(/loading older ones/)).not.toBeInTheDocument();
    expect(pagingStatus()).toHaveTextContent("All 5 results are loaded.");
    expect(pagingStatus().parentElement).toHaveClass("visually-hidden");
    expect(screen.getByText("Showing all 5")).toBeInTheDocument();
    expect(screen.getByText(/^Select results to export$/)).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(loadLastResults(INVESTIGATOR.username)?.searchResults).toHaveLength(5);
    expect(loadLastResults(INVESTIGATOR.username)?.nextCursor ?? null).toBeNull();

    // Select all and the exports act on everything loaded.
    fireEvent.click(screen.getByLabelText("Select all results"));
    expect(screen.getByText("5 selected")).toBeInTheDocument();
  });

  it("after a refresh goes on from the page it had reached, not from the second", async () => {
    const pending = later<Response>();
    const sent = answerPages({
      "cursor-2": () => page([read("r-2", "AAA002")], [status("Rekor", 1)], "cursor-3"),
      "cursor-3": () => pending.promise,
    });
    renderState(FIRST);
    await waitFor(() => expect(sent).toHaveLength(2));
    cleanup();
    // The browser keeps the navigation's state (the first page) over a refresh.
    renderState(FIRST);
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toMatchObject({ cursor: "cursor-3" });
    expect(plates()).toEqual(["AAA001", "BBB001", "AAA002"]);
    expect(summary()).toEqual(["Rekor2 found", "Axon1 found"]);
    // Another search's kept results are not taken for this one's.
    cleanup();
    saveLastResults(INVESTIGATOR.username, { ...FIRST, searchResults: [] }, "another-search");
    renderState(FIRST);
    await waitFor(() => expect(sent).toHaveLength(4));
    expect(sent[3]).toMatchObject({ cursor: "cursor-2" });
    await waitFor(() => expect(plates()).toEqual(["AAA001", "BBB001", "AAA002"]));
  });

  it("says older results could not be loaded with the server's message, and Try again asks for the same page", async () => {
    let fails = true;
    const sent = answerPages({
      "cursor-2": () =>
        fails
          ? jsonResponse(
              { error: { code: "UPSTREAM", message: "Rekor did not answer. Try again in a moment." } },
              { status: 502 },
            )
          : page([read("r-2", "AAA002")], [status("Rekor", 1)], null),
    });
    renderState(FIRST);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Older results could not be loaded.");
    expect(alert).toHaveTextContent("Rekor did not answer. Try again in a moment.");
    expect(screen.queryByText(/loading older ones/)).not.toBeInTheDocument();
    expect(plates()).toEqual(["AAA001", "BBB001"]);
    expect(sent).toHaveLength(1);

    fails = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(pagingStatus()).toHaveTextContent("loading older ones…");
    await waitFor(() => expect(plates()).toEqual(["AAA001", "BBB001", "AAA002"]));
    expect(sent.map((body) => body.cursor)).toEqual(["cursor-2", "cursor-2"]);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("a cursor that can no longer be continued says to search again, without Try again", async () => {
    answerPages({
      "cursor-2": () =>
        jsonResponse(
          { error: { code: "VALIDATION", message: MESSAGES.searchPageCursorInvalid } },
          { status: 400 },
        ),
    });
    renderState(FIRST);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Older results could not be loaded.");
    expect(alert).toHaveTextContent(MESSAGES.searchPageCursorInvalid);
    expect(within(alert).queryByRole("button")).not.toBeInTheDocument();
    expect(plates()).toEqual(["AAA001", "BBB001"]);
  });

  it("cancels the page being loaded when the screen goes, and asks for no more", async () => {
    const pending = later<Response>();
    answerPages({ "cursor-2": () => pending.promise });
    const { unmount } = renderState(FIRST);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const signal = fetchMock.mock.calls[0]![1]!.signal!;
    expect(signal.aborted).toBe(false);
    unmount();
    expect(signal.aborted).toBe(true);
    // The page still arrives (the stub ignores the abort) and the app's client reads it through: once
    // its body is read and every continuation queued behind it has run, nothing more was asked.
    const late = page([read("r-2", "AAA002")], [status("Rekor", 1)], "cursor-3");
    const reading = vi.spyOn(late, "text");
    pending.settle(late);
    await vi.waitFor(() => expect(reading).toHaveBeenCalled());
    await reading.mock.results[0]!.value;
    await drained();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("asks for nothing when the answer came whole", async () => {
    renderState({ ...FIRST, nextCursor: null });
    // The render ran the screen's effects; a page asked for would reach fetch a few promise hops later.
    await drained();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText(/loading older ones/)).not.toBeInTheDocument();
    expect(screen.getByText(/^Select results to export$/)).toBeInTheDocument();
  });
});
