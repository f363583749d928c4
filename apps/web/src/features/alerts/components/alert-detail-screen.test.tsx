import { MESSAGES } from "@odin/contract";
import { fireEvent, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import { ALERT_NOT_FOUND, AlertDetailScreen } from "./alert-detail-screen";
import { mapResult } from "@/testing/search-results";
import { alertFixture } from "./history/alert-fixtures";
import { renderWithQuery } from "@/testing/query";

const fetchMock = stubFetchPerTest();

beforeEach(() => {
  fetchMock.mockImplementation(async (input) => {
    const path = urlOf(input);
    if (path === "/api/alerts/11") return jsonResponse(alertFixture({ image_url: null }));
    if (path.startsWith("/geocode/reverse?")) return jsonResponse({ address: null });
    return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found." } }, { status: 404 });
  });
});

function renderDetail(alertId: string) {
  renderWithQuery(
    <MemoryRouter initialEntries={[`/alert-history-detail/${alertId}`]}>
      <Routes>
        <Route path="/alert-history-detail/:alertId" element={<AlertDetailScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("AlertDetailScreen", () => {
  it("shows the alert of GET /api/alerts/{id} as a page, with a way back", async () => {
    renderDetail("11");
    expect(await screen.findByRole("heading", { level: 1, name: "Alert: 7KQ2291" })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.addedToHotlist)).toBeInTheDocument();
    expect(screen.getByText("Blue sedan, dented rear bumper")).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.noImage)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.unavailable)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "← My Alert Groups" })).toHaveAttribute("href", "/alerts");
  });

  it("shows 'Loading...' as the nearest address until the lookup answers, then the address", async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (input) => {
      const path = urlOf(input);
      if (path === "/api/alerts/11") return jsonResponse(alertFixture());
      if (path.startsWith("/geocode/reverse?")) return new Promise<Response>((resolve) => (answer = resolve));
      return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found." } }, { status: 404 });
    });
    renderDetail("11");
    const term = await screen.findByText(MESSAGES.nearestAddress);
    const field = term.nextElementSibling!;
    expect(field).toHaveTextContent(MESSAGES.loading);
    expect(MESSAGES.loading).toBe("Loading...");
    answer(jsonResponse({ address: "100 Main St, Hartford, CT" }));
    expect(await screen.findByText("100 Main St, Hartford, CT")).toBe(field);
    expect(field).not.toHaveTextContent(MESSAGES.loading);
  });

  it("says the alert is not found on a 404", async () => {
    renderDetail("12");
    expect(await screen.findByText(ALERT_NOT_FOUND)).toBeInTheDocument();
  });

  it("does not call the server for a malformed address", () => {
    renderDetail("abc");
    expect(screen.getByText(ALERT_NOT_FOUND)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("looks up the plate's other reads of the last 24 hours only when asked, as an audited search (issue 20)", async () => {
    const alert = alertFixture({ image_url: null });
    let sent: Record<string, unknown> | null = null;
    fetchMock.mockImplementation(async (input, init) => {
      const path = urlOf(input);
      if (path === "/api/alerts/11") return jsonResponse(alert);
      if (path.startsWith("/geocode/reverse?")) return jsonResponse({ address: null });
      if (path === "/search-data") {
        sent = JSON.parse(init!.body as string);
        return jsonResponse([
          mapResult({
            id: "own",
            plate: alert.plate,
            source_program: alert.source_program,
            camera_name: alert.camera,
            timestamp: `${alert.timestamp}Z`,
          }),
          mapResult({
            id: "other",
            plate: alert.plate,
            camera_name: "Park St EB",
            timestamp: "2026-11-21T09:00:00.000Z",
          }),
        ]);
      }
      return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found." } }, { status: 404 });
    });
    renderDetail("11");
    const justification = await screen.findByLabelText("Justification");
    expect(justification).toHaveValue(`Hotlist alert #11: other reads of ${alert.plate}`);
    expect(sent).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show reads" }));
    const table = await screen.findByRole("region", { name: `Other reads of ${alert.plate}` });
    expect(within(table).getByText("Park St EB")).toBeInTheDocument();
    expect(within(table).getAllByRole("row")).toHaveLength(2);
    expect(sent).toMatchObject({
      plate: alert.plate,
      match: "exact",
      justification: `Hotlist alert #11: other reads of ${alert.plate}`,
    });
    const range = sent as unknown as { start_time: string; end_time: string };
    expect(Date.parse(range.end_time) - Date.parse(range.start_time)).toBe(24 * 3_600_000);
  });
});
