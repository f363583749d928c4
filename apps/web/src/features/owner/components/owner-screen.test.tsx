import { checkPasswordStrength, MESSAGES, type TOwnerUser } from "@odin/contract";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import { OwnerScreen } from "./owner-screen";
import { TestQueryProvider } from "@/testing/query";

const USERS: TOwnerUser[] = [
  {
    id: 2,
    username: "j.rivera",
    name: "Jordan Rivera",
    email: "j.rivera@hartford.example",
    role: "user",
    department: null,
    agency_id: 1,
    agency_name: "Hartford PD",
  },
  {
    id: 7,
    username: "k.osei",
    name: "Kofi Osei",
    email: "k.osei@newhaven.example",
    role: "admin",
    department: null,
    agency_id: 2,
    agency_name: "New Haven PD",
  },
];
const AGENCIES = [
  { id: 1, name: "Hartford PD" },
  { id: 2, name: "New Haven PD" },
];
const STRONG = "Plate-Reader-9";

const fetchMock = stubFetchPerTest();
type Route = (init: RequestInit | undefined) => Response;

function answer(routes: Record<string, Route> = {}) {
  const all: Record<string, Route> = {
    "GET /owner-data": () => jsonResponse({ users: USERS, agencies: AGENCIES }),
    // The Agencies card has its own test (owner-agencies.test.tsx): none here, so one table.
    "GET /owner/agencies": () => jsonResponse({ agencies: [], default_retention_days: 30 }),
    ...routes,
  };
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? "GET"} ${urlOf(input)}`;
    if (!all[key]) throw new Error(`unexpected call ${key}`);
    return all[key](init);
  });
}
const callsTo = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => urlOf(input) === path && (init?.method ?? "GET") === method);
const bodyOf = (method: string, path: string) => JSON.parse(callsTo(method, path)[0]![1]!.body as string);
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`));
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

function renderOwner() {
  render(
    <TestQueryProvider>
      <MemoryRouter>
        <OwnerScreen />
      </MemoryRouter>
    </TestQueryProvider>,
  );
}

async function openReset(username: string) {
  const group = await screen.findByRole("group", { name: `Actions for ${username}` });
  fireEvent.click(within(group).getByRole("button", { name: MESSAGES.resetPassword }));
  return screen.getByRole("dialog", { name: MESSAGES.resetPassword });
}

describe("OwnerScreen", () => {
  it("lists every user with their agency and links to camera management", async () => {
    answer();
    renderOwner();
    const table = await screen.findByRole("table");
    expect(within(table).getByText("New Haven PD")).toBeInTheDocument();
    expect(within(table).getByText("Jordan Rivera")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Rekor Camera Management" })).toHaveAttribute(
      "href",
      "/rekor-camera-management",
    );
  });

  it("shows 'Access Denied' when the API refuses (not the owner)", async () => {
    answer({
      "GET /owner-data": () => jsonResponse({ error: { code: "FORBIDDEN", message: "No" } }, { status: 403 }),
    });
    renderOwner();
    expect(await screen.findByRole("heading", { name: MESSAGES.accessDenied })).toBeInTheDocument();
  });

  it("filters the table", async () => {
    answer();
    renderOwner();
    await screen.findByRole("table");
    fireEvent.change(screen.getByLabelText("Filter users"), { target: { value: "haven" } });
    expect(screen.queryByText("Jordan Rivera")).not.toBeInTheDocument();
    expect(screen.getByText("Kofi Osei")).toBeInTheDocument();
  });
});

