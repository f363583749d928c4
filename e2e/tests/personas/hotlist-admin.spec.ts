import { expect, test } from "@playwright/test";
import { cameraReads, vehiclePicture } from "../../support/camera";
import {
  expectNavLinks,
  NAV_LINKS,
  goInApp,
  openFromNav,
  screenshot,
  signOut,
  unreadAlerts,
} from "../../support/journey";
import { journeyPage } from "../../support/journey-page";
import { signInAs } from "../../support/sign-in";

/** A plate no demo camera reads on its own, so the only alert is the one this journey causes. */
const WATCHED_PLATE = "E2E4821";
/** A plate every demo vendor reads in the last day: the one added from a search result. */
const SEEN_PLATE = "AK47281";
const GROUP_NAME = `Burglary series ${Date.now().toString(36).slice(-5)}`;
const csv = (rows: string) => Buffer.from(`plate_number,state,reason,notes\n${rows}`);

/**
 * The hotlist admin (hartford.hotlistadmin) builds a group end to end (spec 001 §2, §4, §5 and the
 * hotlist modal of 000): create, details, edit, plates by hand, by CSV and from a search result, a live
 * alert from a camera, the alert's modal and page, and finally Delete Group.
 */
test.describe("persona: hotlist admin", () => {
  test.use({ viewport: { width: 1440, height: 1000 }, timezoneId: "America/New_York" });
  const journey = journeyPage();
  /** The group this journey makes: its alert history's path and its id. */
  let groupUrl: string;
  let groupId: string;
  /** The alert history's row of the camera's alert. */
  const alertRow = () => journey.page.getByRole("row").filter({ hasText: WATCHED_PLATE });

  test("signs in and sees a hotlist user's links", async () => {
    const { page } = journey;
    await signInAs(page, "hartford.hotlistadmin");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();
    await expectNavLinks(page, NAV_LINKS.hotlistUser);
  });

  test("My Alert Groups: the cards, no push toggle without FCM/APNs, and the admin's buttons", async () => {
    const { page } = journey;
    // My Alert Groups: cards and the admin's buttons. The demo server has no FCM or APNs, so the
    // iOS/Android push toggle is not offered (issue 40; its on/off is alert-groups-screen.test.tsx's).
    await openFromNav(page, "Alerts", "My Alert Groups");
    const seeded = page.getByRole("article").filter({ hasText: "Hartford Stolen Vehicles" });
    await expect(seeded.getByRole("link", { name: /View Alerts/ })).toBeVisible();
    await expect(
      page.getByRole("switch", { name: "Activate push alerts for the iOS/Android app" }),
    ).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Edit Alerts Permissions" })).toBeVisible();
  });

  test("Create Group: name required, description, an image with preview, members; then back to the groups", async () => {
    const { page } = journey;
    await page.getByRole("link", { name: "+ Add Group" }).click();

    // Create group: name required, description, an image with preview, members by agency.
    await expect(page.getByRole("heading", { name: "Create Group" })).toBeVisible();
    await expect(page.getByLabel("Group name")).toHaveAttribute("required", "");
    await page.getByLabel("Group name").fill(GROUP_NAME);
    await page.getByLabel("Description").fill("Vehicles seen near the Asylum Hill burglaries.");
    await page.getByLabel("Group image").setInputFiles({
      name: "suspect.jpg",
      mimeType: "image/jpeg",
      buffer: await vehiclePicture(WATCHED_PLATE),
    });
    await expect(page.getByRole("img", { name: /preview/i })).toBeVisible();
    await page.getByLabel(/Hartford Hotlist Viewer/).check();
    await page.getByLabel(/Hartford Investigator/).check();
    await screenshot(page, "create-group");
    await page.getByRole("button", { name: "Create Group" }).click();
    await expect(page.getByRole("dialog", { name: "Group created" })).toBeVisible();
    // The spec's 2.5 s redirect to /alerts.
    await expect(page).toHaveURL(/\/alerts$/, { timeout: 10_000 });
    const card = page.getByRole("article").filter({ hasText: GROUP_NAME });
    await expect(card).toContainText("No alerts yet");
    await screenshot(page, "alert-groups");
  });

  test("the group's empty alert history leads to its details and Edit Group, where the name is required", async () => {
    const { page } = journey;
    const card = page.getByRole("article").filter({ hasText: GROUP_NAME });
    // The group's alert history is empty; its details link leads to Edit Group.
    await card.getByRole("link", { name: /View Alerts/ }).click();
    await expect(page.getByText("No alerts found for this group.")).toBeVisible();
    groupUrl = new URL(page.url()).pathname;
    groupId = /\/alerts\/group\/(\d+)/.exec(groupUrl)![1]!;
    await page.getByRole("link", { name: /Group details/ }).click();
    await expect(page).toHaveURL(new RegExp(`/groups/${groupId}(/details)?$`));
    await expect(page.getByRole("heading", { level: 1, name: GROUP_NAME })).toBeVisible();
    await page.getByRole("link", { name: "Edit Group" }).click();
    await expect(page.getByRole("heading", { name: "Edit Group" })).toBeVisible();

    // Edit group: the name is required.
    const name = page.getByLabel("Group name");
    await name.fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Group name is required.")).toBeVisible();
    await name.fill(GROUP_NAME);
  });

  test("Edit Group: a plate by hand, with a PDF attachment, is kept by Save Changes", async () => {
    const { page } = journey;
    // A plate by hand (with a PDF attachment) stays local until Save Changes.
    const addPlate = page.getByRole("form", { name: "Add plate" });
    await addPlate.getByRole("button", { name: "Add Plate" }).click();
    await expect(addPlate.getByRole("alert")).toHaveText("Plate number is required.");
    await addPlate.getByLabel(/Plate number/).fill("7TRZ118");
    await addPlate.getByLabel("State").selectOption("CT");
    await addPlate.getByLabel("Reason").fill("Seen leaving the scene");
    await addPlate.getByLabel("Notes (optional)").fill("Witness statement attached");
    await addPlate.getByLabel(/Attachment/).setInputFiles({
      name: "statement.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
    });
    await addPlate.getByRole("button", { name: "Add Plate" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/groups/${groupId}(/details)?$`), { timeout: 10_000 });
    await expect(page.getByRole("cell", { name: "7TRZ118", exact: true })).toBeVisible();
  });

  test("Edit Group: a CSV with a bad row is refused whole, a good one added; Remove asks first", async () => {
    const { page } = journey;
    await page.getByRole("link", { name: "Edit Group" }).click();

    // Bulk CSV: one bad row refuses the whole file, naming the line; a good file is added.
    const upload = page.getByRole("form", { name: "Bulk CSV upload" });
    await expect(upload.getByLabel("Add Plates")).toBeChecked();
    await expect(upload.getByLabel("Replace All Plates")).not.toBeChecked();
    await upload.getByLabel("CSV file").setInputFiles({
      name: "plates.csv",
      mimeType: "text/csv",
      buffer: csv(
        `${WATCHED_PLATE},CT,Burglary suspect,Grey sedan\nBAD PLATE!!,CT,Typo,\nAB12345,NY,Stolen,\n`,
      ),
    });
    await upload.getByRole("button", { name: "Upload CSV" }).click();
    await expect(upload.getByRole("list", { name: "Rejected rows" })).toContainText("Line 3");
    await upload.scrollIntoViewIfNeeded();
    await screenshot(page, "edit-group", { scrollTop: false });
    await upload.getByLabel("CSV file").setInputFiles({
      name: "plates.csv",
      mimeType: "text/csv",
      buffer: csv(`${WATCHED_PLATE},CT,Burglary suspect,Grey sedan\nAB12345,NY,Stolen,\n`),
    });
    await upload.getByRole("button", { name: "Upload CSV" }).click();
    await expect(upload.getByText("2 plate(s) uploaded.")).toBeVisible();

    // Remove asks first (issue 20 item 10): Keep leaves the plate, Confirm remove takes it off.
    await page.getByRole("button", { name: "Remove AB12345" }).click();
    await page.getByRole("button", { name: "Keep AB12345" }).click();
    await expect(page.getByRole("cell", { name: "AB12345", exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Remove AB12345" }).click();
    await page.getByRole("button", { name: "Confirm removing AB12345" }).click();
    await expect(page.getByRole("button", { name: /AB12345/ })).toHaveCount(0);
    // Issue 20 item 10: the upload's report went when the CSV file was chosen again, and only the
    // last upload's success remains.
    await expect(upload.getByText("Line 3")).toHaveCount(0);
  });

  test("Group details: the members and the plates table, with the attachment", async () => {
    const { page } = journey;
    // Group details: members and the plates table, with the attachment.
    await goInApp(page, `/groups/${groupId}/details`);
    await expect(page.getByRole("heading", { level: 1, name: GROUP_NAME })).toBeVisible();
    await expect(page.getByText("hartford.hotlistviewer@demo.odin.local")).toBeVisible();
    for (const column of ["Plate", "State", "Reason", "Notes", "Date Added", "Added By", "Agency"]) {
      await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("row").filter({ hasText: WATCHED_PLATE })).toContainText("Burglary suspect");
    await expect(page.getByRole("row").filter({ hasText: "AB12345" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "View attachment of 7TRZ118" })).toBeVisible();
    await screenshot(page, "group-details");
  });

  test("Add Plate to Hotlist from a search result (000's hotlist modal)", async () => {
    const { page } = journey;
    // Add Plate to Hotlist from a search result (000 §2 hotlist modal).
    await openFromNav(page, "Search", "Search LPR Records");
    await page.getByLabel("License plate").fill(SEEN_PLATE);
    await page.getByLabel("Justification").fill("Burglary series: vehicles near the scenes");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible({ timeout: 20_000 });
    await page.locator(".results-table tbody tr[tabindex]").first().click();
    await page.getByRole("button", { name: "Add Plate to Hotlist" }).click();
    const modal = page.getByRole("dialog", { name: "Add Plate to Hotlist" });
    await expect(modal.getByLabel("Hotlist Group")).toContainText("Select a group");
    await expect(modal.getByLabel("Notes (optional)")).toHaveAttribute("rows", "3");
    await modal.getByRole("button", { name: "Save" }).click();
    await expect(modal).toContainText("Please select a group and enter a reason.");
    await modal.getByLabel("Hotlist Group").selectOption({ label: GROUP_NAME });
    await expect(modal.getByText("Please select a group and enter a reason.")).toHaveCount(0);
    await modal.getByLabel("Reason (required)").fill("Seen near two of the scenes");
    await modal.getByLabel("Plate State (optional)").selectOption("CT");
    await screenshot(page, "add-to-hotlist");
    await modal.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`Successfully added '${SEEN_PLATE}' to '${GROUP_NAME}'`)).toBeVisible();
    await expect(modal).toHaveCount(0);
  });

  test("a camera reads a listed plate: the alert appears live on the open alert page, and in the unread count", async ({
    baseURL,
  }) => {
    const { page } = journey;
    // The group's alert page is open when a camera reads a listed plate: the alert appears, no reload.
    await openFromNav(page, "Alerts", "My Alert Groups");
    await page
      .getByRole("article")
      .filter({ hasText: GROUP_NAME })
      .getByRole("link", { name: /View Alerts/ })
      .click();
    await expect(page.getByText("Live: new alerts appear here as they happen")).toBeVisible();
    // The navigation's unread count is live too (issue 20): the new alert adds to it, no reload.
    const unreadBefore = await unreadAlerts(page);
    await cameraReads(baseURL!, WATCHED_PLATE);
    const row = alertRow();
    await expect(row).toBeVisible({ timeout: 5_000 });
    await expect.poll(() => unreadAlerts(page)).toBeGreaterThan(unreadBefore);
    await expect(row.locator(".alerts-table__ack")).toHaveText("Unread");
    for (const column of [
      "Source",
      "Plate",
      "State",
      "Agency",
      "Camera",
      "Timestamp",
      "Vehicle Image",
      "Reason",
    ]) {
      await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
    }
    await expect(row).toContainText("Burglary suspect");
    await expect(row.getByRole("img", { name: "RAVEN" })).toBeVisible();
    await expect(row.getByText("No Image")).toHaveCount(0);
    await screenshot(page, "alert-history");
  });

  test("the alert's modal: the facts, 'Added to Hotlist' and notes, the nearest address, a map", async () => {
    const { page } = journey;
    // The alert modal: the facts, 'Added to Hotlist' and Notes, the nearest address, a map.
    await alertRow().click();
    const alert = page.getByRole("dialog", { name: "Alert details" });
    await expect(alert).toContainText(`Plate: ${WATCHED_PLATE}`);
    await expect(alert).toContainText("Added to Hotlist");
    await expect(alert).toContainText("Grey sedan");
    await expect(alert).toContainText("Nearest Address");
    await expect(alert.getByText("Loading...")).toHaveCount(0, { timeout: 10_000 });
    await expect(alert.getByRole("link", { name: "Open in Google Maps" })).toHaveAttribute(
      "target",
      "_blank",
    );
    await screenshot(page, "alert-detail");
  });

  test("the alert as a page: Acknowledge says who and when, one fewer unread; Show reads finds the other read", async ({
    baseURL,
  }) => {
    const { page } = journey;
    const alert = page.getByRole("dialog", { name: "Alert details" });
    // The same alert as a page (/alert-history-detail/{id}).
    await alert.getByRole("link", { name: "Open as a page" }).click();
    await expect(page).toHaveURL(/\/alert-history-detail\/\d+$/);
    const alertId = /\/alert-history-detail\/(\d+)$/.exec(page.url())![1]!;
    await expect(page.getByRole("heading", { level: 1, name: `Alert: ${WATCHED_PLATE}` })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Added to Hotlist");
    await expect(page.getByRole("region", { name: "Deliveries" })).toBeVisible();
    await screenshot(page, "alert-history-detail");

    // Acknowledge from the alert page: who and when, one fewer unread in the navigation, and the
    // history's row says who.
    const unreadOnPage = await unreadAlerts(page);
    await page.getByRole("button", { name: "Acknowledge" }).click();
    await expect(page.getByText(/^Acknowledged by .+ at /)).toBeVisible();
    await expect.poll(() => unreadAlerts(page)).toBe(unreadOnPage - 1);

    // "Show reads": the plate's other reads of the last 24 hours, a search audited with the pre-filled
    // justification. Only this journey's camera reads the plate: the alert's own read, then once more a
    // moment later, which counts on this alert (the group's 10-minute cooldown) and is the other read.
    await cameraReads(baseURL!, WATCHED_PLATE);
    const reads = page.getByRole("region", { name: `Other reads of ${WATCHED_PLATE}, last 24 hours` });
    await expect(reads.getByLabel(/Justification/)).toHaveValue(
      `Hotlist alert #${alertId}: other reads of ${WATCHED_PLATE}`,
    );
    const searched = page.waitForRequest((request) => new URL(request.url()).pathname === "/search-data");
    await reads.getByRole("button", { name: "Show reads" }).click();
    expect((await searched).postDataJSON()).toMatchObject({ plate: WATCHED_PLATE });
    const otherReads = reads.getByRole("region", { name: `Other reads of ${WATCHED_PLATE}`, exact: true });
    await expect(otherReads.getByRole("row")).toHaveCount(2, { timeout: 20_000 }); // the header and one read
    await expect(otherReads.getByRole("img", { name: "RAVEN" })).toBeVisible();
    await reads.scrollIntoViewIfNeeded();
    await screenshot(page, "alert-page-reads", { scrollTop: false });
    await page.getByRole("button", { name: "← Back" }).click();
    await expect(alertRow().locator(".alerts-table__ack")).not.toHaveText("Unread");
  });

  test("on a phone the alerts are cards, the filters folded behind their button", async () => {
    const { page } = journey;
    const row = alertRow();
    // Alerts as cards on a phone (issue 20 item 9), the filters folded behind their button so that
    // the first screen shows alerts; the button opens them (aria-expanded) and Apply folds them again.
    const filtersButton = page.getByRole("button", { name: /^Filters/ });
    await expect(filtersButton).toHaveAttribute("aria-expanded", "true");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(filtersButton).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("form", { name: "Alert history filters" })).toBeHidden();
    await expect(row).toBeInViewport();
    await screenshot(page, "alert-history-phone");
    await filtersButton.click();
    const phoneFilters = page.getByRole("form", { name: "Alert history filters" });
    await expect(phoneFilters.getByLabel("Plate")).toBeVisible();
    await screenshot(page, "alert-history-phone-filters");
    await phoneFilters.getByLabel("Plate").fill(WATCHED_PLATE);
    await phoneFilters.getByRole("button", { name: "Apply" }).click();
    await expect(filtersButton).toHaveAttribute("aria-expanded", "false");
    await expect(filtersButton).toHaveAccessibleName(/^Filters ?, ?1 active$/);
    await expect(filtersButton).toBeFocused();
    await expect(row).toBeVisible();
    await expect(row).toHaveCSS("display", "grid");
    await expect(row.locator(".alerts-table__source")).toBeHidden();
    await row.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await screenshot(page, "alert-cards", { scrollTop: false });
    await page.setViewportSize({ width: 1440, height: 1000 });
  });

  test("Delete Group archives the group after a confirmation: it leaves My Alert Groups", async () => {
    const { page } = journey;
    // Delete Group archives it, after a confirmation: it leaves My Alert Groups.
    await goInApp(page, `/groups/${groupId}/edit`);
    await expect(page.getByRole("heading", { name: "Edit Group" })).toBeVisible();
    await page.getByRole("button", { name: "Delete Group" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Group?" });
    await confirm.getByRole("button", { name: "Delete Group" }).click();
    await expect(page).toHaveURL(/\/alerts$/, { timeout: 10_000 });
    await expect(page.getByRole("article").filter({ hasText: "Hartford Stolen Vehicles" })).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: GROUP_NAME })).toHaveCount(0);
    await goInApp(page, groupUrl);
    await expect(page.getByText("Group not found or failed to load.")).toBeVisible();
    await signOut(page);
  });
});
