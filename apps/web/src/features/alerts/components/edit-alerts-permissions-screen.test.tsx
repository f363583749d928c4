import { MESSAGES, PERMISSIONS_POPUP_MS } from "@odin/contract";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, stubFetchPerTest } from "@/testing/auth";
import { EditAlertsPermissionsScreen } from "./edit-alerts-permissions-screen";
import { answer, callsTo, HOTLIST_ADMIN, renderRoute, settle } from "./groups/groups-testing";

const USERS = [
  { id: 2, name: "Ada Chen", email: "a.chen@hartford.example", hotlist_admin: true, hotlist_viewer: false },
  { id: 5, name: "Sam Ortiz", email: "s.ortiz@hartford.example", hotlist_admin: false, hotlist_viewer: true },
  { id: 9, name: "Lee Park", email: "l.park@hartford.example", hotlist_admin: false, hotlist_viewer: false },
];

const fetchMock = stubFetchPerTest();
afterEach(() => vi.useRealTimers());

function renderPermissions(
  users: () => Response = () => jsonResponse({ users: USERS }),
  update: () => Response = () => jsonResponse({ success: true, message: MESSAGES.permissionsUpdated }),
) {
  answer(fetchMock, { "GET /agency-users-api": users, "POST /update-alert-permissions-api": update });
  return renderRoute(<EditAlertsPermissionsScreen />, {
    path: "/edit-alerts-permissions",
    at: "/edit-alerts-permissions",
    user: HOTLIST_ADMIN,
  });
}

const box = (flag: "Hotlist Admin" | "Hotlist Viewer", name: string) =>
  screen.getByRole("checkbox", { name: `${flag}: ${name}` });
const save = () => fireEvent.click(screen.getByRole("button", { name: MESSAGES.saveChanges }));

describe("EditAlertsPermissionsScreen", () => {
  it("says what each flag lets a user do, as the server enforces it: a viewer adds plates from search results (issue 40)", async () => {
    renderPermissions();
    await screen.findByText("Ada Chen");
    const rights = screen.getByRole("list", { name: "What each permission allows" });
    const [admin, viewer] = within(rights).getAllByRole("listitem");
    expect(admin).toHaveTextContent(
      "Hotlist Admin: creates, edits and archives every group of the agency, adds, removes and uploads their plates, and sets these permissions.",
    );
    expect(viewer).toHaveTextContent(
      "Hotlist Viewer: sees the groups they are a member of and their alerts, acknowledges those alerts and sets their dispositions, and adds plates to those groups from search results (Add Plate to Hotlist). A viewer cannot edit a group, remove its plates or upload a plate list.",
    );
  });

  it("lists the agency's users: Name, Email, Hotlist Admin, Hotlist Viewer", async () => {
    renderPermissions();
    await screen.findByText("Ada Chen");
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Name",
      "Email",
      "Hotlist Admin",
      "Hotlist Viewer",
    ]);
    const row = screen.getByRole("rowheader", { name: "Sam Ortiz" }).closest("tr")!;
    expect(within(row).getByText("s.ortiz@hartford.example")).toBeInTheDocument();
    expect(box("Hotlist Admin", "Ada Chen")).toBeChecked();
    expect(box("Hotlist Viewer", "Ada Chen")).not.toBeChecked();
    expect(box("Hotlist Viewer", "Sam Ortiz")).toBeChecked();
  });

  it("posts every user's hotlist_admin_{id} and hotlist_viewer_{id}", async () => {
    const { currentUser } = renderPermissions();
    await screen.findByText("Ada Chen");
    fireEvent.click(box("Hotlist Admin", "Ada Chen"));
    fireEvent.click(box("Hotlist Viewer", "Lee Park"));
    save();
    expect(await screen.findByRole("dialog", { name: "Permissions saved" })).toHaveTextContent(
      MESSAGES.permissionsUpdated,
    );
    const [, init] = callsTo(fetchMock, "POST /update-alert-permissions-api")[0]!;
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(init?.body as string)).toEqual({
      hotlist_admin_2: false,
      hotlist_viewer_2: false,
      hotlist_admin_5: false,
      hotlist_viewer_5: true,
      hotlist_admin_9: false,
      hotlist_viewer_9: true,
    });
    expect(currentUser.refresh).toHaveBeenCalled();
  });

  it("shows the success popup for exactly 3000 ms", async () => {
    renderPermissions();
    await screen.findByText("Ada Chen");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    save();
    await settle();
    expect(screen.getByRole("dialog", { name: "Permissions saved" })).toBeInTheDocument();
    expect(PERMISSIONS_POPUP_MS).toBe(3000);
    await act(() => vi.advanceTimersByTimeAsync(PERMISSIONS_POPUP_MS - 1));
    expect(screen.getByRole("dialog", { name: "Permissions saved" })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("keeps the choices and says why when saving fails", async () => {
    renderPermissions(undefined, () =>
      jsonResponse(
        { error: { code: "FORBIDDEN", message: "Only an admin or a hotlist admin may do this." } },
        { status: 403 },
      ),
    );
    await screen.findByText("Ada Chen");
    fireEvent.click(box("Hotlist Viewer", "Lee Park"));
    save();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Only an admin or a hotlist admin may do this.",
    );
    expect(box("Hotlist Viewer", "Lee Park")).toBeChecked();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("says 'Could not load agency users.' when the list cannot be had, and can try again", async () => {
    renderPermissions(() => jsonResponse({ error: { code: "INTERNAL", message: "boom" } }, { status: 500 }));
    expect(await screen.findByText(MESSAGES.couldNotLoadAgencyUsers)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: MESSAGES.saveChanges })).not.toBeInTheDocument();
    answer(fetchMock, { "GET /agency-users-api": () => jsonResponse({ users: USERS }) });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Ada Chen")).toBeInTheDocument();
  });

  it("asks to sign in again when the server refuses the session (401 after the refresh)", async () => {
    const unauthenticated = () =>
      jsonResponse({ error: { code: "UNAUTHENTICATED", message: "Session expired." } }, { status: 401 });
    const { auth } = renderPermissions(unauthenticated);
    expect(await screen.findByText(MESSAGES.signInRequired)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.couldNotLoadAgencyUsers)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Sign in again" }));
    expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: "/edit-alerts-permissions" } });
  });
});
