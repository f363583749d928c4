import { MESSAGES } from "@odin/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatTimestamp, utcNaiveToIso } from "@/lib/format";
import { ADMIN, INVESTIGATOR, jsonResponse, stubFetchPerTest } from "@/testing/auth";
import { AlertGroupsScreen } from "./alert-groups-screen";
import {
  answer,
  callsTo,
  HOTLIST_ADMIN,
  HOTLIST_VIEWER,
  renderRoute,
  stubObjectUrls,
} from "./groups/groups-testing";

const GROUPS = [
  {
    id: 7,
    name: "Stolen vehicles",
    latest_image_url: "/alerts/proxy-alert-image?path=a.jpg",
    last_alert: "2025-01-15T14:03:09",
  },
  { id: 9, name: "Amber alert", latest_image_url: null, last_alert: null },
];

const fetchMock = stubFetchPerTest();
stubObjectUrls();

function renderGroups(user = HOTLIST_ADMIN, groups: () => Response = () => jsonResponse(GROUPS)) {
  answer(fetchMock, {
    "GET /alerts-data": groups,
    "GET /alerts/proxy-alert-image": () =>
      new Response("jpeg", { headers: { "Content-Type": "image/jpeg" } }),
    "POST /toggle-push-alerts": () => jsonResponse({ push_alerts: false }),
  });
  return renderRoute(<AlertGroupsScreen />, { path: "/alerts", at: "/alerts", user });
}

const card = (name: string) => screen.getByRole("article", { name });

