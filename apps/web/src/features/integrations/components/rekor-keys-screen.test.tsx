import { MESSAGES } from "@odin/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { INVESTIGATOR, jsonResponse, stubFetchPerTest } from "@/testing/auth";
import { answerRoutes, bodyOf, callsTo, errorBody, renderAs, type Route } from "../test-helpers";
import { RekorKeysScreen } from "./rekor-keys-screen";

const KEYS = [
  { id: 3, agency: "Bristol PD", api_key: "••••••••5678", source_program: "Rekor" },
  { id: 4, agency: "Hartford PD", api_key: "••••••••", source_program: "Rekor" },
];

const fetchMock = stubFetchPerTest();
const answer = (routes: Record<string, Route> = {}) =>
  answerRoutes(fetchMock, { "GET /api-keys-data": () => jsonResponse(KEYS), ...routes });
const calls = (method: string, path: string) => callsTo(fetchMock, method, path);
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`));
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe("RekorKeysScreen", () => {
  it("shows 'Access Denied' to a non-admin without calling the API", () => {
    answer();
    renderAs(<RekorKeysScreen />, INVESTIGATOR);
    expect(screen.getByRole("heading", { name: MESSAGES.accessDenied })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("lists the keys masked as the server sends them", async () => {
    answer();
    renderAs(<RekorKeysScreen />);
    const table = await screen.findByRole("table");
    expect(within(table).getByText("Bristol PD")).toBeInTheDocument();
    expect(within(table).getByText("••••••••5678")).toBeInTheDocument();
  });

  it("says 'Failed to fetch API keys.' when the list cannot load", async () => {
    answer({ "GET /api-keys-data": () => jsonResponse(errorBody("INTERNAL", "boom"), { status: 500 }) });
    renderAs(<RekorKeysScreen />);
    expect(await screen.findByText(MESSAGES.failedToFetchApiKeys)).toBeInTheDocument();
  });

  it("requires agency and key before sending", async () => {
    answer();
    renderAs(<RekorKeysScreen />);
    type("Agency", "Bristol PD");
    fireEvent.click(screen.getByRole("button", { name: "Add API Key" }));
    expect(screen.getByText(MESSAGES.agencyAndApiKeyRequired)).toBeInTheDocument();
    expect(field("API key")).toHaveAttribute("aria-invalid", "true");
    expect(calls("POST", "/add-api-key")).toHaveLength(0);
  });

  it("adds a key (trimmed, program Rekor) and reloads the list", async () => {
    answer({ "POST /add-api-key": () => jsonResponse({ success: true, message: MESSAGES.apiKeyAdded }) });
    renderAs(<RekorKeysScreen />);
    await screen.findByRole("table");
    type("Agency", " Bristol PD ");
    type("API key", " sk-live-0001 ");
    fireEvent.click(screen.getByRole("button", { name: "Add API Key" }));
    expect(await screen.findByText(MESSAGES.apiKeyAdded)).toBeInTheDocument();
    expect(bodyOf(calls("POST", "/add-api-key")[0])).toEqual({
      agency: "Bristol PD",
      api_key: "sk-live-0001",
      source_program: "Rekor",
    });
    await waitFor(() => expect(calls("GET", "/api-keys-data")).toHaveLength(2));
  });

  it("a refused key is 'Error adding API key.' with the server's reason", async () => {
    answer({
      "POST /add-api-key": () =>
        jsonResponse(errorBody("CONFLICT", "This key is already stored."), { status: 409 }),
    });
    renderAs(<RekorKeysScreen />);
    type("Agency", "Bristol PD");
    type("API key", "sk-live-0001");
    fireEvent.click(screen.getByRole("button", { name: "Add API Key" }));
    const title = await screen.findByText(MESSAGES.errorAddingApiKey);
    expect(title.closest(".notice")).toHaveTextContent("This key is already stored.");
  });

  it("deletes a key only after confirming; a failure is 'Error deleting API key.'", async () => {
    answer({
      "DELETE /delete-api-key/3": () => jsonResponse(errorBody("NOT_FOUND", "Not found"), { status: 404 }),
    });
    renderAs(<RekorKeysScreen />);
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Delete the API key of Bristol PD" }));
    const dialog = screen.getByRole("dialog", { name: "Delete API key" });
    expect(calls("DELETE", "/delete-api-key/3")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(MESSAGES.errorDeletingApiKey)).toBeInTheDocument();
    expect(calls("DELETE", "/delete-api-key/3")).toHaveLength(1);
  });

  it("deletes a key and reloads the list", async () => {
    answer({
      "DELETE /delete-api-key/3": () => jsonResponse({ success: true, message: MESSAGES.apiKeyDeleted }),
    });
    renderAs(<RekorKeysScreen />);
    await screen.findByRole("table");
    fireEvent.click(screen.getByRole("button", { name: "Delete the API key of Bristol PD" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(MESSAGES.apiKeyDeleted)).toBeInTheDocument();
    await waitFor(() => expect(calls("GET", "/api-keys-data")).toHaveLength(2));
  });

  it("uploads a CSV of keys as multipart `file` and lists rejected rows", async () => {
    answer({
      "POST /bulk-upload-api-keys": () =>
        jsonResponse({
          success: true,
          message: "1 API key(s) added.",
          added: 1,
          errors: [{ line: 3, message: "Agency and API key are required." }],
        }),
    });
    renderAs(<RekorKeysScreen />);
    const file = new File(["agency,api_key\n"], "keys.csv", { type: "text/csv" });
    fireEvent.change(screen.getByLabelText("CSV file"), { target: { files: [file] } });
    fireEvent.click(screen.getByRole("button", { name: "Upload Keys" }));
    expect(await screen.findByText("1 API key(s) added.")).toBeInTheDocument();
    expect(screen.getByText("Line 3: Agency and API key are required.")).toBeInTheDocument();
    expect((calls("POST", "/bulk-upload-api-keys")[0]![1]!.body as FormData).get("file")).toBe(file);
  });
});
