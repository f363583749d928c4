import { MESSAGES, type TAxisIntegration, type TAxisIntegrationsResponse } from "@odin/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { INVESTIGATOR, jsonResponse, stubFetchPerTest } from "@/testing/auth";
import { answerRoutes, bodyOf, callsTo, errorBody, renderAs, type Route } from "../test-helpers";
import { RavenIntegrationsScreen } from "./raven-integrations-screen";

const PUSH = "https://odin.example/ingest/axis";
const camera = (overrides: Partial<TAxisIntegration> = {}): TAxisIntegration => ({
  id: 7,
  name: "Park St",
  identifier: "hfd-lpv-01",
  agency_id: 1,
  agency_name: "Hartford Police Department",
  latitude: null,
  longitude: null,
  shared_with: [{ id: 2, name: "New Haven Police Department" }],
  status: "active",
  push_url: `${PUSH}/hfd-lpv-01`,
  created_at: "2026-11-20T10:00:00.000Z",
  health: { state: "reporting", last_read_at: "2026-11-25T10:00:00.000Z", reads_24h: 42 },
  ...overrides,
});
const LIST: TAxisIntegrationsResponse = {
  integrations: [
    camera(),
    camera({
      id: 8,
      name: "Silent St",
      identifier: "hfd-lpv-02",
      shared_with: [],
      health: { state: "silent", last_read_at: "2026-11-24T01:00:00.000Z", reads_24h: 0 },
    }),
  ],
  agencies: [{ id: 2, name: "New Haven Police Department" }],
  silent_after_minutes: 120,
  push_url_template: `${PUSH}/{identifier}`,
};
const CREDENTIALS = {
  message: "RAVEN integration 'Main St northbound' created.",
  integration: camera({ id: 9, name: "Main St northbound", identifier: "hfd-main-nb" }),
  push_url: `${PUSH}/hfd-main-nb`,
  ingest_token: "tok_0123456789abcdefghijklmnopqrstuvwxyzABCDE",
};

const fetchMock = stubFetchPerTest();
const answer = (routes: Record<string, Route> = {}) =>
  answerRoutes(fetchMock, {
    "GET /axis-integrations": () => jsonResponse(LIST),
    "GET /camera-health": () =>
      jsonResponse({
        silent_after_minutes: 120,
        checked_at: "2026-11-25T10:00:00.000Z",
        silent_count: 0,
        cameras: [],
      }),
    ...routes,
  });
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}\\*?$`)), { target: { value } });

describe("RavenIntegrationsScreen", () => {
  it("shows 'Access Denied' to a non-admin without calling the API", () => {
    answer();
    renderAs(<RavenIntegrationsScreen />, INVESTIGATOR);
    expect(screen.getByRole("heading", { name: MESSAGES.accessDenied })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("lists the integrations with their health and counts the silent ones at the top", async () => {
    answer();
    renderAs(<RavenIntegrationsScreen />);
    const table = await screen.findByRole("table", { name: "RAVEN integrations" });
    const park = within(table).getByText("Park St").closest("tr")!;
    expect(within(park).getByText("hfd-lpv-01")).toBeInTheDocument();
    expect(within(park).getByText("New Haven Police Department")).toBeInTheDocument();
    expect(within(park).getByText("Reporting")).toBeInTheDocument();
    expect(within(park).getByText("42")).toBeInTheDocument();
    expect(
      within(within(table).getByText("Silent St").closest("tr")!).getByText("Silent"),
    ).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.silentCameras(1, 120))).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Configure your camera" })).toBeInTheDocument();
    expect(screen.getByText(`${PUSH}/{identifier}`)).toBeInTheDocument();
  });

  it("creates a camera and shows its push URL and token once, with copy buttons", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    answer({ "POST /axis-integrations": () => jsonResponse(CREDENTIALS, { status: 201 }) });
    renderAs(<RavenIntegrationsScreen />);
    await screen.findByRole("table", { name: "RAVEN integrations" });
    type("Name", " Main St northbound ");
    type("Identifier", "HFD-Main-NB");
    fireEvent.click(screen.getByRole("checkbox", { name: "New Haven Police Department" }));
    fireEvent.click(screen.getByRole("button", { name: "Add camera" }));

    expect(await screen.findByText(CREDENTIALS.message)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, "POST", "/axis-integrations")[0])).toEqual({
      name: "Main St northbound",
      identifier: "hfd-main-nb",
      latitude: null,
      longitude: null,
      shared_with: [2],
    });
    expect(screen.getByLabelText("Push URL")).toHaveTextContent(CREDENTIALS.push_url);
    expect(screen.getByLabelText("Ingest token")).toHaveTextContent(CREDENTIALS.ingest_token);
    expect(screen.getByText(MESSAGES.copyTokenNow)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Copy the ingest token" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(CREDENTIALS.ingest_token));
    expect(await screen.findByRole("button", { name: "Copied the ingest token" })).toHaveTextContent(
      "Copied",
    );

    fireEvent.click(screen.getByRole("button", { name: "I have copied it" }));
    expect(screen.queryByText(CREDENTIALS.ingest_token)).not.toBeInTheDocument();
  });

  it("says why a create was refused (an identifier in use) and keeps the form", async () => {
    answer({
      "POST /axis-integrations": () =>
        jsonResponse(errorBody("CONFLICT", MESSAGES.axisIdentifierInUse("hfd-lpv-01")), { status: 409 }),
    });
    renderAs(<RavenIntegrationsScreen />);
    await screen.findByRole("table", { name: "RAVEN integrations" });
    type("Name", "Again");
    type("Identifier", "hfd-lpv-01");
    fireEvent.click(screen.getByRole("button", { name: "Add camera" }));
    expect(await screen.findByText("The identifier 'hfd-lpv-01' is already in use.")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Identifier/)).toHaveValue("hfd-lpv-01");
  });

  it("checks the identifier before sending", async () => {
    answer();
    renderAs(<RavenIntegrationsScreen />);
    await screen.findByRole("table", { name: "RAVEN integrations" });
    type("Name", "Bad");
    type("Identifier", "no spaces please");
    fireEvent.click(screen.getByRole("button", { name: "Add camera" }));
    expect(screen.getByText(MESSAGES.axisIdentifierRules)).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST", "/axis-integrations")).toHaveLength(0);
  });

  it("pauses a camera, and rotates a token after a confirmation, showing the new one once", async () => {
    answer({
      "POST /axis-integrations/7/pause": () =>
        jsonResponse({ success: true, message: MESSAGES.axisIntegrationPaused("Park St") }),
      "POST /axis-integrations/7/rotate-token": () =>
        jsonResponse({
          ...CREDENTIALS,
          message: MESSAGES.axisTokenRotated("Park St"),
          push_url: `${PUSH}/hfd-lpv-01`,
        }),
    });
    renderAs(<RavenIntegrationsScreen />);
    const actions = await screen.findByRole("group", { name: "Actions for Park St" });
    fireEvent.click(within(actions).getByRole("button", { name: "Pause" }));
    expect(await screen.findByText(MESSAGES.axisIntegrationPaused("Park St"))).toBeInTheDocument();

    fireEvent.click(within(actions).getByRole("button", { name: "Rotate token" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Rotate token" }));
    expect(await screen.findByText(MESSAGES.axisTokenRotated("Park St"))).toBeInTheDocument();
    expect(screen.getByLabelText("Ingest token")).toHaveTextContent(CREDENTIALS.ingest_token);
    expect(callsTo(fetchMock, "POST", "/axis-integrations/7/rotate-token")).toHaveLength(1);
  });
});
