import { MESSAGES, type TAlert, type TGroupAlertsResponse } from "@odin/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatTimestamp } from "@/lib/format";
import { renderWithQuery } from "@/testing/query";
import { jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import { eventStreamResponse, type TestEventStream } from "@/testing/event-stream";
import { AlertGroupHistoryScreen } from "./alert-group-history-screen";
import { alertFixture } from "./history/alert-fixtures";
import { ENABLE_NOTIFICATIONS, NOTIFICATIONS_STORAGE_KEY } from "./history/browser-notifications";

const fetchMock = stubFetchPerTest();
const GROUP = { id: 3, name: "Stolen Vehicles" };
let history: TGroupAlertsResponse;
let streams: TestEventStream[];

beforeEach(() => {
  history = { group: GROUP, alerts: [alertFixture()] };
  streams = [];
  localStorage.clear();
  URL.createObjectURL = vi.fn(() => "blob:alert");
  URL.revokeObjectURL = vi.fn();
  fetchMock.mockImplementation(async (input, init) => {
    const path = urlOf(input);
    if (path.startsWith("/alerts/group/3/data")) return jsonResponse(history);
    if (path === "/alerts/stream") {
      const stream = eventStreamResponse(init?.signal);
      streams.push(stream);
      return stream.response;
    }
    if (path.startsWith("/geocode/reverse?")) return jsonResponse({ address: "100 Main St, Hartford, CT" });
    if (path.includes("missing")) return new Response("", { status: 404 });
    if (path.startsWith("/alerts/proxy-alert-image?")) {
      return new Response("jpeg", { headers: { "Content-Type": "image/jpeg" } });
    }
    return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found." } }, { status: 404 });
  });
});
afterEach(() => vi.unstubAllEnvs());

function renderHistory(groupId: string | number = 3) {
  renderWithQuery(
    <MemoryRouter initialEntries={[`/alerts/group/${groupId}`]}>
      <Routes>
        <Route path="/alerts/group/:groupId" element={<AlertGroupHistoryScreen />} />
      </Routes>
    </MemoryRouter>,
  );
}

const rows = () => screen.getAllByRole("row").slice(1);
const liveEvent = (groupId: number, alert: TAlert) =>
  `event: alert\ndata: ${JSON.stringify({ group_id: groupId, alert })}\n\n`;

describe("AlertGroupHistoryScreen", () => {
  it("shows the group's alerts under its name, with the columns of the spec and a link to the group", async () => {
    renderHistory();
    expect(screen.getByText(MESSAGES.loading)).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 1, name: "Stolen Vehicles" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Group details" })).toHaveAttribute("href", "/groups/3/details");
    const headers = screen.getAllByRole("columnheader").map((cell) => cell.textContent);
    expect(headers).toEqual([
      "Source",
      "Plate",
      "State",
      "Agency",
      "Camera",
      "Timestamp",
      "Vehicle Image",
      "Reason",
      "Disposition",
      "Acknowledged",
    ]);
    const cells = within(rows()[0]!).getAllByRole("cell");
    expect(within(cells[0]!).getByRole("img", { name: "Rekor" })).toBeInTheDocument();
    expect(cells.slice(1, 5).map((cell) => cell.textContent)).toEqual([
      "7KQ2291",
      "CT",
      "Hartford PD",
      "Main St NB",
    ]);
    expect(cells[7]).toHaveTextContent("Stolen vehicle");
    expect(await within(cells[6]!).findByRole("img", { name: "Vehicle 7KQ2291" })).toHaveAttribute(
      "src",
      "blob:alert",
    );
    const imageCall = fetchMock.mock.calls.find(([input]) =>
      urlOf(input).startsWith("/alerts/proxy-alert-image"),
    );
    expect(urlOf(imageCall![0])).toBe("/alerts/proxy-alert-image?path=alerts%2F2025%2F01%2F11.jpg");
  });

  it("reads the naive timestamp as UTC and shows it in the browser's zone", async () => {
    vi.stubEnv("TZ", "Asia/Kathmandu");
    // The guard: in this zone a zoneless string parsed as local time is another instant.
    expect(new Date("2025-01-15T14:03:09").toISOString()).not.toBe("2025-01-15T14:03:09.000Z");
    renderHistory();
    await screen.findByText("7KQ2291");
    expect(within(rows()[0]!).getAllByRole("cell")[5]).toHaveTextContent(
      formatTimestamp("2025-01-15T14:03:09.000Z"),
    );
  });

  it("shows RAVEN for Axis reads and 'No Image' when the image is missing or fails", async () => {
    history.alerts = [
      alertFixture({ id: 1, plate: "AXIS1", source_program: "Axis", image_url: null }),
      alertFixture({ id: 2, plate: "NOPIC", image_url: null }),
      alertFixture({ id: 3, plate: "BROKEN", image_url: "missing.jpg" }),
    ];
    renderHistory();
    await screen.findByText("AXIS1");
    const [axis, none, broken] = rows();
    expect(within(axis!).getByRole("img", { name: "RAVEN" })).toBeInTheDocument();
    expect(within(axis!).getByText(MESSAGES.noImage)).toBeInTheDocument();
    expect(within(none!).getByText(MESSAGES.noImage)).toBeInTheDocument();
    expect(await within(broken!).findByText(MESSAGES.noImage)).toBeInTheDocument();
  });

  it("says 'No alerts found for this group.' when there are none", async () => {
    history.alerts = [];
    renderHistory();
    expect(await screen.findByText(MESSAGES.noAlertsForGroup)).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("says 'Group not found or failed to load.' on a 404", async () => {
    renderHistory(99);
    expect(await screen.findByText(MESSAGES.groupNotFound)).toBeInTheDocument();
  });

  it("says it at once for a malformed address, without calling the server", () => {
    renderHistory("abc");
    expect(screen.getByText(MESSAGES.groupNotFound)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("opens the alert modal on a click or Enter, with the read, the hotlist entry and the map", async () => {
    renderHistory();
    fireEvent.click(await screen.findByText("7KQ2291"));
    const dialog = screen.getByRole("dialog", { name: "Alert details" });
    const facts = (term: string) => within(dialog).getByText(term).nextElementSibling;
    expect(facts("Plate")).toHaveTextContent("7KQ2291");
    expect(facts("State")).toHaveTextContent("CT");
    expect(facts("Timestamp")).toHaveTextContent(formatTimestamp("2025-01-15T14:03:09Z"));
    expect(facts("Camera")).toHaveTextContent("Main St NB");
    expect(facts("Agency")).toHaveTextContent("Hartford PD");
    expect(facts("Reason")).toHaveTextContent("Stolen vehicle");
    expect(facts(MESSAGES.addedToHotlist)).toHaveTextContent(formatTimestamp("2025-01-02T10:00:00.000Z"));
    expect(facts("Notes")).toHaveTextContent("Blue sedan, dented rear bumper");
    expect(await within(dialog).findByText("100 Main St, Hartford, CT")).toBeInTheDocument();
    expect(within(dialog).getByRole("img", { name: "Rekor" })).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: MESSAGES.openInGoogleMaps })).toHaveAttribute(
      "href",
      "https://www.google.com/maps/search/?api=1&query=41.7658,-72.6734",
    );
    expect(await within(dialog).findByTitle("Enlarge")).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    fireEvent.keyDown(rows()[0]!, { key: "Enter" });
    expect(screen.getByRole("dialog", { name: "Alert details" })).toBeInTheDocument();
  });

  it("shows 'No Image' and no map in the modal for an alert without picture or location", async () => {
    history.alerts = [alertFixture({ image_url: null, latitude: null, longitude: null, notes: null })];
    renderHistory();
    fireEvent.click(await screen.findByText("7KQ2291"));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByText(MESSAGES.noImage)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.unavailable)).toBeInTheDocument();
    expect(within(dialog).queryByRole("link", { name: MESSAGES.openInGoogleMaps })).not.toBeInTheDocument();
  });
});

describe("AlertGroupHistoryScreen: live alerts", () => {
  it("listens with the bearer token and prepends a new alert of this group only, highlighted and announced", async () => {
    renderHistory();
    await screen.findByText("7KQ2291");
    await waitFor(() => expect(streams).toHaveLength(1));
    const streamCall = fetchMock.mock.calls.find(([input]) => urlOf(input) === "/alerts/stream")!;
    expect(new Headers(streamCall[1]?.headers).get("Authorization")).toBe("Bearer access-token");
    expect(await screen.findByText(/^Live:/)).toBeInTheDocument();

    streams[0]!.send(liveEvent(4, alertFixture({ id: 20, plate: "OTHER1" })));
    streams[0]!.send(": ping\n\n" + liveEvent(3, alertFixture({ id: 21, plate: "NEW123" })).slice(0, 30));
    streams[0]!.send(liveEvent(3, alertFixture({ id: 21, plate: "NEW123" })).slice(30));
    expect(await screen.findByText("NEW123")).toBeInTheDocument();
    expect(screen.queryByText("OTHER1")).not.toBeInTheDocument();
    expect(rows().map((row) => within(row).getAllByRole("cell")[1]!.textContent)).toEqual([
      "NEW123",
      "7KQ2291",
    ]);
    expect(rows()[0]).toHaveClass("is-new");
    expect(screen.getByText("New alert: plate NEW123 at Main St NB.")).toHaveAttribute("aria-live", "polite");
  });

  it("reloads the history when the stream reconnects, to catch what it missed", async () => {
    renderHistory();
    await screen.findByText("7KQ2291");
    await waitFor(() => expect(streams).toHaveLength(1));
    history = { group: GROUP, alerts: [alertFixture({ id: 30, plate: "MISSED1" }), alertFixture()] };
    streams[0]!.close();
    expect(await screen.findByText("MISSED1", {}, { timeout: 3000 })).toBeInTheDocument();
    expect(streams).toHaveLength(2);
  });
});

describe("AlertGroupHistoryScreen: browser notifications", () => {
  const shown: { title: string; options?: NotificationOptions }[] = [];
  let answer: NotificationPermission;

  class FakeNotification {
    static permission: NotificationPermission = "default";
    static requestPermission = vi.fn(async () => {
      FakeNotification.permission = answer;
      return answer;
    });
    onclick: (() => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, options });
    }
    close() {}
  }

  let visibility: DocumentVisibilityState = "visible";
  beforeEach(() => {
    shown.length = 0;
    FakeNotification.permission = "default";
    vi.stubGlobal("Notification", FakeNotification);
    visibility = "visible";
    vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
  });
  afterEach(() => vi.restoreAllMocks());

  it("asks the browser, remembers the choice, and notifies only while the tab is hidden", async () => {
    answer = "granted";
    renderHistory();
    fireEvent.click(await screen.findByRole("button", { name: ENABLE_NOTIFICATIONS }));
    expect(await screen.findByText(/Browser notifications are on/)).toBeInTheDocument();
    expect(localStorage.getItem(NOTIFICATIONS_STORAGE_KEY)).toBe("on");

    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.send(liveEvent(3, alertFixture({ id: 40, plate: "SEEN1" })));
    await screen.findByText("SEEN1");
    expect(shown).toHaveLength(0);

    visibility = "hidden";
    streams[0]!.send(liveEvent(3, alertFixture({ id: 41, plate: "AWAY1" })));
    await screen.findByText("AWAY1");
    expect(shown).toEqual([
      {
        title: "Hotlist alert: AWAY1",
        options: { body: "Stolen Vehicles · Stolen vehicle · Main St NB, Hartford PD", tag: "odin-alert-41" },
      },
    ]);
  });

  it("explains how to allow them when the browser blocks them", async () => {
    answer = "denied";
    renderHistory();
    fireEvent.click(await screen.findByRole("button", { name: ENABLE_NOTIFICATIONS }));
    expect(await screen.findByText(/Your browser blocks notifications from Odin/)).toBeInTheDocument();
    expect(localStorage.getItem(NOTIFICATIONS_STORAGE_KEY)).toBeNull();
  });

  it("stays on across visits once chosen", async () => {
    FakeNotification.permission = "granted";
    localStorage.setItem(NOTIFICATIONS_STORAGE_KEY, "on");
    renderHistory();
    expect(await screen.findByText(/Browser notifications are on/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Turn off" }));
    expect(localStorage.getItem(NOTIFICATIONS_STORAGE_KEY)).toBe("off");
    expect(screen.getByRole("button", { name: ENABLE_NOTIFICATIONS })).toBeInTheDocument();
  });
});
