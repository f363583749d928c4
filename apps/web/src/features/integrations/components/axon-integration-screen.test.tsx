import { MESSAGES } from "@odin/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { INVESTIGATOR, jsonResponse, stubFetchPerTest } from "@/testing/auth";
import { answerRoutes, bodyOf, callsTo, errorBody, renderAs, type Route } from "../test-helpers";
import { AxonIntegrationScreen } from "./axon-integration-screen";

const LISTS = {
  authorized: [
    { id: 2, name: "Bristol PD" },
    { id: 3, name: "New Haven PD" },
  ],
  blacklisted: [{ id: 5, name: "Waterbury PD" }],
};
const EXISTING = { agency_name: "Hartford PD", base_url: "https://axon.example/hfd" };

const fetchMock = stubFetchPerTest();
const answer = (routes: Record<string, Route> = {}) =>
  answerRoutes(fetchMock, {
    "GET /axon-existing-integration": () => jsonResponse({ existing_integration: null }),
    "GET /get-authorized-and-blacklisted-agencies": () => jsonResponse(LISTS),
    ...routes,
  });
const calls = (method: string, path: string) => callsTo(fetchMock, method, path);
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`));
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

function fillForm() {
  type("Client ID", "client-1");
  type("Client Secret", "secret-1");
  type("Partner ID", "partner-1");
  type("Base URL", "https://axon.example/hfd/");
}
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save Integration" }));

describe("AxonIntegrationScreen", () => {
  it("shows 'Access Denied' to a non-admin without calling the API", () => {
    answer();
    renderAs(<AxonIntegrationScreen />, INVESTIGATOR);
    expect(screen.getByRole("heading", { name: MESSAGES.accessDenied })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("without an integration: the four fields, all required, the secret hidden", async () => {
    answer();
    renderAs(<AxonIntegrationScreen />);
    await screen.findByLabelText(/^Client ID/);
    expect(field("Client Secret")).toHaveAttribute("type", "password");
    type("Client ID", "client-1");
    save();
    expect(screen.getByText(MESSAGES.axonFieldsRequired)).toBeInTheDocument();
    expect(field("Partner ID")).toHaveAttribute("aria-invalid", "true");
    expect(calls("POST", "/add-axon-integration")).toHaveLength(0);
  });

  it("saves the integration, then shows it with the lists reloaded", async () => {
    answer({
      "POST /add-axon-integration": () => {
        answer({ "GET /axon-existing-integration": () => jsonResponse({ existing_integration: EXISTING }) });
        return jsonResponse({ success: true, message: MESSAGES.axonIntegrationAdded });
      },
    });
    renderAs(<AxonIntegrationScreen />);
    await screen.findByLabelText(/^Client ID/);
    fillForm();
    save();
    expect(await screen.findByText("https://axon.example/hfd")).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.axonIntegrationAdded)).toBeInTheDocument();
    expect(bodyOf(calls("POST", "/add-axon-integration")[0])).toEqual({
      client_id: "client-1",
      secret_id: "secret-1",
      partner_id: "partner-1",
      base_url: "https://axon.example/hfd",
    });
    await waitFor(() => expect(calls("GET", "/get-authorized-and-blacklisted-agencies")).toHaveLength(2));
  });

  it("shows why Axon refused the credentials, or 'Unknown error.' when nothing says", async () => {
    answer({
      "POST /add-axon-integration": () =>
        jsonResponse(errorBody("UPSTREAM_FAILED", "Axon refused the client credentials."), { status: 502 }),
    });
    renderAs(<AxonIntegrationScreen />);
    await screen.findByLabelText(/^Client ID/);
    fillForm();
    save();
    expect(await screen.findByText("Axon refused the client credentials.")).toBeInTheDocument();
    answer({ "POST /add-axon-integration": () => new Response("", { status: 500 }) });
    save();
    expect(await screen.findByText(MESSAGES.unknownError)).toBeInTheDocument();
  });

  it("'Unknown error.' when the answer cannot be read", async () => {
    answer({ "POST /add-axon-integration": () => jsonResponse({ unexpected: true }) });
    renderAs(<AxonIntegrationScreen />);
    await screen.findByLabelText(/^Client ID/);
    fillForm();
    save();
    expect(await screen.findByText(MESSAGES.unknownError)).toBeInTheDocument();
  });

  it("with an integration: agency and base URL, deleted only after confirming", async () => {
    answer({
      "GET /axon-existing-integration": () => jsonResponse({ existing_integration: EXISTING }),
      "DELETE /delete-axon-integration": () => {
        answer();
        return jsonResponse({ success: true, message: MESSAGES.axonIntegrationDeleted });
      },
    });
    renderAs(<AxonIntegrationScreen />);
    expect(await screen.findByText("Hartford PD")).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Client Secret/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Delete Integration" }));
    const dialog = screen.getByRole("dialog", { name: "Delete Axon integration" });
    expect(calls("DELETE", "/delete-axon-integration")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete Integration" }));
    expect(await screen.findByText(MESSAGES.axonIntegrationDeleted)).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Client ID/)).toBeInTheDocument();
  });

  it("says 'Error loading Axon integration.' when the integration cannot load", async () => {
    answer({
      "GET /axon-existing-integration": () => jsonResponse(errorBody("INTERNAL", "boom"), { status: 500 }),
    });
    renderAs(<AxonIntegrationScreen />);
    expect(await screen.findByText(MESSAGES.errorLoadingAxonIntegration)).toBeInTheDocument();
  });

  it("moves an agency to the blacklist and back", async () => {
    answer({
      "POST /add-to-blacklist": () => jsonResponse({ success: true, message: MESSAGES.agencyBlacklisted }),
      "POST /remove-from-blacklist": () =>
        jsonResponse({ success: true, message: MESSAGES.agencyUnblacklisted }),
    });
    renderAs(<AxonIntegrationScreen />);
    const authorized = await screen.findByRole("region", { name: "Authorized agencies" });
    const blacklisted = screen.getByRole("region", { name: "Blacklisted agencies" });
    fireEvent.click(within(authorized).getByRole("button", { name: "Blacklist Bristol PD" }));
    expect(await screen.findByText(MESSAGES.agencyBlacklisted)).toBeInTheDocument();
    expect(bodyOf(calls("POST", "/add-to-blacklist")[0])).toEqual({ agency_id: 2 });
    const moved = within(blacklisted).getByRole("button", { name: "Authorize Bristol PD" });
    expect(moved).toHaveFocus();
    expect(within(authorized).queryByText("Bristol PD")).not.toBeInTheDocument();
    fireEvent.click(within(blacklisted).getByRole("button", { name: "Authorize Waterbury PD" }));
    expect(await screen.findByText(MESSAGES.agencyUnblacklisted)).toBeInTheDocument();
    expect(bodyOf(calls("POST", "/remove-from-blacklist")[0])).toEqual({ agency_id: 5 });
    expect(within(authorized).getByText("Waterbury PD")).toBeInTheDocument();
  });

  it("a refused move shows the server's reason", async () => {
    answer({
      "POST /add-to-blacklist": () =>
        jsonResponse(errorBody("NOT_FOUND", "Agency not found."), { status: 404 }),
    });
    renderAs(<AxonIntegrationScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "Blacklist New Haven PD" }));
    expect(await screen.findByText("Agency not found.")).toBeInTheDocument();
  });
});
