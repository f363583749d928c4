import { SEARCH_SOURCES_HEADER } from "@odin/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import { InvestigationPanel } from "./investigations-panel";
import { renderWithQuery } from "@/testing/query";

const CAMERAS = {
  cameras: [
    {
      id: "Axis:hfd-lpv-01",
      source_program: "Axis",
      name: "Park St at Washington St",
      agency: "Hartford PD",
      latitude: 41.76,
      longitude: -72.68,
    },
    {
      id: "Rekor:3:1101",
      source_program: "Rekor",
      name: "Main St northbound",
      agency: "Hartford PD",
      latitude: 41.77,
      longitude: -72.67,
    },
  ],
  notices: [
    {
      source: "Axon",
      notice:
        "Axon cameras cannot be listed (they ride in patrol cars): draw an area to include their reads.",
    },
  ],
};
const SETTINGS = {
  require_case_number: false,
  require_offense_category: false,
  offense_categories: ["Robbery"],
};

const fetchMock = stubFetchPerTest();
type Route = () => Response | Promise<Response>;

function answer(routes: Partial<Record<string, Route>> = {}) {
  const all: Record<string, Route> = {
    "/search/cameras": () => jsonResponse(CAMERAS),
    "/case-fields": () => jsonResponse(SETTINGS),
    "/search/area": () => jsonResponse([], { headers: { [SEARCH_SOURCES_HEADER]: "[]" } }),
    "/search/places": () => jsonResponse({ plates: [] }, { headers: { [SEARCH_SOURCES_HEADER]: "[]" } }),
    ...routes,
  };
  fetchMock.mockImplementation(async (input) => {
    const route = all[urlOf(input)];
    if (!route) throw new Error(`unexpected call ${urlOf(input)}`);
    return route();
  });
}

const sent = (path: string) =>
  fetchMock.mock.calls
    .filter(([input]) => urlOf(input) === path)
    .map(([, init]) => JSON.parse(init?.body as string) as Record<string, unknown>);

function ResultsProbe() {
  return <pre data-testid="results-state">{JSON.stringify(useLocation().state)}</pre>;
}

function renderTab(type: "area" | "places") {
  renderWithQuery(
    <MemoryRouter initialEntries={["/search"]}>
      <Routes>
        <Route path="/search" element={<InvestigationPanel type={type} />} />
        <Route path="/results" element={<ResultsProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

const search = () => fireEvent.click(screen.getByRole("button", { name: "Search" }));

describe("investigation tabs (issue 22)", () => {
  it("area: cameras picked from the list (no area drawn), with the case fields, open in the results", async () => {
    answer();
    renderTab("area");
    const list = await screen.findByRole("list", { name: "Cameras you may search" });
    expect(screen.getByText(/Axon cameras cannot be listed/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Justification/), { target: { value: "Case 2026-311" } });
    search();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Draw an area on the map or pick at least one camera.",
    );
    expect(sent("/search/area")).toHaveLength(0);

    const camera = within(list).getByRole("checkbox", { name: /Park St at Washington St/ });
    fireEvent.click(camera);
    expect(camera).toBeChecked();
    expect(screen.getByText("1 camera picked.")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Case number/), { target: { value: "2026-311" } });
    fireEvent.change(screen.getByLabelText(/^Offense category/), { target: { value: "Robbery" } });
    search();
    await screen.findByTestId("results-state");
    const [body] = sent("/search/area");
    expect(body).toMatchObject({
      justification: "Case 2026-311",
      case_number: "2026-311",
      offense_category: "Robbery",
      cameras: ["Axis:hfd-lpv-01"],
    });
    expect(body).not.toHaveProperty("area");
    expect(JSON.parse(screen.getByTestId("results-state").textContent)).toMatchObject({
      previousSearchParams: { case_number: "2026-311", offense_category: "Robbery" },
    });
  });

  it("refuses to send without the case number the agency requires", async () => {
    answer({ "/case-fields": () => jsonResponse({ ...SETTINGS, require_case_number: true }) });
    renderTab("area");
    const list = await screen.findByRole("list", { name: "Cameras you may search" });
    await waitFor(() => expect(screen.getByLabelText(/^Case number/)).toBeRequired());
    fireEvent.change(screen.getByLabelText(/Justification/), { target: { value: "Case 2026-311" } });
    fireEvent.click(within(list).getByRole("checkbox", { name: /Main St northbound/ }));
    search();
    expect(await screen.findByRole("alert")).toHaveTextContent("Your agency requires a case number.");
    expect(sent("/search/area")).toHaveLength(0);
  });

  it("places: each place picks its own cameras; a camera list that fails says so and offers a retry; a source that did not answer is named", async () => {
    let fail = true;
    answer({
      "/search/places": () =>
        jsonResponse(
          { plates: [] },
          {
            headers: {
              [SEARCH_SOURCES_HEADER]: JSON.stringify([
                { source: "Rekor", status: "timeout", count: 0, elapsed_ms: 10_000 },
              ]),
            },
          },
        ),
      "/search/cameras": () =>
        fail ? jsonResponse({ error: { message: "down" } }, { status: 503 }) : jsonResponse(CAMERAS),
    });
    renderTab("places");
    const failures = await screen.findAllByText("The camera list could not be loaded.");
    expect(failures).toHaveLength(2);
    fail = false;
    fireEvent.click(screen.getAllByRole("button", { name: "Try again" })[0]!);
    const lists = await screen.findAllByRole("list", { name: "Cameras you may search" });
    expect(lists).toHaveLength(2);
    fireEvent.click(within(lists[0]!).getByRole("checkbox", { name: /Park St/ }));
    fireEvent.click(within(lists[1]!).getByRole("checkbox", { name: /Main St/ }));
    fireEvent.change(screen.getByLabelText(/Justification/), { target: { value: "Case 2026-311" } });
    search();
    expect(await screen.findByText(/No plate was read at enough of the places/)).toBeInTheDocument();
    // The answer says which source did not answer, as the results screen does.
    expect(screen.getByRole("alert")).toHaveTextContent("Rekor did not answer in time.");
    const [body] = sent("/search/places");
    expect((body!.places as { cameras: string[] }[]).map((place) => place.cameras)).toEqual([
      ["Axis:hfd-lpv-01"],
      ["Rekor:3:1101"],
    ]);
  });
});
