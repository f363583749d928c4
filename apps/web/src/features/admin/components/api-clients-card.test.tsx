import type { TApiClient } from "@odin/contract";
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
import { ApiClientsCard } from "./api-clients-card";

const SECRET = "odin_cs_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG";
const CLIENT: TApiClient = {
  id: 7,
  name: "CAD bridge",
  issuer: "built_in",
  client_id: "cad-bridge-4f9k2m1xq7",
  scopes: ["search", "alerts:read"],
  rate_limit_per_minute: 600,
  expires_at: null,
  created_at: "2026-11-29T07:00:00.000Z",
  created_by: "hartford.admin",
  secret_rotated_at: null,
  last_used_at: null,
  status: "active",
  deactivated_at: null,
};
const LIST = {
  token_endpoint: "https://odin.example/oidc/token",
  audience: "https://odin.example/api",
  issuer: "built_in",
};

const fetchMock = stubFetchPerTest();

/** Answers by "METHOD path" from a state the calls change, as the API would; keeps each body sent. */
function api() {
  let clients: TApiClient[] = [];
  const bodies: unknown[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? "GET"} ${urlOf(input)}`;
    if (key === "GET /admin/api-clients") return jsonResponse({ ...LIST, clients });
    if (key === "POST /admin/api-clients") {
      bodies.push(JSON.parse(init?.body as string));
      clients = [CLIENT];
      return jsonResponse({ message: "API client created.", client: CLIENT, client_secret: SECRET });
    }
    if (key === "POST /admin/api-clients/7/deactivate") {
      clients = [{ ...CLIENT, status: "deactivated", deactivated_at: "2026-11-29T08:00:00.000Z" }];
      return jsonResponse({ message: "CAD bridge is switched off.", client: clients[0] });
    }
    throw new Error(`unexpected call ${key}`);
  });
  return bodies;
}

function renderCard() {
  render(
    <TestAuthProviders auth={signedInAuth()} currentUser={currentUserValue({ user: ADMIN })}>
      <MemoryRouter>
        <ApiClientsCard />
      </MemoryRouter>
    </TestAuthProviders>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("ApiClientsCard (issue 38 item 2)", () => {
  it("says what is missing, makes a client whose secret is shown once, and switches it off after a confirmation", async () => {
    const bodies = api();
    renderCard();
    expect(await screen.findByLabelText("Token endpoint")).toHaveTextContent(LIST.token_endpoint);
    expect(screen.getByText("No API clients yet")).toBeInTheDocument();

    // Nothing chosen: each field says what it needs, tied to it for screen readers; nothing is sent.
    fireEvent.click(screen.getByRole("button", { name: "Create API client" }));
    const name = screen.getByLabelText(/^Name/);
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription("Name the client (e.g. the system that will use it).");
    expect(screen.getByText("Choose at least one scope.")).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    fireEvent.change(name, { target: { value: "CAD bridge" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /^search:/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /^alerts:read:/ }));
    fireEvent.change(screen.getByLabelText("Expires"), { target: { value: "90" } });
    fireEvent.click(screen.getByRole("button", { name: "Create API client" }));
    expect(await screen.findByLabelText("Client secret")).toHaveTextContent(SECRET);
    expect(bodies).toEqual([
      {
        name: "CAD bridge",
        scopes: ["search", "alerts:read"],
        rate_limit_per_minute: 600,
        expires_in_days: 90,
      },
    ]);
    fireEvent.click(screen.getByRole("button", { name: "I have copied it" }));
    expect(screen.queryByLabelText("Client secret")).not.toBeInTheDocument();

    const row = (await screen.findByText("CAD bridge")).closest("tr")!;
    expect(row).toHaveTextContent("search, alerts:read");
    expect(row).toHaveTextContent("Not yet");
    fireEvent.click(within(row).getByRole("button", { name: "Switch off" }));
    const dialog = await screen.findByRole("dialog", { name: "Switch off this API client" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Switch off" }));
    expect(await screen.findByText("CAD bridge is switched off.")).toBeInTheDocument();
    expect(await screen.findByText("Switched off")).toBeInTheDocument();
  });
});