describe("OwnerScreen: add user", () => {
  function fill() {
    type("Username", " m.ortiz ");
    type("Full name", "Maria Ortiz");
    type("Email", " M.Ortiz@Bristol.Example");
    type("Password", STRONG);
  }

  it("requires an agency before sending", async () => {
    answer();
    renderOwner();
    await screen.findByRole("table");
    fill();
    fireEvent.click(screen.getByRole("button", { name: "Add User" }));
    expect(screen.getByText("Select an agency", { selector: ".field__error" })).toBeInTheDocument();
    expect(callsTo("POST", "/owner/add-user")).toHaveLength(0);
  });

  it("sends the normalised payload with agency_id and says 'User added successfully.'", async () => {
    answer({ "POST /owner/add-user": () => jsonResponse({ success: true, message: MESSAGES.userAdded }) });
    renderOwner();
    await screen.findByRole("table");
    fill();
    fireEvent.change(field("Agency"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Add User" }));
    expect(await screen.findByText(MESSAGES.userAdded)).toBeInTheDocument();
    expect(bodyOf("POST", "/owner/add-user")).toEqual({
      username: "m.ortiz",
      name: "Maria Ortiz",
      email: "m.ortiz@bristol.example",
      password: STRONG,
      role: "user",
      agency_id: 2,
    });
    await waitFor(() => expect(callsTo("GET", "/owner-data")).toHaveLength(2));
    expect(screen.getByText(MESSAGES.userAdded)).toBeInTheDocument();
  });

  it("a 502 reads 'Auth0 provisioning failed: ' and the reason", async () => {
    answer({
      "POST /owner/add-user": () =>
        jsonResponse({ error: { code: "UPSTREAM_FAILED", message: "Password too weak" } }, { status: 502 }),
    });
    renderOwner();
    await screen.findByRole("table");
    fill();
    fireEvent.change(field("Agency"), { target: { value: "1" } });
    fireEvent.click(screen.getByRole("button", { name: "Add User" }));
    expect(
      await screen.findByText(`${MESSAGES.auth0ProvisioningFailed}Password too weak`),
    ).toBeInTheDocument();
  });
});

describe("OwnerScreen: Reset Password", () => {
  it("offers a generated temporary password that meets the rules and sends it for the user", async () => {
    answer({
      "POST /admin/reset-user-password": () =>
        jsonResponse({ success: true, message: MESSAGES.userPasswordReset }),
    });
    renderOwner();
    const dialog = await openReset("k.osei");
    const input = within(dialog).getByLabelText<HTMLInputElement>("Temporary password");
    expect(checkPasswordStrength(input.value)).toEqual([]);
    const offered = input.value;
    fireEvent.click(within(dialog).getByRole("button", { name: "Set temporary password" }));
    expect(await within(dialog).findByText(MESSAGES.userPasswordReset)).toBeInTheDocument();
    expect(bodyOf("POST", "/admin/reset-user-password")).toEqual({ user_id: 7, new_password: offered });
    expect(within(dialog).getByRole("button", { name: "Done" })).toBeInTheDocument();
  });

  it("counts the reset as done only when the reply contains 'successfully'", async () => {
    answer({
      "POST /admin/reset-user-password": () => jsonResponse({ success: true, message: "Password reset." }),
    });
    renderOwner();
    const dialog = await openReset("j.rivera");
    fireEvent.click(within(dialog).getByRole("button", { name: "Set temporary password" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Password reset.");
    expect(within(dialog).queryByRole("button", { name: "Done" })).not.toBeInTheDocument();
  });

  it("does not send a temporary password that misses a rule", async () => {
    answer();
    renderOwner();
    const dialog = await openReset("j.rivera");
    fireEvent.change(within(dialog).getByLabelText("Temporary password"), { target: { value: "temp" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Set temporary password" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent(/^The password needs at least 8 characters/);
    expect(callsTo("POST", "/admin/reset-user-password")).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    answer({
      "POST /admin/reset-user-password": () =>
        jsonResponse({ error: { code: "NOT_FOUND", message: "User not found." } }, { status: 404 }),
    });
    renderOwner();
    const dialog = await openReset("j.rivera");
    fireEvent.click(within(dialog).getByRole("button", { name: "Set temporary password" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("User not found.");
  });
});

describe("OwnerScreen: unlock", () => {
  it("unlocks an account and shows the reply", async () => {
    answer({
      "POST /admin/unlock-user/2": () =>
        jsonResponse({ success: true, message: "j.rivera can sign in again." }),
    });
    renderOwner();
    const group = await screen.findByRole("group", { name: "Actions for j.rivera" });
    fireEvent.click(within(group).getByRole("button", { name: "Unlock" }));
    expect(await screen.findByText("j.rivera can sign in again.")).toBeInTheDocument();
  });
});
