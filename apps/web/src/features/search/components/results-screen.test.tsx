import { MESSAGES, type TSearchResult } from "@odin/contract";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CurrentUserProvider } from "@/app/current-user";
import { INVESTIGATOR, jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import { mapResult } from "@/testing/search-results";
import { ResultsScreen } from "./results-screen";
import { renderWithQuery } from "@/testing/query";

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

function renderResults(results: TSearchResult[], filters: Record<string, boolean> = {}) {
  const state = {
    searchResults: results,
    previousSearchParams: {
      justification: "Case 1",
      start_time: "2025-03-01T00:00:00.000Z",
      end_time: "2025-03-02T00:00:00.000Z",
      filters,
    },
    sourceStatuses: [],
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
