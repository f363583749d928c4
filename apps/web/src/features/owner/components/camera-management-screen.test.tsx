import { MESSAGES, type TRekorCamera } from "@odin/contract";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import { formatTimestamp } from "@/lib/format";
import { LATITUDE_RANGE, LONGITUDE_RANGE } from "../camera-draft";
import { CameraManagementScreen } from "./camera-management-screen";
import { TestQueryProvider } from "@/testing/query";

const CAMERAS: TRekorCamera[] = [
  {
    camera_id: 101,
    camera_name: "Main St NB",
    site_name: "Hartford North",
    corrected_latitude: null,
    corrected_longitude: null,
    agency_id: null,
    is_manual: false,
    reported_latitude: 41.7637,
    reported_longitude: -72.6851,
    last_read_at: "2026-11-20T15:04:05.000Z",
  },
  {
    camera_id: 102,
    camera_name: null,
    site_name: null,
    corrected_latitude: 41.3,
    corrected_longitude: -72.9,
    agency_id: 2,
    is_manual: true,
  },
];
const AGENCIES = [
  { id: 1, name: "Hartford PD" },
  { id: 2, name: "New Haven PD" },
];

const fetchMock = stubFetchPerTest();
type Route = (init: RequestInit | undefined) => Response;

function answer(routes: Record<string, Route> = {}) {
  const all: Record<string, Route> = {
    "GET /rekor-cameras": () => jsonResponse(CAMERAS),
    "GET /agencies-data": () => jsonResponse(AGENCIES),
    ...routes,
  };
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? "GET"} ${urlOf(input)}`;
    if (!all[key]) throw new Error(`unexpected call ${key}`);
    return all[key](init);
  });
}
const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "PATCH");

function renderCameras() {
  render(
    <TestQueryProvider>
      <MemoryRouter>
        <CameraManagementScreen />
      </MemoryRouter>
    </TestQueryProvider>,
  );
}

const latitude = () => screen.getByLabelText("Corrected latitude of Main St NB");
const longitude = () => screen.getByLabelText("Corrected longitude of Main St NB");
const saveButton = () => screen.getByRole("button", { name: "Save Main St NB" });

describe("CameraManagementScreen", () => {
  it("shows where the camera reports it stands next to the correction, and its last read (issue 20)", async () => {
    answer();
    renderCameras();
    const row = (await screen.findByText("Main St NB")).closest("tr")!;
    expect(within(row).getByText("41.76370, -72.68510")).toBeInTheDocument();
    expect(within(row).getByText(formatTimestamp("2026-11-20T15:04:05.000Z"))).toBeInTheDocument();
    const other = screen.getByText("102").closest("tr")!;
    expect(within(other).getByText("Not reported")).toBeInTheDocument();
    expect(within(other).getByText("No reads yet")).toBeInTheDocument();
  });

  it("picks the corrected location on a map: a click puts the point, 'Use this location' fills the row", async () => {
    answer();
    renderCameras();
    await screen.findByText("Main St NB");
    fireEvent.click(screen.getByRole("button", { name: "Pick the location of Main St NB on a map" }));
    const dialog = screen.getByRole("dialog", { name: "Pick the location of Main St NB" });
    // The map starts on the reported position, nothing picked yet.
    expect(within(dialog).getByRole("button", { name: "Use this location" })).toBeDisabled();
    fireEvent.click(dialog.querySelector(".leaflet-container")!, { clientX: 10, clientY: 10 });
    const use = within(dialog).getByRole("button", { name: "Use this location" });
    expect(use).toBeEnabled();
    fireEvent.click(use);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(latitude()).not.toHaveValue("");
    expect(Number((latitude() as HTMLInputElement).value)).toBeCloseTo(41.76, 1);
    expect(screen.getByLabelText("Manual location for Main St NB")).toBeChecked();
    expect(saveButton()).toBeEnabled();
  });

  it("shows each camera with its corrected location, agency and manual flag", async () => {
    answer();
    renderCameras();
    const row = (await screen.findByText("102")).closest("tr")!;
    expect(within(row).getByLabelText("Corrected latitude of camera 102")).toHaveValue("41.3");
    expect(within(row).getByLabelText("Agency of camera 102")).toHaveValue("2");
    expect(within(row).getByLabelText("Manual location for camera 102")).toBeChecked();
    expect(screen.getByText("Hartford North")).toBeInTheDocument();
  });

  it("enables Save only once a row changes, and editing a location ticks Manual", async () => {
    answer();
    renderCameras();
    await screen.findByText("Main St NB");
    expect(saveButton()).toBeDisabled();
    fireEvent.change(latitude(), { target: { value: "41.77" } });
    expect(screen.getByLabelText("Manual location for Main St NB")).toBeChecked();
    expect(saveButton()).toBeEnabled();
  });

  it.each([
    ["91", "-72.68", LATITUDE_RANGE],
    ["41.77", "-180.01", LONGITUDE_RANGE],
    ["north", "-72.68", LATITUDE_RANGE],
  ])("refuses latitude %s / longitude %s without sending", async (lat, lon, message) => {
    answer();
    renderCameras();
    await screen.findByText("Main St NB");
    fireEvent.change(latitude(), { target: { value: lat } });
    fireEvent.change(longitude(), { target: { value: lon } });
    fireEvent.click(saveButton());
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(patches()).toHaveLength(0);
  });

  it("saves the row with PATCH /rekor-cameras/{cameraId} and shows Saved", async () => {
    const saved = {
      ...CAMERAS[0]!,
      corrected_latitude: 41.77,
      corrected_longitude: -72.68,
      agency_id: 1,
      is_manual: true,
    };
    answer({ "PATCH /rekor-cameras/101": () => jsonResponse(saved) });
    renderCameras();
    await screen.findByText("Main St NB");
    fireEvent.change(latitude(), { target: { value: " 41.77" } });
    fireEvent.change(longitude(), { target: { value: "-72.68" } });
    fireEvent.change(screen.getByLabelText("Agency of Main St NB"), { target: { value: "1" } });
    fireEvent.click(saveButton());
    expect(await screen.findByText("Saved")).toBeInTheDocument();
    expect(JSON.parse(patches()[0]![1]!.body as string)).toEqual({
      corrected_latitude: 41.77,
      corrected_longitude: -72.68,
      agency_id: 1,
      is_manual: true,
    });
    expect(saveButton()).toBeDisabled();
  });

  it("says 'Save failed.' when the server refuses", async () => {
    answer({
      "PATCH /rekor-cameras/101": () =>
        jsonResponse({ error: { code: "NOT_FOUND", message: "Camera not found." } }, { status: 404 }),
    });
    renderCameras();
    await screen.findByText("Main St NB");
    fireEvent.click(screen.getByLabelText("Manual location for Main St NB"));
    fireEvent.click(saveButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(`${MESSAGES.saveFailed} Camera not found.`);
  });

  it("shows 'Access Denied' when the API refuses", async () => {
    answer({
      "GET /rekor-cameras": () =>
        jsonResponse({ error: { code: "FORBIDDEN", message: "No" } }, { status: 403 }),
    });
    renderCameras();
    expect(await screen.findByRole("heading", { name: MESSAGES.accessDenied })).toBeInTheDocument();
  });
});
