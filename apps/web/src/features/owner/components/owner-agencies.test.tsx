import { MESSAGES, type TManagedAgency } from "@odin/contract";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import { AGENCIES_FAILED } from "./agencies-card";
import { OwnerScreen } from "./owner-screen";
import { TestQueryProvider } from "@/testing/query";

const HARTFORD: TManagedAgency = {
  id: 1,
  name: "Hartford Police Department",
  code: "HPD",
  time_zone: "America/New_York",
  retention_days: null,
  active: true,
  deactivated_at: null,
  user_count: 4,
  admin_count: 1,
};
const BRISTOL: TManagedAgency = {
  ...HARTFORD,
  id: 5,
  name: "Bristol Police Department",
  code: "BPD",
  time_zone: "America/Los_Angeles",
  user_count: 0,
  admin_count: 0,
};
const TROOP_H: TManagedAgency = {
  ...HARTFORD,
  id: 3,
  name: "Connecticut State Police Troop H",
  code: "CSPTH",
  active: false,
  deactivated_at: "2026-11-20T10:00:00.000Z",
};

const fetchMock = stubFetchPerTest();
type Route = (init: RequestInit | undefined) => Response;

function answer(agencies: TManagedAgency[], routes: Record<string, Route> = {}) {
  const all: Record<string, Route> = {
    "GET /owner-data": () =>
      jsonResponse({
        users: [],
        agencies: agencies.filter((a) => a.active).map(({ id, name }) => ({ id, name })),
      }),
    "GET /owner/agencies": () => jsonResponse({ agencies, default_retention_days: 30 }),
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

function renderOwner() {
  render(
    <TestQueryProvider>
      <MemoryRouter>
        <OwnerScreen />
      </MemoryRouter>
    </TestQueryProvider>,
  );
}
const agenciesTable = async () =>
  (await screen.findByRole("cell", { name: "Hartford Police Department" })).closest("table")!;
const actionsOf = (name: string) => screen.getByRole("group", { name: `Actions for ${name}` });

describe("OwnerScreen: Agencies", () => {
  it("lists every agency with its code, zone, users and status", async () => {
    answer([TROOP_H, HARTFORD]);
    renderOwner();
    const table = await agenciesTable();
    const rows = within(table).getAllByRole("row");
    expect(
      within(rows[0]!)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Name", "Code", "Time zone", "Users", "Status", "Actions"]);
    expect(rows[1]).toHaveTextContent("Connecticut State Police Troop HCSPTHAmerica/New York4Deactivated");
    expect(rows[2]).toHaveTextContent("Hartford Police DepartmentHPDAmerica/New York4Active");
    expect(within(actionsOf(TROOP_H.name)).getByRole("button", { name: "Reactivate" })).toBeInTheDocument();
    expect(within(actionsOf(HARTFORD.name)).getByRole("button", { name: "Deactivate" })).toBeInTheDocument();
    // The add-user select offers active agencies only (the server's list).
    const select = screen.getByLabelText(/^Agency\*?$/);
    expect(within(select).queryByText(TROOP_H.name)).not.toBeInTheDocument();
  });

  it("has an empty state that leads to Add agency, and a failure with Try again", async () => {
    answer([], {
      "GET /owner/agencies": () =>
        jsonResponse({ error: { code: "INTERNAL", message: "Something broke." } }, { status: 500 }),
    });
    renderOwner();
    expect(await screen.findByText(AGENCIES_FAILED)).toBeInTheDocument();
    answer([]);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "No agencies yet" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Add agency" }));
    expect(screen.getByRole("dialog", { name: "Add agency" })).toBeInTheDocument();
  });

  it("adds an agency: checked before sending, then sent normalised, with the server's confirmation", async () => {
    answer([HARTFORD], {
      "POST /owner/agencies": () =>
        jsonResponse(
          { success: true, message: "Agency 'Bristol Police Department' added.", agency: BRISTOL },
          { status: 201 },
        ),
    });
    renderOwner();
    await agenciesTable();
    fireEvent.click(screen.getByRole("button", { name: "Add agency" }));
    const dialog = screen.getByRole("dialog", { name: "Add agency" });
    const input = (label: RegExp) => within(dialog).getByLabelText(label);
    fireEvent.change(input(/^Agency name/), { target: { value: " Bristol Police Department " } });
    fireEvent.change(input(/^Code/), { target: { value: "B" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add agency" }));
    expect(await within(dialog).findByText(MESSAGES.agencyCodeInvalid)).toBeInTheDocument();
    expect(input(/^Code/)).toHaveAttribute("aria-invalid", "true");
    expect(callsTo("POST", "/owner/agencies")).toHaveLength(0);

    fireEvent.change(input(/^Code/), { target: { value: "bpd" } });
    await waitFor(() =>
      expect(within(dialog).queryByText(MESSAGES.agencyCodeInvalid)).not.toBeInTheDocument(),
    );
    expect(input(/^Time zone/)).toHaveValue("America/New_York");
    fireEvent.change(input(/^Time zone/), { target: { value: "America/Los_Angeles" } });
    fireEvent.change(input(/^Retention/), { target: { value: "90" } });
    answer([HARTFORD, BRISTOL], {
      "POST /owner/agencies": () =>
        jsonResponse(
          { success: true, message: "Agency 'Bristol Police Department' added.", agency: BRISTOL },
          { status: 201 },
        ),
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add agency" }));
    expect(await screen.findByText("Agency 'Bristol Police Department' added.")).toBeInTheDocument();
    expect(bodyOf("POST", "/owner/agencies")).toEqual({
      name: "Bristol Police Department",
      code: "BPD",
      time_zone: "America/Los_Angeles",
      retention_days: 90,
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await screen.findByRole("cell", { name: BRISTOL.name })).toBeInTheDocument();
  });

  it("shows a taken name under the name field", async () => {
    const taken = "An agency named 'Hartford Police Department' already exists.";
    answer([HARTFORD], {
      "POST /owner/agencies": () =>
        jsonResponse(
          { error: { code: "CONFLICT", message: taken, details: [{ path: "name", message: taken }] } },
          { status: 409 },
        ),
    });
    renderOwner();
    await agenciesTable();
    fireEvent.click(screen.getByRole("button", { name: "Add agency" }));
    const dialog = screen.getByRole("dialog", { name: "Add agency" });
    fireEvent.change(within(dialog).getByLabelText(/^Agency name/), {
      target: { value: "hartford police department" },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Code/), { target: { value: "HX" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add agency" }));
    await waitFor(() => expect(within(dialog).getAllByText(taken)).toHaveLength(2));
    expect(within(dialog).getByLabelText(/^Agency name/)).toHaveAttribute("aria-invalid", "true");
  });

  it("edits an agency with its current values", async () => {
    answer([HARTFORD], {
      "PATCH /owner/agencies/1": () =>
        jsonResponse({
          success: true,
          message: "Agency 'Hartford PD' saved.",
          agency: { ...HARTFORD, name: "Hartford PD" },
        }),
    });
    renderOwner();
    await agenciesTable();
    fireEvent.click(within(actionsOf(HARTFORD.name)).getByRole("button", { name: "Edit" }));
    const dialog = screen.getByRole("dialog", { name: `Edit ${HARTFORD.name}` });
    expect(within(dialog).getByLabelText(/^Code/)).toHaveValue("HPD");
    fireEvent.change(within(dialog).getByLabelText(/^Agency name/), { target: { value: "Hartford PD" } });
    fireEvent.click(within(dialog).getByRole("button", { name: MESSAGES.saveChanges }));
    expect(await screen.findByText("Agency 'Hartford PD' saved.")).toBeInTheDocument();
    expect(bodyOf("PATCH", "/owner/agencies/1")).toEqual({
      name: "Hartford PD",
      code: "HPD",
      time_zone: "America/New_York",
      retention_days: null,
    });
  });

  it("deactivates only after a confirmation that says what it does", async () => {
    const message = `'${HARTFORD.name}' deactivated: its users can no longer sign in.`;
    answer([HARTFORD], {
      "POST /owner/agencies/1/deactivate": () =>
        jsonResponse({ success: true, message, agency: { ...HARTFORD, active: false } }),
    });
    renderOwner();
    await agenciesTable();
    fireEvent.click(within(actionsOf(HARTFORD.name)).getByRole("button", { name: "Deactivate" }));
    const dialog = screen.getByRole("dialog", { name: `Deactivate ${HARTFORD.name}?` });
    expect(dialog).toHaveTextContent("Its 4 users can no longer sign in");
    fireEvent.click(within(dialog).getByRole("button", { name: MESSAGES.cancel }));
    expect(callsTo("POST", "/owner/agencies/1/deactivate")).toHaveLength(0);

    fireEvent.click(within(actionsOf(HARTFORD.name)).getByRole("button", { name: "Deactivate" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: `Deactivate ${HARTFORD.name}?` })).getByRole("button", {
        name: "Deactivate",
      }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(callsTo("POST", "/owner/agencies/1/deactivate")).toHaveLength(1);
  });

  it("Add first admin opens the add-user form with the agency and role admin chosen", async () => {
    answer([HARTFORD, BRISTOL]);
    renderOwner();
    await agenciesTable();
    expect(within(actionsOf(HARTFORD.name)).queryByRole("button", { name: "Add first admin" })).toBeNull();
    fireEvent.click(within(actionsOf(BRISTOL.name)).getByRole("button", { name: "Add first admin" }));
    expect(screen.getByLabelText(/^Agency\*?$/)).toHaveValue("5");
    expect(screen.getByLabelText(/^Role\*?$/)).toHaveValue("admin");
    expect(screen.getByText(/Adding the first admin of Bristol Police Department/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username\*?$/)).toHaveFocus();
  });
});
