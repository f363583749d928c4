import { MESSAGES } from "@odin/contract";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ADMIN,
  currentUserValue,
  jsonResponse,
  signedInAuth,
  stubFetchPerTest,
  TestAuthProviders,
  urlOf,
} from "@/testing/auth";
import { ScimTokenCard } from "./scim-token-card";

const BASE = "https://odin.example/scim/v2";
const NONE = { exists: false, created_at: null, last_used_at: null, base_url: BASE };
const LIVE = { exists: true, created_at: "2026-11-28T10:00:00.000Z", last_used_at: null, base_url: BASE };
const TOKEN = "odin_scim_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";

const fetchMock = stubFetchPerTest();

/** Answers by "METHOD path" from a state the calls change, as the API would. */
function api() {
  let status: typeof NONE | typeof LIVE = NONE;
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? "GET"} ${urlOf(input)}`;
    if (key === "GET /admin/scim-token") return jsonResponse(status);
    if (key === "POST /admin/scim-token") {
      status = LIVE;
      return jsonResponse({ ...LIVE, message: "SCIM token created.", token: TOKEN });
    }
    if (key === "DELETE /admin/scim-token") {
      status = NONE;
      return jsonResponse({ success: true, message: "SCIM token revoked." });
    }
    throw new Error(`unexpected call ${key}`);
  });
}

function renderCard() {
  render(
    <TestAuthProviders auth={signedInAuth()} currentUser={currentUserValue({ user: ADMIN })}>
      <MemoryRouter>
        <ScimTokenCard />
      </MemoryRouter>
    </TestAuthProviders>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("ScimTokenCard (issue 34 item 3)", () => {
  it("shows the base URL, makes a token shown once with a copy button, and revokes it after a confirmation", async () => {
    api();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderCard();
    expect(await screen.findByLabelText("SCIM base URL")).toHaveTextContent(BASE);
    expect(screen.getByText(/no SCIM token/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Create token" }));
    expect(await screen.findByLabelText("SCIM token")).toHaveTextContent(TOKEN);
    expect(screen.getByText(MESSAGES.copyTokenNow)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Copy the SCIM token" }));
    expect(await screen.findByRole("button", { name: "Copied the SCIM token" })).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(TOKEN);

    // Once put away, the token is not shown again: only that one is in use.
    fireEvent.click(screen.getByRole("button", { name: "I have copied it" }));
    expect(screen.queryByLabelText("SCIM token")).not.toBeInTheDocument();
    expect(await screen.findByText(/A token is in use/)).toHaveTextContent("last used not yet");
    expect(screen.getByRole("button", { name: "Replace token" })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Revoke token" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke the SCIM token" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke token" }));
    expect(await screen.findByText("SCIM token revoked.")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Create token" })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "DELETE")).toHaveLength(1);
    vi.unstubAllGlobals();
  });
});