describe("AlertGroupsScreen", () => {
  it("shows a card per group: image, name, 'Last Alert' in the browser's zone, 'View Alerts'", async () => {
    renderGroups();
    expect(screen.getByRole("status")).toHaveTextContent(MESSAGES.loading);
    const stolen = await screen.findByRole("article", { name: "Stolen vehicles" });
    const time = within(stolen).getByText(formatTimestamp("2025-01-15T14:03:09Z"));
    expect(time).toHaveAttribute("dateTime", "2025-01-15T14:03:09Z");
    expect(within(stolen).getByText(MESSAGES.lastAlert)).toBeInTheDocument();
    expect(within(stolen).getByRole("link", { name: /View Alerts/ })).toHaveAttribute(
      "href",
      "/alerts/group/7",
    );
    expect(await within(stolen).findByRole("img", { name: "Stolen vehicles" })).toBeInTheDocument();
    expect(callsTo(fetchMock, "GET /alerts/proxy-alert-image")).toHaveLength(1);

    const amber = card("Amber alert");
    expect(within(amber).getByText(MESSAGES.noAlertsYet)).toBeInTheDocument();
    expect(within(amber).queryByText(MESSAGES.lastAlert)).not.toBeInTheDocument();
    // No picture: the initials tile, named for screen readers, and nothing fetched for it
    expect(within(amber).getByText("AA")).toBeInTheDocument();
    expect(within(amber).getByText(MESSAGES.noImage)).toHaveClass("visually-hidden");
  });

  it("reads an alert time without a zone marker as UTC", () => {
    expect(utcNaiveToIso("2025-01-15T14:03:09")).toBe("2025-01-15T14:03:09Z");
    expect(utcNaiveToIso("2025-01-15T14:03:09.123456")).toBe("2025-01-15T14:03:09.123456Z");
    expect(utcNaiveToIso("2025-01-15T14:03:09+02:00")).toBe("2025-01-15T14:03:09+02:00");
  });

  it("offers '+ Add Group' and 'Edit Alerts Permissions' to a hotlist admin once the groups have loaded", async () => {
    renderGroups(HOTLIST_ADMIN);
    expect(screen.queryByRole("link", { name: MESSAGES.addGroup })).not.toBeInTheDocument();
    await screen.findByRole("article", { name: "Amber alert" });
    expect(screen.getByRole("link", { name: MESSAGES.addGroup })).toHaveAttribute("href", "/create-group");
    expect(screen.getByRole("link", { name: MESSAGES.editAlertsPermissions })).toHaveAttribute(
      "href",
      "/edit-alerts-permissions",
    );
  });

  it("offers them to an admin too", async () => {
    renderGroups(ADMIN);
    expect(await screen.findByRole("link", { name: MESSAGES.addGroup })).toBeInTheDocument();
  });

  it("shows a hotlist viewer the groups without the management buttons", async () => {
    renderGroups(HOTLIST_VIEWER);
    await screen.findByRole("article", { name: "Amber alert" });
    expect(screen.queryByRole("link", { name: MESSAGES.addGroup })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: MESSAGES.editAlertsPermissions })).not.toBeInTheDocument();
  });

  it("offers an admin without an agency (the owner) no group to create, and says why", async () => {
    renderGroups({ ...ADMIN, username: "owner", agency_id: null }, () => jsonResponse([]));
    expect(await screen.findByText(MESSAGES.noGroupsToDisplay)).toBeInTheDocument();
    expect(
      screen.getByText("Hotlist groups belong to an agency, and this account has none."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: MESSAGES.addGroup })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: MESSAGES.editAlertsPermissions })).not.toBeInTheDocument();
  });

  it("says 'No groups to display.' when there are none", async () => {
    renderGroups(HOTLIST_ADMIN, () => jsonResponse([]));
    expect(await screen.findByText(MESSAGES.noGroupsToDisplay)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: MESSAGES.addGroup })).toBeInTheDocument();
  });

  it("reports a failed load with the server's reason, hides the buttons, and can try again", async () => {
    renderGroups(HOTLIST_ADMIN, () =>
      jsonResponse({ error: { code: "UNAVAILABLE", message: "Database unavailable." } }, { status: 503 }),
    );
    expect(await screen.findByText(MESSAGES.failedToLoadGroups)).toBeInTheDocument();
    expect(screen.getByText("Database unavailable.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: MESSAGES.addGroup })).not.toBeInTheDocument();
    answer(fetchMock, { "GET /alerts-data": () => jsonResponse([]) });
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText(MESSAGES.noGroupsToDisplay)).toBeInTheDocument();
  });

  it("shows an investigator (no hotlist flag) 'Access Denied', asks the server nothing, offers no push toggle (issue 40)", () => {
    renderGroups(INVESTIGATOR);
    expect(screen.getByRole("heading", { level: 1, name: MESSAGES.accessDenied })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.failedToLoadGroups)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "GET /alerts-data")).toHaveLength(0);
  });

  it("shows 'Access Denied' when the server refuses the groups (403: the flag was taken away)", async () => {
    renderGroups(HOTLIST_VIEWER, () =>
      jsonResponse({ error: { code: "FORBIDDEN", message: "Forbidden." } }, { status: 403 }),
    );
    expect(await screen.findByRole("heading", { level: 1, name: MESSAGES.accessDenied })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.failedToLoadGroups)).not.toBeInTheDocument();
  });

  it("offers no mobile-app push toggle when the server has no FCM or APNs (issue 40)", async () => {
    delete window.__ODIN_CONFIG__;
    renderGroups(HOTLIST_VIEWER);
    await screen.findByRole("article", { name: "Amber alert" });
    expect(screen.queryByRole("switch", { name: MESSAGES.activatePushAlerts })).not.toBeInTheDocument();
  });
});

describe("AlertGroupsScreen on a server set up for FCM or APNs", () => {
  beforeEach(() => {
    window.__ODIN_CONFIG__ = { oidc: null, ownerUsername: null, mobilePush: true };
  });
  afterEach(() => {
    delete window.__ODIN_CONFIG__;
  });

  it("starts the push toggle from the current user and sets it from POST /toggle-push-alerts", async () => {
    const { currentUser } = renderGroups({ ...HOTLIST_VIEWER, push_alerts: true });
    const toggle = screen.getByRole("switch", { name: MESSAGES.activatePushAlerts });
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(callsTo(fetchMock, "POST /toggle-push-alerts")).toHaveLength(1);
    expect(currentUser.refresh).toHaveBeenCalled();
  });

  it("shows the push toggle off when the current user does not say, and keeps it on a failure", async () => {
    renderGroups(HOTLIST_VIEWER);
    const toggle = screen.getByRole("switch", { name: MESSAGES.activatePushAlerts });
    expect(toggle).not.toBeChecked();
    answer(fetchMock, {
      "GET /alerts-data": () => jsonResponse([]),
      "POST /toggle-push-alerts": () =>
        jsonResponse({ error: { code: "INTERNAL", message: "Something went wrong." } }, { status: 500 }),
    });
    fireEvent.click(toggle);
    expect(await screen.findByRole("alert")).toHaveTextContent("Push alerts could not be changed.");
    expect(toggle).not.toBeChecked();
  });
});
