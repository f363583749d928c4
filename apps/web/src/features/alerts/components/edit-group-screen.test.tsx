import { MESSAGES, PLATE_CSV_COLUMNS, US_STATES } from "@odin/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, stubFetchPerTest } from "@/testing/auth";
import { EditGroupScreen } from "./edit-group-screen";
import { ATTACHMENT_TYPE_MESSAGE } from "./groups/add-plate-form";
import { NOT_A_CSV } from "./groups/bulk-plate-upload";
import { answer, callsTo, file, HOTLIST_ADMIN, renderRoute, stubObjectUrls } from "./groups/groups-testing";
import { PLATE_TEMPLATE_NAME } from "./groups/plate-template";

const PLATE = {
  id: 3,
  plate_number: "AK47281",
  state: "CT",
  reason: "Stolen",
  notes: null,
  created_at: "2025-01-12T10:00:00.000Z",
  added_by_name: "Ada Chen",
  added_by_agency: "Hartford PD",
  attachment_path: null,
};
const EDIT_DATA = {
  group: { name: "Stolen vehicles", description: "Reported stolen", image_url: null, member_ids: [2] },
  members: [{ id: 2, name: "Ada Chen", email: "a.chen@hartford.example" }],
  plates: [PLATE],
  users_by_agency: {
    "Hartford PD": [
      { id: 2, name: "Ada Chen", email: "a.chen@hartford.example" },
      { id: 5, name: "Sam Ortiz", email: "s.ortiz@hartford.example" },
    ],
  },
};
const OK = (message: string) => () => jsonResponse({ success: true, message });
const failure = (status: number, message: string, details?: { path: string; message: string }[]) => () =>
  jsonResponse(
    { error: { code: status === 400 ? "VALIDATION_FAILED" : "INTERNAL", message, details } },
    { status },
  );

const fetchMock = stubFetchPerTest();
const objectUrls = stubObjectUrls();

type Routes = Parameters<typeof answer>[1];
function renderEdit(routes: Routes = {}) {
  answer(fetchMock, {
    "GET /groups/7/edit-data": () => jsonResponse(EDIT_DATA),
    "POST /groups/7/edit-mobile": OK(MESSAGES.groupUpdated),
    "POST /groups/7/remove-plate": OK(MESSAGES.plateRemoved),
    "POST /groups/7/bulk-upload-plates": () =>
      jsonResponse({ success: true, message: MESSAGES.platesUploaded(2), added: 2, removed: 0 }),
    "POST /archive-group": OK(MESSAGES.groupArchived),
    ...routes,
  });
  return renderRoute(<EditGroupScreen />, {
    path: "/groups/:groupId/edit",
    at: "/groups/7/edit",
    user: HOTLIST_ADMIN,
    others: ["/groups/:groupId", "/alerts"],
  });
}

const loaded = () => screen.findByDisplayValue("Stolen vehicles");
const addPlateForm = () => screen.getByRole("form", { name: "Add plate" });
const bulkForm = () => screen.getByRole("form", { name: "Bulk CSV upload" });
const plateRow = (plate: string) => screen.getByRole("cell", { name: plate }).closest("tr")!;
const saveChanges = () => fireEvent.click(screen.getByRole("button", { name: MESSAGES.saveChanges }));
const sent = (key: string) => callsTo(fetchMock, key)[0]?.[1]?.body;

function addPlate(fields: {
  number: string;
  state?: string;
  reason?: string;
  notes?: string;
  match?: "Exact" | "Lenient";
  attachment?: File;
}) {
  const form = within(addPlateForm());
  fireEvent.change(form.getByLabelText(/Plate number/), { target: { value: fields.number } });
  if (fields.state) fireEvent.change(form.getByLabelText("State"), { target: { value: fields.state } });
  if (fields.reason) fireEvent.change(form.getByLabelText("Reason"), { target: { value: fields.reason } });
  if (fields.notes)
    fireEvent.change(form.getByLabelText("Notes (optional)"), { target: { value: fields.notes } });
  if (fields.match) {
    const select = form.getByLabelText("Match");
    const option = within(select).getByRole("option", { name: fields.match });
    fireEvent.change(select, { target: { value: option.getAttribute("value") } });
  }
  if (fields.attachment) {
    fireEvent.change(form.getByLabelText(/Attachment/), { target: { files: [fields.attachment] } });
  }
  fireEvent.click(form.getByRole("button", { name: "Add Plate" }));
}

