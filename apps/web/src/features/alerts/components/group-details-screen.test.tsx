import { MESSAGES, type TCurrentUser } from "@odin/contract";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ADMIN, jsonResponse, stubFetchPerTest } from "@/testing/auth";
import { GroupDetailsScreen } from "./group-details-screen";
import { formatDate } from "./groups/group-format";
import {
  answer,
  callsTo,
  HOTLIST_ADMIN,
  HOTLIST_VIEWER,
  renderRoute,
  stubObjectUrls,
} from "./groups/groups-testing";

const DETAILS = {
  group: {
    id: 7,
    name: "Stolen vehicles",
    description: "Vehicles reported stolen in Hartford",
    created_at: "2025-01-10T15:00:00.000Z",
    image_url: null,
  },
  members: [
    { id: 2, name: "Ada Chen", email: "a.chen@hartford.example" },
    { id: 5, name: "Sam Ortiz", email: "s.ortiz@hartford.example" },
  ],
  plates: [
    {
      id: 3,
      plate_number: "AK47281",
      state: "CT",
      reason: "Stolen",
      notes: "Silver sedan",
      created_at: "2025-01-12T10:00:00.000Z",
      added_by_name: "Ada Chen",
      added_by_agency: "Hartford PD",
      attachment_path: "report-3.pdf",
    },
    {
      id: 4,
      plate_number: "BX1234",
      state: null,
      reason: "Wanted",
      notes: null,
      created_at: "2025-01-13T10:00:00.000Z",
      added_by_name: null,
      added_by_agency: null,
      attachment_path: null,
    },
  ],
};

const fetchMock = stubFetchPerTest();
stubObjectUrls();
const open = vi.fn<typeof window.open>();
beforeEach(() => vi.stubGlobal("open", open));
afterEach(() => open.mockReset());

interface RenderOptions {
  user?: TCurrentUser;
  at?: string;
  attachment?: () => Response;
}

function renderDetails(
  {
    user = HOTLIST_ADMIN,
    at = "/groups/7",
    attachment = () => jsonResponse({ url: "https://odin.example/a/s1" }),
  }: RenderOptions = {},
  details: () => Response = () => jsonResponse(DETAILS),
) {
  answer(fetchMock, {
    "GET /alerts/group/7/details-data": details,
    "GET /get-hotlist-attachment-url/report-3.pdf": attachment,
  });
  return renderRoute(<GroupDetailsScreen />, { path: at.replace("7", ":groupId"), at, user });
}

const row = (plate: string) => screen.getByRole("cell", { name: plate }).closest("tr")!;

