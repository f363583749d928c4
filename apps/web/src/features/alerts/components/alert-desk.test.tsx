import type { TAlert, TGroupAlertsResponse } from "@odin/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithQuery } from "@/testing/query";
import { jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import { eventStreamResponse } from "@/testing/event-stream";
import { AlertGroupHistoryScreen } from "./alert-group-history-screen";
import { alertFixture } from "./history/alert-fixtures";
import { SOUND_STORAGE_KEY } from "./history/alert-sound";

/** Odin's alert desk on the history: filters, older pages, dispositions and acknowledgement. */
const fetchMock = stubFetchPerTest();
const GROUP = { id: 3, name: "Stolen Vehicles" };
const older = alertFixture({ id: 5, plate: "AK47281", timestamp: "2025-01-10T08:00:00" });
let calls: { path: string; method: string; body: unknown }[];
let saved: TAlert;

beforeEach(() => {
  calls = [];
  saved = alertFixture();
  localStorage.clear();
  URL.createObjectURL = vi.fn(() => "blob:alert");
  URL.revokeObjectURL = vi.fn();
  fetchMock.mockImplementation(async (input, init) => {
    const path = urlOf(input);
    const method = init?.method ?? "GET";
    calls.push({ path, method, body: init?.body ? JSON.parse(init.body as string) : undefined });
    if (path.startsWith("/alerts/group/3/data")) {
      const query = new URL(path, "http://odin.test").searchParams;
      const page: TGroupAlertsResponse = query.get("cursor")
        ? { group: GROUP, alerts: [older], next_cursor: null }
        : { group: GROUP, alerts: [saved], next_cursor: "page-2" };
      return jsonResponse(page);
    }
    if (path === "/alerts/stream") return eventStreamResponse(init?.signal).response;
    if (path === "/api/alerts/11/disposition" && method === "POST") {
      const body = JSON.parse(init!.body as string) as {
        disposition: TAlert["disposition"];
        note: string | null;
      };
      saved = {
        ...saved,
        disposition: body.disposition,
        disposition_note: body.note,
        disposition_by: "Pat Lee",
        disposition_at: "2026-11-25T08:00:00.000Z",
      };
      return jsonResponse(saved);
    }
    if (path === "/api/alerts/11/acknowledge" && method === "POST") {
      saved = { ...saved, acknowledged_by: "Pat Lee", acknowledged_at: "2026-11-25T08:01:00.000Z" };
      return jsonResponse(saved);
    }
    if (path.startsWith("/geocode/reverse?")) return jsonResponse({ address: "100 Main St, Hartford, CT" });
    if (path.startsWith("/alerts/proxy-alert-image?")) {
      return new Response("jpeg", { headers: { "Content-Type": "image/jpeg" } });
    }
    return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found." } }, { status: 404 });
  });
});

function renderHistory() {
  renderWithQuery(
    <MemoryRouter initialEntries={["/alerts/group/3"]}>
      <Routes>
        <Route path="/alerts/group/:groupId" element={<AlertGroupHistoryScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

const historyQueries = () =>
  calls
    .filter((call) => call.path.startsWith("/alerts/group/3/data"))
    .map((call) => new URL(call.path, "http://odin.test").searchParams);

describe("alert desk on the group history", () => {
  it("asks for a page of 50 and appends the older page on 'Load older alerts'", async () => {
    renderHistory();
    expect(await screen.findByText("7KQ2291")).toBeInTheDocument();
    expect(historyQueries()[0]!.get("limit")).toBe("50");
    fireEvent.click(screen.getByRole("button", { name: "Load older alerts" }));
    expect(await screen.findByText("AK47281")).toBeInTheDocument();
    expect(historyQueries().at(-1)!.get("cursor")).toBe("page-2");
    expect(screen.queryByRole("button", { name: "Load older alerts" })).not.toBeInTheDocument();
    const plates = screen
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[1]!.textContent);
    expect(plates).toEqual(["7KQ2291", "AK47281"]);
  });

  it("sends the plate, camera, time range and disposition filters", async () => {
    renderHistory();
    await screen.findByText("7KQ2291");
    const form = screen.getByRole("form", { name: "Alert history filters" });
    fireEvent.change(within(form).getByLabelText("Plate"), { target: { value: " ak-47 " } });
    fireEvent.change(within(form).getByLabelText("Camera"), { target: { value: "Main" } });
    fireEvent.change(within(form).getByLabelText("Start"), { target: { value: "2025-01-01T00:00" } });
    fireEvent.change(within(form).getByLabelText("End"), { target: { value: "2025-01-31T23:59" } });
    fireEvent.change(within(form).getByLabelText("Disposition"), { target: { value: "incorrect_read" } });
    fireEvent.click(within(form).getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(historyQueries().length).toBeGreaterThan(1));
    const query = historyQueries().at(-1)!;
    expect(query.get("plate")).toBe("AK-47");
    expect(query.get("camera")).toBe("Main");
    expect(query.get("from")).toBe(new Date("2025-01-01T00:00").toISOString());
    // The end minute is included whole.
    expect(query.get("to")).toBe(new Date(new Date("2025-01-31T23:59").getTime() + 59_999).toISOString());
    expect(query.get("disposition")).toBe("incorrect_read");
  });

  it("marks an alert from the history's modal and shows who judged it, there and in the table", async () => {
    renderHistory();
    fireEvent.click(await screen.findByText("7KQ2291"));
    const dialog = screen.getByRole("dialog", { name: "Alert details" });
    expect(within(dialog).getByText(/Not yet judged/)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText("Disposition"), { target: { value: "incorrect_read" } });
    fireEvent.change(within(dialog).getByLabelText("Disposition note"), { target: { value: "3 read as 8" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save disposition" }));
    expect(await within(dialog).findByText("Disposition saved.")).toBeInTheDocument();
    expect(calls.find((call) => call.path === "/api/alerts/11/disposition")?.body).toEqual({
      disposition: "incorrect_read",
      note: "3 read as 8",
    });
    expect(within(dialog).getByText(/Incorrect read \(misread\) by Pat Lee/)).toBeInTheDocument();
    const row = screen.getAllByRole("row", { hidden: true })[1]!;
    expect(within(row).getByText("Incorrect read (misread)")).toBeInTheDocument();
  });

  it("acknowledges an alert once: the button gives way to who acknowledged it", async () => {
    renderHistory();
    fireEvent.click(await screen.findByText("7KQ2291"));
    const dialog = screen.getByRole("dialog", { name: "Alert details" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Acknowledge" }));
    expect(await within(dialog).findByText(/Acknowledged by Pat Lee at/)).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Acknowledge" })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/api/alerts/11/acknowledge")).toHaveLength(1);
  });

  it("offers the alert sound off by default and remembers the choice", async () => {
    renderHistory();
    await screen.findByText("7KQ2291");
    const toggle = screen.getByRole("checkbox", { name: "Play a sound for new alerts" });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(localStorage.getItem(SOUND_STORAGE_KEY)).toBe("on");
  });
});
