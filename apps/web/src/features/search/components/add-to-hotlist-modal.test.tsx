import { MESSAGES, US_STATES } from "@odin/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { CurrentUserProvider } from "@/lib/auth/current-user";
import { ADMIN, INVESTIGATOR, jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import { AddToHotlistModal } from "./add-to-hotlist-modal";
import { mapResult } from "@/testing/search-results";
import { ResultsScreen } from "./results-screen";
import { renderWithQuery } from "@/testing/query";

const fetchMock = stubFetchPerTest();
const GROUPS = [
  { id: 2, name: "Stolen Vehicles", latest_image_url: null, last_alert: null },
  { id: 5, name: "Warrants", latest_image_url: null, last_alert: "2025-01-15T14:03:09" },
];
const RESULT = mapResult({
  id: "rekor-1",
  plate: "ABC1234",
  plate_state: "CT",
  latitude: null,
  longitude: null,
});
const ADD_PATH = "/hotlist/add-plate-direct";

/** Answers GET /alerts-data with the groups and POST /hotlist/add-plate-direct with `add`. */
function answer(
  add: () => Response | Promise<Response> = () => jsonResponse({ success: true, message: "ok" }),
) {
  fetchMock.mockImplementation(async (input) => {
    const path = urlOf(input);
    if (path === "/alerts-data") return jsonResponse(GROUPS);
    if (path === ADD_PATH) return add();
    throw new Error(`unexpected call ${path}`);
  });
}

const addCalls = () => fetchMock.mock.calls.filter(([input]) => urlOf(input) === ADD_PATH);

function renderModal() {
  const onAdded = vi.fn<(message: string) => void>();
  const onClose = vi.fn();
  renderWithQuery(<AddToHotlistModal result={RESULT} onClose={onClose} onAdded={onAdded} />);
  return { onAdded, onClose };
}

const groupSelect = () => screen.getByLabelText("Hotlist Group");
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save" }));

async function fill(group: string, reason: string, notes = "") {
  await within(groupSelect()).findByRole("option", { name: group });
  fireEvent.change(groupSelect(), {
    target: { value: String(GROUPS.find((g) => g.name === group)!.id) },
  });
  fireEvent.change(screen.getByLabelText(MESSAGES.reasonRequiredLabel), { target: { value: reason } });
  fireEvent.change(screen.getByLabelText(MESSAGES.notesOptionalLabel), { target: { value: notes } });
}

describe("AddToHotlistModal", () => {
  it("shows the spec's form: group select with its placeholder, reason, 50 states prefilled, 3-row notes", async () => {
    answer();
    renderModal();
    expect(screen.getByRole("dialog", { name: MESSAGES.addPlateToHotlist })).toBeInTheDocument();
    expect(
      within(groupSelect()).getByRole("option", { name: MESSAGES.selectGroupPlaceholder }),
    ).toBeInTheDocument();
    expect(await within(groupSelect()).findByRole("option", { name: "Warrants" })).toBeInTheDocument();
    expect(screen.getByLabelText(MESSAGES.reasonRequiredLabel)).toHaveValue("");
    const state = screen.getByLabelText(MESSAGES.plateStateOptionalLabel);
    expect(state).toHaveValue("CT");
    expect(state.querySelectorAll("option")).toHaveLength(US_STATES.length + 1);
    expect(screen.getByLabelText(MESSAGES.notesOptionalLabel)).toHaveAttribute("rows", "3");
  });

  it("asks for a group and a reason before any call", async () => {
    answer();
    renderModal();
    save();
    expect(await screen.findByText(MESSAGES.selectGroupAndReason)).toBeInTheDocument();
    await fill("Warrants", "   ");
    save();
    expect(await screen.findByText(MESSAGES.selectGroupAndReason)).toBeInTheDocument();
    fireEvent.change(groupSelect(), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText(MESSAGES.reasonRequiredLabel), { target: { value: "Stolen" } });
    save();
    expect(await screen.findByText(MESSAGES.selectGroupAndReason)).toBeInTheDocument();
    expect(addCalls()).toHaveLength(0);
  });

  it("takes the message away once the group or the reason is changed", async () => {
    answer();
    renderModal();
    save();
    expect(await screen.findByText(MESSAGES.selectGroupAndReason)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(MESSAGES.reasonRequiredLabel), { target: { value: "Stolen" } });
    expect(screen.queryByText(MESSAGES.selectGroupAndReason)).not.toBeInTheDocument();
  });

  it("sends {plate_number, reason, state, notes, group_id}, shows 'Saving...', then reports success", async () => {
    let release: () => void = () => {};
    answer(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return jsonResponse({ success: true, message: "Plate added to hotlist." });
    });
    const { onAdded } = renderModal();
    await fill("Stolen Vehicles", "  Reported stolen 11/20  ", "Dark tint");
    save();
    const busy = await screen.findByRole("button", { name: MESSAGES.saving });
    expect(busy).toBeDisabled();
    const [, init] = addCalls()[0]!;
    expect(init?.method).toBe("POST");
    expect(JSON.parse(init?.body as string)).toEqual({
      plate_number: "ABC1234",
      reason: "Reported stolen 11/20",
      state: "CT",
      notes: "Dark tint",
      group_id: 2,
    });
    release();
    await waitFor(() =>
      expect(onAdded).toHaveBeenCalledWith("Successfully added 'ABC1234' to 'Stolen Vehicles'"),
    );
  });

  it("names the group 'Unknown Group' in the success message when the group has no name", async () => {
    fetchMock.mockImplementation(async (input) => {
      const path = urlOf(input);
      if (path === "/alerts-data") return jsonResponse([{ ...GROUPS[0]!, name: "" }]);
      if (path === ADD_PATH) return jsonResponse({ success: true, message: "ok" });
      throw new Error(`unexpected call ${path}`);
    });
    const { onAdded } = renderModal();
    await waitFor(() => expect(within(groupSelect()).getAllByRole("option")).toHaveLength(2));
    fireEvent.change(groupSelect(), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText(MESSAGES.reasonRequiredLabel), { target: { value: "Stolen" } });
    save();
    await waitFor(() =>
      expect(onAdded).toHaveBeenCalledWith("Successfully added 'ABC1234' to 'Unknown Group'"),
    );
    expect(MESSAGES.unknownGroup).toBe("Unknown Group");
  });

  it("stays open with the server's message when the server refuses", async () => {
    answer(() =>
      jsonResponse({ error: { code: "NOT_FOUND", message: "That group was archived." } }, { status: 404 }),
    );
    const { onAdded } = renderModal();
    await fill("Warrants", "Warrant 25-118");
    save();
    expect(await screen.findByText("That group was archived.")).toBeInTheDocument();
    expect(onAdded).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
  });

  it("shows the 409 of a plate already on the group and stays open", async () => {
    const message = MESSAGES.plateAlreadyOnGroup("ABC1234", "Warrants");
    answer(() => jsonResponse({ error: { code: "CONFLICT", message } }, { status: 409 }));
    const { onAdded } = renderModal();
    await fill("Warrants", "Warrant 25-118");
    save();
    expect(await screen.findByText("'ABC1234' is already on 'Warrants'")).toBeInTheDocument();
    expect(onAdded).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to add plate to hotlist.' when there is no server message", async () => {
    answer(() => Promise.reject(new TypeError("Failed to fetch")));
    const { onAdded } = renderModal();
    await fill("Warrants", "Warrant 25-118");
    save();
    expect(await screen.findByText(MESSAGES.failedToAddPlateToHotlist)).toBeInTheDocument();
    expect(onAdded).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to add plate to hotlist.' on an empty 500, never '500 Internal Server Error'", async () => {
    answer(() => Promise.resolve(new Response("", { status: 500, statusText: "Internal Server Error" })));
    const { onAdded } = renderModal();
    await fill("Warrants", "Warrant 25-118");
    save();
    expect(await screen.findByText(MESSAGES.failedToAddPlateToHotlist)).toBeInTheDocument();
    expect(screen.queryByText(/Internal Server Error/)).not.toBeInTheDocument();
    expect(onAdded).not.toHaveBeenCalled();
  });

  it("says 'Failed to load groups.' when the groups cannot be loaded", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ error: { code: "INTERNAL", message: "boom" } }, { status: 500 }),
    );
    renderModal();
    expect(await screen.findByText(MESSAGES.failedToLoadGroups)).toBeInTheDocument();
  });
});

