import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { buildAxisEvent, createDataset, ImageRenderer, pushAxisEvents } from "@odin/simulators";
import { expect, test, type Page } from "@playwright/test";
import { captureBearer, signInAs } from "../support/sign-in";

const SCREENSHOTS = "../docs/screenshots";
const hartford = DEMO_AGENCIES.find((agency) => agency.key === "hartford")!;
const camera = hartford.axis[0]!;
/** A plate no demo camera reads on its own, so the only alert is the one this journey causes. */
const WATCHED_PLATE = "E2E4821";
const GROUP_NAME = `Burglary series ${new Date().toISOString().slice(0, 10)}`;

async function signOut(page: Page) {
  await page.getByRole("button", { name: /Logout/ }).click();
  await expect(page.getByRole("button", { name: "Log in with your identity provider" })).toBeVisible();
}

/** A RAVEN camera of Hartford reads the plate now and pushes the event to Odin, as a camera does. */
async function cameraReads(baseUrl: string, plate: string): Promise<void> {
  const dataset = createDataset();
  const read = dataset.addRead("axis", {
    plate,
    state: "CT",
    cameraKey: `axis:${camera.identifier}`,
  });
  const event = await buildAxisEvent(read, { renderer: new ImageRenderer() });
  const result = await pushAxisEvents(`${baseUrl}/ingest/axis/${camera.identifier}`, camera.ingestToken, [
    event,
  ]);
  expect(result.statuses).toEqual([201]);
}

test.describe("hotlist groups raise alerts live", () => {
  test.use({ viewport: { width: 1440, height: 1000 }, timezoneId: "America/New_York" });

  test("a hotlist admin builds a group, a camera reads a listed plate, members see the alert", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, "hartford.hotlistadmin");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();

    // My Alert Groups: the seeded group, and the admin's buttons once loaded.
    await page.getByRole("link", { name: "Alerts", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Activate push alerts for the iOS/Android app")).toBeVisible();
    await page.getByRole("link", { name: "+ Add Group" }).click();

    // Create group: the name is required; members by agency.
    await expect(page.getByRole("heading", { name: "Create Group" })).toBeVisible();
    await page.getByLabel("Group name").fill(GROUP_NAME);
    await page.getByLabel("Description").fill("Vehicles seen near the Asylum Hill burglaries.");
    await page.getByLabel(/Hartford Hotlist Viewer/).check();
    await page.getByLabel(/Hartford Investigator/).check();
    await page.getByRole("button", { name: "Create Group" }).click();
    await expect(page.getByRole("dialog", { name: "Group created" })).toBeVisible();
    // The spec's 2.5 s redirect to /alerts.
    await expect(page).toHaveURL(/\/alerts$/, { timeout: 10_000 });
    const card = page.getByRole("article").filter({ hasText: GROUP_NAME });
    await expect(card).toContainText("No alerts yet");
    await page.screenshot({ path: `${SCREENSHOTS}/alert-groups.png` });

    // Group details → Edit Group → bulk CSV upload.
    await card.getByRole("link", { name: /View Alerts/ }).click();
    await expect(page.getByText("No alerts found for this group.")).toBeVisible();
    const groupUrl = page.url();
    const groupId = /\/alerts\/group\/(\d+)/.exec(groupUrl)![1]!;
    await page.goto(`/groups/${groupId}/details`);
    await page.getByRole("link", { name: "Edit Group" }).click();
    await expect(page.getByRole("heading", { name: "Edit Group" })).toBeVisible();

    const upload = page.getByRole("form", { name: "Bulk CSV upload" });
    // One bad row among good ones: the whole file is refused, with the row and the reason.
    await upload.getByLabel("CSV file").setInputFiles({
      name: "plates.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        `plate_number,state,reason,notes\n${WATCHED_PLATE},CT,Burglary suspect,Grey sedan\nBAD PLATE!!,CT,Typo,\nAB12345,NY,Stolen,\n`,
      ),
    });
    await upload.getByRole("button", { name: "Upload CSV" }).click();
    await expect(upload.getByRole("list", { name: "Rejected rows" })).toContainText("Line 3");
    await upload.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/edit-group.png` });

    await upload.getByLabel("CSV file").setInputFiles({
      name: "plates.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        `plate_number,state,reason,notes\n${WATCHED_PLATE},CT,Burglary suspect,Grey sedan\nAB12345,NY,Stolen,\n`,
      ),
    });
    await upload.getByRole("button", { name: "Upload CSV" }).click();
    await expect(upload.getByText("2 plate(s) uploaded.")).toBeVisible();

    // The group's alert page is open when the camera reads the plate: the alert appears, no reload.
    await page.goto(groupUrl);
    await expect(page.getByText("No alerts found for this group.")).toBeVisible();
    await expect(page.getByText("Live: new alerts appear here as they happen")).toBeVisible();
    await cameraReads(baseURL!, WATCHED_PLATE);
    const row = page.getByRole("row").filter({ hasText: WATCHED_PLATE });
    await expect(row).toBeVisible({ timeout: 5_000 });
    await expect(row).toContainText("Burglary suspect");
    await expect(row.getByRole("img", { name: "RAVEN" })).toBeVisible();
    await expect(row.getByText("No Image")).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/alert-history.png` });

    // The alert modal: plate, reason, 'Added to Hotlist' and notes, the nearest address.
    await row.click();
    const modal = page.getByRole("dialog");
    await expect(modal).toContainText("Added to Hotlist");
    await expect(modal).toContainText("Grey sedan");
    await expect(modal).toContainText("Nearest Address");
    await page.screenshot({ path: `${SCREENSHOTS}/alert-detail.png` });
    await page.keyboard.press("Escape");
    await signOut(page);

    // A hotlist viewer who is a member sees the alert but cannot edit.
    await signInAs(page, "hartford.hotlistviewer");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();
    await page.goto("/alerts");
    const viewerCard = page.getByRole("article").filter({ hasText: GROUP_NAME });
    await expect(viewerCard).toContainText("Last Alert");
    await expect(page.getByRole("link", { name: "+ Add Group" })).toHaveCount(0);
    await page.goto(groupUrl);
    await expect(page.getByRole("row").filter({ hasText: WATCHED_PLATE })).toBeVisible();
    await page.goto(`/groups/${groupId}/details`);
    await expect(page.getByRole("cell", { name: WATCHED_PLATE })).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit Group" })).toHaveCount(0);
    await signOut(page);

    // Another agency's admin: the group's URLs answer 404 (as if it did not exist).
    const bearer = captureBearer(page);
    await signInAs(page, "newhaven.admin");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();
    await page.goto(groupUrl);
    await expect(page.getByText("Group not found or failed to load.")).toBeVisible();
    const headers = { authorization: `Bearer ${bearer()}` };
    for (const path of [
      `/alerts/group/${groupId}/data`,
      `/alerts/group/${groupId}/details-data`,
      `/groups/${groupId}/edit-data`,
    ]) {
      const answer = await page.request.get(path, { headers });
      expect([403, 404], path).toContain(answer.status());
    }
  });
});
