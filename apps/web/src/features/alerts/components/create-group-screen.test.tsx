import { GROUP_CREATED_REDIRECT_MS, MESSAGES } from "@odin/contract";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, stubFetchPerTest } from "@/testing/auth";
import { CreateGroupScreen } from "./create-group-screen";
import {
  answer,
  callsTo,
  file,
  HOTLIST_ADMIN,
  renderRoute,
  settle,
  stubObjectUrls,
} from "./groups/groups-testing";

const USERS_BY_AGENCY = {
  "Hartford PD": [
    { id: 5, name: "Sam Ortiz", email: "s.ortiz@hartford.example" },
    { id: 2, name: "Ada Chen", email: "a.chen@hartford.example" },
  ],
  "Bristol PD": [{ id: 11, name: "Lee Park", email: "l.park@bristol.example" }],
};

const fetchMock = stubFetchPerTest();
stubObjectUrls();
afterEach(() => vi.useRealTimers());

function renderCreate(
  create: () => Response = () => jsonResponse({ success: true, message: "Group created.", group_id: 12 }),
) {
  answer(fetchMock, {
    "GET /group-create-data": () => jsonResponse({ users_by_agency: USERS_BY_AGENCY }),
    "POST /groups/create-mobile": create,
  });
  return renderRoute(<CreateGroupScreen />, {
    path: "/create-group",
    at: "/create-group",
    user: HOTLIST_ADMIN,
    others: ["/alerts"],
  });
}

const agency = (name: string) => screen.getByRole("region", { name: `${name} members` });
const nameInput = () => screen.getByLabelText(/Group name/);
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Create Group" }));
const sentForm = () => callsTo(fetchMock, "POST /groups/create-mobile")[0]?.[1]?.body as FormData;

describe("CreateGroupScreen", () => {
  it("lists the users by agency in collapsible lists with a select-all each", async () => {
    renderCreate();
    const bristol = await screen.findByRole("region", { name: "Bristol PD members" });
    // Sorted by agency; the first list starts open, the others closed
    const bristolToggle = within(bristol).getByRole("button", { name: /Bristol PD/ });
    expect(bristolToggle).toHaveAttribute("aria-expanded", "true");
    const hartfordToggle = within(agency("Hartford PD")).getByRole("button", { name: /Hartford PD/ });
    expect(hartfordToggle).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(hartfordToggle);
    expect(hartfordToggle).toHaveAttribute("aria-expanded", "true");

    const all = within(agency("Hartford PD")).getByRole("checkbox", { name: "Select all Hartford PD users" });
    fireEvent.click(all);
    expect(within(agency("Hartford PD")).getByRole("checkbox", { name: /Ada Chen/ })).toBeChecked();
    expect(within(agency("Hartford PD")).getByRole("checkbox", { name: /Sam Ortiz/ })).toBeChecked();
    expect(within(bristol).getByRole("checkbox", { name: /Lee Park/ })).not.toBeChecked();
    fireEvent.click(within(agency("Hartford PD")).getByRole("checkbox", { name: /Sam Ortiz/ }));
    expect(all).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    expect(within(agency("Hartford PD")).getByText("1 of 2 selected")).toBeInTheDocument();
  });

  it("makes the name a required input and refuses a blank one with 'Group name is required.'", async () => {
    renderCreate();
    await screen.findByRole("region", { name: "Bristol PD members" });
    expect(nameInput()).toBeRequired();
    fireEvent.change(nameInput(), { target: { value: "   " } });
    submit();
    expect(screen.getByText(MESSAGES.groupNameRequired)).toBeInTheDocument();
    expect(nameInput()).toHaveAttribute("aria-invalid", "true");
    expect(nameInput()).toHaveFocus();
    expect(callsTo(fetchMock, "POST /groups/create-mobile")).toHaveLength(0);
  });

  it("previews the chosen image and sends the multipart form with the spec's field names", async () => {
    renderCreate();
    await screen.findByRole("region", { name: "Bristol PD members" });
    fireEvent.change(nameInput(), { target: { value: "  Stolen vehicles " } });
    fireEvent.change(screen.getByLabelText("Description"), { target: { value: "Reported stolen" } });
    const image = file("car.png", "image/png");
    fireEvent.change(screen.getByLabelText("Group image"), { target: { files: [image] } });
    expect(screen.getByRole("img", { name: "Preview of car.png" })).toHaveAttribute("src", "blob:test/1");
    fireEvent.click(within(agency("Bristol PD")).getByRole("checkbox", { name: /Lee Park/ }));
    fireEvent.click(
      within(agency("Hartford PD")).getByRole("checkbox", { name: "Select all Hartford PD users" }),
    );
    submit();
    expect(await screen.findByRole("dialog", { name: "Group created" })).toBeInTheDocument();

    const form = sentForm();
    expect(form).toBeInstanceOf(FormData);
    expect(form.get("group_name")).toBe("Stolen vehicles");
    expect(form.get("group_description")).toBe("Reported stolen");
    expect(form.get("group_members")).toBe("2,5,11");
    expect((form.get("group_image_file") as File).name).toBe("car.png");
    expect(
      new Headers(callsTo(fetchMock, "POST /groups/create-mobile")[0]?.[1]?.headers).get("Content-Type"),
    ).toBeNull();
  });

  it("shows the success popup, then opens /alerts after exactly 2500 ms", async () => {
    const { router } = renderCreate();
    await screen.findByRole("region", { name: "Bristol PD members" });
    fireEvent.change(nameInput(), { target: { value: "Stolen vehicles" } });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    submit();
    await settle();
    expect(screen.getByRole("dialog", { name: "Group created" })).toHaveTextContent("Group created.");
    expect(GROUP_CREATED_REDIRECT_MS).toBe(2500);
    await act(() => vi.advanceTimersByTimeAsync(GROUP_CREATED_REDIRECT_MS - 1));
    expect(router.state.location.pathname).toBe("/create-group");
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe("/alerts");
  });

  it("shows the error popup with the server's reason when it helps", async () => {
    renderCreate(() =>
      jsonResponse(
        {
          error: {
            code: "UNSUPPORTED_MEDIA_TYPE",
            message: "The group image must be a PNG, JPEG or WebP picture.",
          },
        },
        { status: 415 },
      ),
    );
    await screen.findByRole("region", { name: "Bristol PD members" });
    fireEvent.change(nameInput(), { target: { value: "Stolen vehicles" } });
    submit();
    const popup = await screen.findByRole("dialog", { name: "Group not created" });
    expect(popup).toHaveTextContent(MESSAGES.errorCreatingGroup);
    expect(popup).toHaveTextContent("The group image must be a PNG, JPEG or WebP picture.");
    fireEvent.click(within(popup).getByRole("button", { name: "Back to the form" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(nameInput()).toHaveValue("Stolen vehicles");
  });

  it("shows only the spec's message for a server fault", async () => {
    renderCreate(() =>
      jsonResponse({ error: { code: "INTERNAL", message: "Internal server error." } }, { status: 500 }),
    );
    await screen.findByRole("region", { name: "Bristol PD members" });
    fireEvent.change(nameInput(), { target: { value: "Stolen vehicles" } });
    submit();
    const popup = await screen.findByRole("dialog", { name: "Group not created" });
    expect(popup).toHaveTextContent(MESSAGES.errorCreatingGroup);
    expect(popup).not.toHaveTextContent("Internal server error.");
  });
});