/** The calls of the form itself: the Alerting card (issue 24) loads the group's alert settings beside it. */
const callsBesidesAlertSettings = () =>
  fetchMock.mock.calls.filter(
    ([url]) => !String(url instanceof Request ? url.url : url).includes("/alert-settings"),
  );

describe("EditGroupScreen", () => {
  it("loads the group: name, description, members ticked by agency, its plates", async () => {
    renderEdit();
    await loaded();
    expect(screen.getByLabelText("Description")).toHaveValue("Reported stolen");
    const hartford = screen.getByRole("region", { name: "Hartford PD members" });
    expect(within(hartford).getByRole("checkbox", { name: /Ada Chen/ })).toBeChecked();
    expect(within(hartford).getByRole("checkbox", { name: /Sam Ortiz/ })).not.toBeChecked();
    expect(within(hartford).getByRole("button", { name: /Hartford PD/ })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(plateRow("AK47281")).toBeInTheDocument();
  });

  it("a refused group reads 'Group not found or failed to load.' without a pointless Try again", async () => {
    renderEdit({ "GET /groups/7/edit-data": failure(403, "You do not have permission to do this.") });
    expect(await screen.findByText(MESSAGES.groupNotFound)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to My Alert Groups" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
  });

  it("a failed load offers Try again, which asks again", async () => {
    renderEdit({ "GET /groups/7/edit-data": failure(500, "Odin could not answer.") });
    fireEvent.click(await screen.findByRole("button", { name: "Try again" }));
    await waitFor(() => expect(callsTo(fetchMock, "GET /groups/7/edit-data")).toHaveLength(2));
  });

  it("offers the 50 US states and needs a plate number to add a plate locally", async () => {
    renderEdit();
    await loaded();
    const options = within(within(addPlateForm()).getByLabelText("State")).getAllByRole("option");
    expect(options).toHaveLength(51);
    expect(options.slice(1).map((option) => option.getAttribute("value"))).toEqual(
      US_STATES.map((s) => s.abbreviation),
    );
    addPlate({ number: "  " });
    expect(within(addPlateForm()).getByRole("alert")).toHaveTextContent(MESSAGES.plateNumberRequired);
    addPlate({ number: "bx 1234", attachment: file("notes.txt", "text/plain") });
    expect(within(addPlateForm()).getByRole("alert")).toHaveTextContent(ATTACHMENT_TYPE_MESSAGE);
    expect(screen.queryByText("Not saved yet")).not.toBeInTheDocument();
    expect(callsBesidesAlertSettings()).toHaveLength(1); // only the edit-data load
  });

  it("keeps new plates local until Save Changes, then sends the multipart form with plates[i][...]", async () => {
    const { router } = renderEdit();
    await loaded();
    const report = file("report.pdf", "application/pdf");
    addPlate({ number: "bx1234", state: "NY", reason: "Wanted", notes: "Blue van", attachment: report });
    addPlate({ number: "cd9" });
    expect(within(plateRow("BX1234")).getByText("Not saved yet")).toBeInTheDocument();
    expect(within(plateRow("CD9")).getByText("Not saved yet")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /groups/7/edit-mobile")).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Group name/), { target: { value: "Stolen cars" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /Sam Ortiz/ }));
    saveChanges();
    await waitFor(() => expect(router.state.location.pathname).toBe("/groups/7"));
    expect(router.state.location.state).toEqual({ notice: MESSAGES.groupUpdated });

    const form = sent("POST /groups/7/edit-mobile") as FormData;
    expect([...form.keys()]).toEqual([
      "group_name",
      "group_description",
      "group_members",
      "plates[0][number]",
      "plates[0][state]",
      "plates[0][reason]",
      "plates[0][notes]",
      "plates[0][file]",
      "plates[1][number]",
    ]);
    expect(form.get("group_name")).toBe("Stolen cars");
    expect(form.get("group_description")).toBe("Reported stolen");
    expect(form.get("group_members")).toBe("2,5");
    expect(form.get("plates[0][number]")).toBe("BX1234");
    expect(form.get("plates[0][state]")).toBe("NY");
    expect(form.get("plates[0][reason]")).toBe("Wanted");
    expect(form.get("plates[0][notes]")).toBe("Blue van");
    expect((form.get("plates[0][file]") as File).name).toBe("report.pdf");
    expect(form.get("plates[1][number]")).toBe("CD9");
  });

  it("sends a Lenient plate's match strategy (issue 19); Exact, the default, is not sent", async () => {
    renderEdit();
    await loaded();
    expect(within(addPlateForm()).getByLabelText("Match")).toHaveValue("exact");
    addPlate({ number: "mu12170", match: "Lenient" });
    addPlate({ number: "ab123" });
    expect(within(plateRow("MU12170")).getByRole("cell", { name: "Lenient" })).toBeInTheDocument();
    expect(within(plateRow("AB123")).getByRole("cell", { name: "Exact" })).toBeInTheDocument();
    saveChanges();
    await waitFor(() => expect(callsTo(fetchMock, "POST /groups/7/edit-mobile")).toHaveLength(1));
    const form = sent("POST /groups/7/edit-mobile") as FormData;
    expect(form.get("plates[0][match_strategy]")).toBe("lenient");
    expect(form.get("plates[1][match_strategy]")).toBeNull();
  });

  it("sends a new group image as group_image_file, with a preview first", async () => {
    renderEdit();
    await loaded();
    fireEvent.change(screen.getByLabelText("Group image"), {
      target: { files: [file("van.jpg", "image/jpeg")] },
    });
    expect(screen.getByRole("img", { name: "Preview of van.jpg" })).toBeInTheDocument();
    saveChanges();
    await waitFor(() => expect(callsTo(fetchMock, "POST /groups/7/edit-mobile")).toHaveLength(1));
    expect(((sent("POST /groups/7/edit-mobile") as FormData).get("group_image_file") as File).name).toBe(
      "van.jpg",
    );
    expect(objectUrls).toHaveLength(1);
  });

  it("refuses a plate already on the list (saved or new) with the server's 409 wording, adding no row", async () => {
    renderEdit();
    await loaded();
    addPlate({ number: "ak-47 281", state: "CT" });
    expect(
      await screen.findByText(MESSAGES.plateAlreadyOnGroup("AK-47 281", "Stolen vehicles")),
    ).toBeInTheDocument();
    expect(screen.getAllByRole("cell", { name: /AK-?47 ?281/ })).toHaveLength(1);
    // (The refused attempt keeps its fields, so the state is still CT for CD9.)
    addPlate({ number: "CD9", state: "CT" });
    addPlate({ number: "C-D 9", state: "CT" });
    expect(
      await screen.findByText(MESSAGES.plateAlreadyOnGroup("C-D 9", "Stolen vehicles")),
    ).toBeInTheDocument();
    expect(screen.getAllByRole("cell", { name: /C-?D ?9/ })).toHaveLength(1);
    // Another state is another entry.
    addPlate({ number: "AK47281", state: "NY" });
    expect(screen.getAllByRole("cell", { name: "AK47281" })).toHaveLength(2);
  });

  it("shows the server's 409 when Save Changes meets a plate added meanwhile", async () => {
    const message = MESSAGES.plateAlreadyOnGroup("CD9", "Stolen vehicles");
    renderEdit({
      "POST /groups/7/edit-mobile": () =>
        jsonResponse(
          { error: { code: "CONFLICT", message, details: [{ path: "plates[0][number]", message }] } },
          { status: 409 },
        ),
    });
    await loaded();
    addPlate({ number: "CD9" });
    saveChanges();
    expect(await screen.findByText(MESSAGES.updateFailed(message))).toBeInTheDocument();
  });

  it("drops a local plate without a call", async () => {
    renderEdit();
    await loaded();
    addPlate({ number: "CD9" });
    fireEvent.click(screen.getByRole("button", { name: "Remove CD9" }));
    expect(screen.queryByRole("cell", { name: "CD9" })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /groups/7/remove-plate")).toHaveLength(0);
  });

  it("asks before removing a saved plate: Keep leaves it, nothing is sent (issue 20 item 10)", async () => {
    renderEdit();
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: "Remove AK47281" }));
    expect(callsTo(fetchMock, "POST /groups/7/remove-plate")).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Keep AK47281" }));
    expect(screen.getByRole("button", { name: "Remove AK47281" })).toBeInTheDocument();
    expect(plateRow("AK47281")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /groups/7/remove-plate")).toHaveLength(0);
  });

  it("removes a saved plate once confirmed, with POST remove-plate and the form field plate_id", async () => {
    renderEdit();
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: "Remove AK47281" }));
    fireEvent.click(screen.getByRole("button", { name: "Confirm removing AK47281" }));
    await waitFor(() => expect(screen.queryByRole("cell", { name: "AK47281" })).not.toBeInTheDocument());
    const body = sent("POST /groups/7/remove-plate");
    expect(body).toBeInstanceOf(URLSearchParams);
    expect((body as URLSearchParams).toString()).toBe("plate_id=3");
  });

  it("says 'Failed to remove plate.' and keeps the plate when the call fails", async () => {
    renderEdit({ "POST /groups/7/remove-plate": failure(500, "boom") });
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: "Remove AK47281" }));
    fireEvent.click(screen.getByRole("button", { name: "Confirm removing AK47281" }));
    expect(await screen.findByText(MESSAGES.failedToRemovePlate)).toBeInTheDocument();
    expect(plateRow("AK47281")).toBeInTheDocument();
  });

  it("refuses a blank name with 'Group name is required.' and sends nothing", async () => {
    renderEdit();
    await loaded();
    fireEvent.change(screen.getByLabelText(/Group name/), { target: { value: "  " } });
    saveChanges();
    expect(screen.getByText(MESSAGES.groupNameRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(/Group name/)).toHaveFocus();
    expect(callsTo(fetchMock, "POST /groups/7/edit-mobile")).toHaveLength(0);
  });

  it("says 'Update failed: ...' with the server's reason and stays", async () => {
    const { router } = renderEdit({
      "POST /groups/7/edit-mobile": failure(400, "Plate 2: the attachment is not a PDF or an image."),
    });
    await loaded();
    saveChanges();
    expect(
      await screen.findByText(MESSAGES.updateFailed("Plate 2: the attachment is not a PDF or an image.")),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/groups/7/edit");
  });

  it("uploads a CSV with the chosen mode, reports the result and reloads the plates", async () => {
    renderEdit();
    await loaded();
    answer(fetchMock, {
      "GET /groups/7/edit-data": () =>
        jsonResponse({ ...EDIT_DATA, plates: [{ ...PLATE, id: 8, plate_number: "NEW1" }] }),
      "POST /groups/7/bulk-upload-plates": () =>
        jsonResponse({ success: true, message: MESSAGES.platesUploaded(1), added: 1, removed: 1 }),
    });
    const bulk = within(bulkForm());
    fireEvent.click(bulk.getByRole("radio", { name: MESSAGES.bulkModeReplace }));
    expect(bulk.getByRole("alert")).toHaveTextContent("replaced by the file's plates");
    fireEvent.change(bulk.getByLabelText("CSV file"), {
      target: { files: [file("plates.csv", "text/csv")] },
    });
    fireEvent.click(bulk.getByRole("button", { name: "Upload CSV" }));
    expect(await bulk.findByText("1 plate(s) uploaded. 1 plate(s) replaced.")).toBeInTheDocument();
    expect(await screen.findByRole("cell", { name: "NEW1" })).toBeInTheDocument();
    expect(screen.queryByRole("cell", { name: "AK47281" })).not.toBeInTheDocument();
    const form = sent("POST /groups/7/bulk-upload-plates") as FormData;
    expect(form.get("mode")).toBe("replace");
    expect((form.get("csv_file") as File).name).toBe("plates.csv");
  });

  it("lists every rejected row of a refused CSV", async () => {
    renderEdit({
      "POST /groups/7/bulk-upload-plates": failure(
        400,
        "2 rows of the file were rejected; nothing was changed.",
        [
          { path: "3", message: "plate_number is required." },
          { path: "line 5", message: "state must be one of the 50 US states." },
        ],
      ),
    });
    await loaded();
    const bulk = within(bulkForm());
    expect(bulk.getByRole("radio", { name: MESSAGES.bulkModeAdd })).toBeChecked();
    fireEvent.change(bulk.getByLabelText("CSV file"), {
      target: { files: [file("plates.csv", "text/csv")] },
    });
    fireEvent.click(bulk.getByRole("button", { name: "Upload CSV" }));
    const alert = await bulk.findByRole("alert");
    expect(alert).toHaveTextContent(
      MESSAGES.uploadFailed("2 rows of the file were rejected; nothing was changed."),
    );
    const rows = within(within(alert).getByRole("list", { name: "Rejected rows" })).getAllByRole("listitem");
    expect(rows.map((item) => item.textContent)).toEqual([
      "Line 3: plate_number is required.",
      "Line 5: state must be one of the 50 US states.",
    ]);
    expect((sent("POST /groups/7/bulk-upload-plates") as FormData).get("mode")).toBe("add");
  });

  it("says a header error once (no rejected row repeating it) and drops the report when another file is chosen", async () => {
    const header = "The CSV header must name plate_number.";
    renderEdit({
      "POST /groups/7/bulk-upload-plates": failure(400, header, [{ path: "csv_file", message: header }]),
    });
    await loaded();
    const bulk = within(bulkForm());
    fireEvent.change(bulk.getByLabelText("CSV file"), {
      target: { files: [file("plates.csv", "text/csv")] },
    });
    fireEvent.click(bulk.getByRole("button", { name: "Upload CSV" }));
    const alert = await bulk.findByRole("alert");
    expect(alert.textContent?.split(header)).toHaveLength(2);
    expect(within(alert).queryByRole("list", { name: "Rejected rows" })).not.toBeInTheDocument();
    fireEvent.change(bulk.getByLabelText("CSV file"), {
      target: { files: [file("fixed.csv", "text/csv")] },
    });
    expect(bulk.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("refuses a file that is not a CSV before sending it", async () => {
    renderEdit();
    await loaded();
    const bulk = within(bulkForm());
    fireEvent.change(bulk.getByLabelText("CSV file"), {
      target: { files: [file("plates.xlsx", "application/vnd.ms-excel")] },
    });
    fireEvent.click(bulk.getByRole("button", { name: "Upload CSV" }));
    expect(bulk.getByRole("alert")).toHaveTextContent(MESSAGES.uploadFailed(NOT_A_CSV));
    expect(callsTo(fetchMock, "POST /groups/7/bulk-upload-plates")).toHaveLength(0);
  });

  it("tells under the file input which layouts it takes: Odin's template and Rekor's alert-list CSV", async () => {
    renderEdit();
    await loaded();
    const input = within(bulkForm()).getByLabelText("CSV file");
    const hint = input.getAttribute("aria-describedby");
    expect(hint).toBeTruthy();
    const help = document.getElementById(hint!)!;
    expect(help).toHaveTextContent(`Odin's template: ${PLATE_CSV_COLUMNS.join(", ")}`);
    expect(help).toHaveTextContent(
      "Rekor Scout's alert-list CSV as it is: Plate Number, Description, Match Strategy (the Description becomes the reason)",
    );
  });

  it("builds the CSV template from the contract's columns without a call", async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    renderEdit();
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: "Download template" }));
    expect(click).toHaveBeenCalledOnce();
    expect(click.mock.contexts[0]).toHaveProperty("download", PLATE_TEMPLATE_NAME);
    expect(await objectUrls[0]!.text()).toBe(`${PLATE_CSV_COLUMNS.join(",")}\r\n`);
    expect(callsBesidesAlertSettings()).toHaveLength(1);
  });

  it("archives the group after a confirmation, then opens /alerts", async () => {
    const { router } = renderEdit();
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: MESSAGES.deleteGroup }));
    const dialog = screen.getByRole("dialog", { name: `${MESSAGES.deleteGroup}?` });
    expect(callsTo(fetchMock, "POST /archive-group")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: MESSAGES.deleteGroup }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/alerts"));
    expect(JSON.parse(sent("POST /archive-group") as string)).toEqual({ group_id: 7 });
  });

  it("says 'Failed to archive group: ...' and stays when archiving fails", async () => {
    const { router } = renderEdit({ "POST /archive-group": failure(404, "Group not found.") });
    await loaded();
    fireEvent.click(screen.getByRole("button", { name: MESSAGES.deleteGroup }));
    const dialog = screen.getByRole("dialog", { name: `${MESSAGES.deleteGroup}?` });
    fireEvent.click(within(dialog).getByRole("button", { name: MESSAGES.deleteGroup }));
    expect(
      await within(dialog).findByText(MESSAGES.failedToArchiveGroup("Group not found.")),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/groups/7/edit");
  });

  it("has a Cancel back to the group's details", async () => {
    renderEdit();
    await loaded();
    expect(screen.getByRole("link", { name: MESSAGES.cancel })).toHaveAttribute("href", "/groups/7");
  });

  it("says 'Group not found or failed to load.' when the edit data is refused", async () => {
    renderEdit({ "GET /groups/7/edit-data": failure(404, "Group not found.") });
    expect(await screen.findByText(MESSAGES.groupNotFound)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: MESSAGES.saveChanges })).not.toBeInTheDocument();
  });
});
