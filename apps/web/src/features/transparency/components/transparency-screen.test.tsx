import { TRANSPARENCY_NOT_FOUND, type TTransparencyPage } from "@odin/contract";
import { screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import { TransparencyScreen } from "./transparency-screen";
import { renderWithQuery } from "@/testing/query";

const fetchMock = stubFetchPerTest();

const PAGE: TTransparencyPage = {
  agency: { name: "Hartford Police Department", code: "HPD" },
  generated_at: "2026-11-27T10:00:00.000Z",
  sections: ["cameras", "activity", "sharing", "policy"],
  cameras: [
    { source: "Rekor", cameras: 3, integrations: 2 },
    { source: "Axon", cameras: 0, integrations: 1 },
    { source: "Axis", cameras: 2, integrations: 3 },
  ],
  activity: { days: 30, searches: 1234, searches_with_case_number: 1000, exports: 2, exported_records: 42 },
  sharing: { shares_with: [{ name: "New Haven Police Department", sources: ["Axis"] }] },
  policy: '<img src=x onerror="alert(1)">\n<b>Reads</b> are kept 30 days.',
};

function renderAt(code: string) {
  renderWithQuery(
    <MemoryRouter initialEntries={[`/transparency/${code}`]}>
      <Routes>
        <Route path="/transparency/:code" element={<TransparencyScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("transparency page (issue 23)", () => {
  it("shows the chosen sections with their figures, asked without a token", async () => {
    fetchMock.mockResolvedValue(jsonResponse(PAGE));
    renderAt("HPD");
    expect(await screen.findByRole("heading", { name: PAGE.agency.name })).toBeInTheDocument();
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(urlOf(input)).toBe("/transparency-data/HPD");
    expect(new Headers(init?.headers).has("Authorization")).toBe(false);
    const cameras = screen.getByRole("region", { name: "Cameras by vendor" });
    expect(within(cameras).getByRole("row", { name: /RAVEN 2 3/ })).toBeInTheDocument();
    expect(screen.getByText("1,234")).toBeInTheDocument();
    expect(screen.getByText("New Haven Police Department")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /What is kept/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Hotlists" })).not.toBeInTheDocument();
  });

  it("shows the policy as text: markup in it is never HTML", async () => {
    fetchMock.mockResolvedValue(jsonResponse(PAGE));
    renderAt("HPD");
    const policy = await screen.findByRole("region", { name: "Policy" });
    expect(policy.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(policy.querySelector("img, b")).toBeNull();
  });

  it("answers an agency that publishes nothing with one message", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ error: { code: "NOT_FOUND", message: TRANSPARENCY_NOT_FOUND } }, { status: 404 }),
    );
    renderAt("NOPE");
    expect(await screen.findByRole("heading", { name: "No transparency page" })).toBeInTheDocument();
    expect(screen.getByText(TRANSPARENCY_NOT_FOUND)).toBeInTheDocument();
  });
});
