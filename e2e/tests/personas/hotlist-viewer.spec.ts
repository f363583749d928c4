import { expect, test } from "@playwright/test";
import { cameraReads } from "../../support/camera";
import { journeyPage } from "../../support/journey-page";
import { captureBearer, signInAs } from "../../support/sign-in";
import {
  expectNavLinks,
  NAV_LINKS,
  goInApp,
  nav,
  openFromNav,
  screenshot,
  signOut,
  unreadAlerts,
} from "../../support/journey";

/** Listed in the seeded "Hartford Stolen Vehicles" group as KGL-4821 (NY), whose viewer this is. */
const LISTED_PLATE = "KGL4821";
const GROUP = "Hartford Stolen Vehicles";

/**
 * The hotlist viewer (hartford.hotlistviewer, a member of the seeded group) reads alerts and group
 * details but changes nothing (spec 001 §2, §6); another agency's admin cannot see the group at all.
 */
test.describe("persona: hotlist viewer", () => {
  test.use({ viewport: { width: 1440, height: 1000 }, timezoneId: "America/New_York" });
  const journey = journeyPage();
  /** The seeded group's alert history (its path and id), as the viewer found it. */
  let groupPath: string;
  let groupId: string;
  /** The newest alert's row for the listed plate in the alert history. */
  const alertRow = () => journey.page.getByRole("row").filter({ hasText: LISTED_PLATE }).first();

  test("a camera reads a listed plate; the viewer signs in and sees a hotlist user's links", async ({
    baseURL,
  }) => {
    const { page } = journey;
    // A camera reads a listed plate: the group has an alert whatever the demo feed has pushed so far.
    await cameraReads(baseURL!, LISTED_PLATE, "NY");

    await signInAs(page, "hartford.hotlistviewer");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();
    await expectNavLinks(page, NAV_LINKS.hotlistUser);
  });

  test("My Alert Groups: the card with its last alert, and no buttons the server would refuse", async () => {
    const { page } = journey;
    // My Alert Groups: the card with its last alert; no buttons the server would refuse.
    await openFromNav(page, "Alerts", "My Alert Groups");
    const card = page.getByRole("article").filter({ hasText: GROUP });
    await expect(card).toContainText("Last Alert");
    // Issue 40: the demo server has no FCM or APNs, so no toggle for an iOS/Android app it cannot reach.
    await expect(page.getByText("Activate push alerts for the iOS/Android app")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "+ Add Group" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Edit Alerts Permissions" })).toHaveCount(0);
  });

  test("the alert history and an alert's modal: acknowledged (one fewer unread) and given a disposition", async () => {
    const { page } = journey;
    const card = page.getByRole("article").filter({ hasText: GROUP });
    // The alert history, and an alert's modal.
    await card.getByRole("link", { name: /View Alerts/ }).click();
    groupPath = new URL(page.url()).pathname;
    groupId = /\/alerts\/group\/(\d+)/.exec(groupPath)![1]!;
    const row = alertRow();
    await expect(row).toBeVisible();
    await expect(row).toContainText("Wanted: robbery suspect vehicle");
    await row.click();
    const alert = page.getByRole("dialog", { name: "Alert details" });
    await expect(alert).toContainText(`Plate: ${LISTED_PLATE}`);
    await expect(alert).toContainText("Added to Hotlist");

    // The alert desk (Odin's own), from the history: the camera's read just now is the newest alert and
    // nobody has acknowledged it; acknowledging it counts it off the navigation's unread count at once.
    await expect(row.locator(".alerts-table__ack")).toHaveText("Unread");
    await expect(nav(page).getByTestId("unread-alerts")).toBeVisible();
    const before = await unreadAlerts(page);
    expect(before).toBeGreaterThan(0);
    await expect(alert.getByText("Not acknowledged yet")).toBeVisible();
    await alert.getByRole("button", { name: "Acknowledge" }).click();
    await expect(alert.getByText(/^Acknowledged by .+ at /)).toBeVisible();
    await expect(alert.getByRole("button", { name: "Acknowledge" })).toHaveCount(0);
    await expect.poll(() => unreadAlerts(page)).toBe(before - 1);
    await alert.getByLabel("Disposition", { exact: true }).selectOption("incorrect_read");
    await alert.getByLabel("Disposition note").fill("Camera read a 1 as 4");
    await alert.getByRole("button", { name: "Save disposition" }).click();
    await expect(alert.getByText("Disposition saved.")).toBeVisible();
    await expect(alert).toContainText("Incorrect read (misread) by");
    await page.keyboard.press("Escape");
    await expect(row).toContainText("Incorrect read (misread)");
    await expect(row.locator(".alerts-table__ack")).not.toHaveText("Unread");
  });

  test("the history's filters: by disposition, and a plate that matches nothing", async () => {
    const { page } = journey;
    // The history's filters: by disposition, and a plate that matches nothing.
    const filters = page.getByRole("form", { name: "Alert history filters" });
    await filters.getByLabel("Disposition").selectOption("incorrect_read");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("row").filter({ hasText: LISTED_PLATE }).first()).toBeVisible();
    await filters.getByLabel("Plate").fill("ZZZ999");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No alerts found for this group.")).toBeVisible();
    await filters.getByRole("button", { name: "Clear" }).click();
    await expect(alertRow()).toBeVisible();
  });

  test("group details without Edit Group; the edit, create and permissions screens say 'Access Denied'", async () => {
    const { page } = journey;
    // Group details: plates and members, but no Edit Group; the edit screen says 'Access Denied' before
    // any form, and so do the create and permissions screens (issue 20 item 8).
    await page.getByRole("link", { name: /Group details/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: GROUP })).toBeVisible();
    await expect(page.getByRole("cell", { name: "KGL-4821", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit Group" })).toHaveCount(0);
    await screenshot(page, "group-details-viewer");
    for (const path of [`/groups/${groupId}/edit`, "/create-group", "/edit-alerts-permissions"]) {
      await goInApp(page, path);
      await expect(page.getByRole("heading", { level: 1, name: "Access Denied" }), path).toBeVisible();
      await expect(page.getByRole("textbox"), path).toHaveCount(0);
    }
    await screenshot(page, "access-denied-groups");
  });

  test("a search names the viewer's group on each read (table, map, detail); Add Plate to Hotlist offers it", async () => {
    const { page } = journey;
    // A viewer may still put a plate they found on one of their groups (000 §6).
    await openFromNav(page, "Search", "Search LPR Records");
    await page.getByLabel("License plate").fill("AK47281");
    await page.getByLabel("Justification").fill("Checking a hotlisted plate's recent reads");
    await page.getByLabel("Match", { exact: true }).selectOption("exact");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible({ timeout: 20_000 });

    // Issue 20: the plate is on the agency's group, so each read says so in the table, the map popup and
    // the detail, with the entry's reason (issue 40: every searcher of the agency sees it).
    // (Other groups of the agency may be named too: "On hotlist: A (reason); Hartford Stolen Vehicles (reason)".)
    const BADGE = new RegExp(`^On hotlist: (.+; )?${GROUP}( \\(.+?\\))?(; .+)?$`);
    const results = page.locator(".results-table tbody tr[tabindex]");
    await expect(results.first()).toBeVisible();
    const count = await results.count();
    for (let index = 0; index < count; index++)
      await expect(results.nth(index).locator(".results-table__hotlist")).toHaveText(BADGE);
    await page.getByRole("tab", { name: "Map View" }).click();
    const popup = page.locator(".leaflet-popup");
    // Each read is a marker named by its plate, program and time; reads close together are one cluster
    // at this zoom, which a click zooms in on.
    const marker = page.getByRole("button", { name: /^AK47281, (Rekor|Axon|RAVEN), / }).first();
    const cluster = page.locator(".map-cluster").first();
    await expect(async () => {
      if (await cluster.isVisible()) await cluster.click({ timeout: 2_000 });
      await expect(marker).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await marker.click();
    await expect(popup.getByText(BADGE)).toBeVisible();
    await page.getByRole("tab", { name: "Table View" }).click();
    await results.first().click();
    await expect(page.getByRole("dialog").getByText(BADGE)).toBeVisible();
    await page.getByRole("button", { name: "Add Plate to Hotlist" }).click();
    const modal = page.getByRole("dialog", { name: "Add Plate to Hotlist" });
    await expect(modal.getByLabel("Hotlist Group").locator("option")).toHaveText(["Select a group", GROUP]);
    await page.keyboard.press("Escape");
    await expect(modal).toHaveCount(0);
    await signOut(page);
  });

  test("another agency's admin: the group's screen and calls answer as if it did not exist", async () => {
    const { page } = journey;
    // Another agency's admin: the group's screens and calls answer as if it did not exist.
    const bearer = captureBearer(page);
    await signInAs(page, "newhaven.admin");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();
    await goInApp(page, groupPath);
    await expect(page.getByText("Group not found or failed to load.")).toBeVisible();
    const headers = { authorization: `Bearer ${bearer()}` };
    for (const path of [
      `/alerts/group/${groupId}/data`,
      `/alerts/group/${groupId}/details-data`,
      `/groups/${groupId}/edit-data`,
    ]) {
      expect((await page.request.get(path, { headers })).status(), path).toBe(404);
    }
  });
});