describe("GroupDetailsScreen", () => {
  it("shows the name, created date, description, members and the plates table", async () => {
    renderDetails();
    expect(await screen.findByRole("heading", { level: 1, name: "Stolen vehicles" })).toBeInTheDocument();
    expect(screen.getByText(formatDate("2025-01-10T15:00:00.000Z"))).toBeInTheDocument();
    expect(screen.getByText("Vehicles reported stolen in Hartford")).toBeInTheDocument();
    const members = screen.getByRole("region", { name: "Members (2)" });
    expect(within(members).getByText("Ada Chen")).toBeInTheDocument();
    expect(within(members).getByText("s.ortiz@hartford.example")).toBeInTheDocument();

    const headers = screen.getAllByRole("columnheader").map((cell) => cell.textContent);
    expect(headers).toEqual([
      "Plate",
      "State",
      "Reason",
      "Notes",
      "Date Added",
      "Added By",
      "Agency",
      "Attachment View",
      "Match",
    ]);
    expect(
      within(row("AK47281"))
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual([
      "AK47281",
      "CT",
      "Stolen",
      "Silver sedan",
      formatDate("2025-01-12T10:00:00.000Z"),
      "Ada Chen",
      "Hartford PD",
      "View",
      "Exact",
    ]);
    expect(within(row("BX1234")).getAllByRole("cell")[1]).toHaveTextContent(MESSAGES.notAvailable);
    expect(within(row("BX1234")).queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: MESSAGES.viewAlerts })).toHaveAttribute(
      "href",
      "/alerts/group/7",
    );
  });

  it("shows the group's image, fetched with the bearer token; without one, the name's initials", async () => {
    const withImage = { ...DETAILS, group: { ...DETAILS.group, image_url: "/groups/7/image" } };
    answer(fetchMock, {
      "GET /alerts/group/7/details-data": () => jsonResponse(withImage),
      "GET /groups/7/image": () => new Response("jpeg", { headers: { "Content-Type": "image/jpeg" } }),
    });
    renderRoute(<GroupDetailsScreen />, { path: "/groups/:groupId", at: "/groups/7", user: HOTLIST_VIEWER });
    const image = await screen.findByRole("img", { name: "Stolen vehicles" });
    expect(image.getAttribute("src")).toMatch(/^blob:test\//);
    const [, init] = callsTo(fetchMock, "GET /groups/7/image")[0]!;
    expect(new Headers(init?.headers).get("Authorization")).toMatch(/^Bearer /);
    cleanup();

    renderDetails();
    await screen.findByRole("heading", { level: 1, name: "Stolen vehicles" });
    expect(screen.queryByRole("img", { name: "Stolen vehicles" })).not.toBeInTheDocument();
    expect(screen.getByText("SV")).toBeInTheDocument();
  });

  it("answers /groups/{id}/details the same way", async () => {
    renderDetails({ at: "/groups/7/details" });
    expect(await screen.findByRole("heading", { level: 1, name: "Stolen vehicles" })).toBeInTheDocument();
  });

  it("shows 'Edit Group' to a hotlist admin", async () => {
    renderDetails({ user: HOTLIST_ADMIN });
    expect(await screen.findByRole("link", { name: MESSAGES.editGroup })).toHaveAttribute(
      "href",
      "/groups/7/edit",
    );
  });

  it("shows 'Edit Group' to an admin", async () => {
    renderDetails({ user: ADMIN });
    expect(await screen.findByRole("link", { name: MESSAGES.editGroup })).toBeInTheDocument();
  });

  it("hides 'Edit Group' from a hotlist viewer", async () => {
    renderDetails({ user: HOTLIST_VIEWER });
    await screen.findByRole("heading", { level: 1, name: "Stolen vehicles" });
    expect(screen.queryByRole("link", { name: MESSAGES.editGroup })).not.toBeInTheDocument();
  });

  it("opens an attachment through GET /get-hotlist-attachment-url/{filename}?plate_id= in a new tab", async () => {
    renderDetails();
    await screen.findByRole("heading", { level: 1, name: "Stolen vehicles" });
    fireEvent.click(screen.getByRole("button", { name: "View attachment of AK47281" }));
    await vi.waitFor(() =>
      expect(open).toHaveBeenCalledWith("https://odin.example/a/s1", "_blank", "noopener,noreferrer"),
    );
    const [input] = callsTo(fetchMock, "GET /get-hotlist-attachment-url/report-3.pdf")[0]!;
    expect(input).toBe("/get-hotlist-attachment-url/report-3.pdf?plate_id=3");
  });

  it("says 'Failed to load attachment.' when the URL cannot be had", async () => {
    renderDetails({
      attachment: () =>
        jsonResponse({ error: { code: "NOT_FOUND", message: "Attachment not found." } }, { status: 404 }),
    });
    await screen.findByRole("heading", { level: 1, name: "Stolen vehicles" });
    fireEvent.click(screen.getByRole("button", { name: "View attachment of AK47281" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.failedToLoadAttachment);
    expect(open).not.toHaveBeenCalled();
  });

  it("says 'Group not found or failed to load.' for a group the server does not give", async () => {
    renderDetails({}, () =>
      jsonResponse({ error: { code: "NOT_FOUND", message: "Group not found." } }, { status: 404 }),
    );
    expect(await screen.findByText(MESSAGES.groupNotFound)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: MESSAGES.editGroup })).not.toBeInTheDocument();
  });

  it("asks nothing of the server for an id that is not a number", async () => {
    renderRoute(<GroupDetailsScreen />, { path: "/groups/:groupId", at: "/groups/abc", user: HOTLIST_ADMIN });
    expect(await screen.findByText(MESSAGES.groupNotFound)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