describe("ResultsScreen: Add Plate to Hotlist", () => {
  function renderResults(user = ADMIN) {
    const state = {
      searchResults: [RESULT],
      previousSearchParams: {
        justification: "Case 1",
        start_time: "2025-03-01T00:00:00.000Z",
        end_time: "2025-03-02T00:00:00.000Z",
      },
      sourceStatuses: [],
    };
    renderWithQuery(
      <CurrentUserProvider user={user}>
        <MemoryRouter initialEntries={[{ pathname: "/results", state }]}>
          <ResultsScreen />
        </MemoryRouter>
      </CurrentUserProvider>,
    );
    fireEvent.click(screen.getByText("ABC1234"));
  }

  it("opens the hotlist form from the detail and shows the success message once saved", async () => {
    answer();
    renderResults();
    fireEvent.click(screen.getByRole("button", { name: MESSAGES.addPlateToHotlist }));
    expect(screen.getByRole("dialog", { name: MESSAGES.addPlateToHotlist })).toBeInTheDocument();
    await fill("Warrants", "Warrant 25-118");
    save();
    expect(await screen.findByText("Successfully added 'ABC1234' to 'Warrants'")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("offers no hotlist button to a user without the right", () => {
    renderResults(INVESTIGATOR);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: MESSAGES.addPlateToHotlist })).not.toBeInTheDocument();
  });
});
