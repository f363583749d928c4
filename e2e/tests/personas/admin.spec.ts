import { DEMO_AXON } from "@odin/db/demo-data";
import { expect, test } from "@playwright/test";
import {
  expectNavLinks,
  fillAddUser,
  NAV_LINKS,
  openFromNav,
  screenshot,
  signOut,
} from "../../support/journey";
import { onboardedCameraReads } from "../../support/camera";
import { journeyPage } from "../../support/journey-page";
import { captureBearer, signInAs } from "../../support/sign-in";

const stamp = Date.now().toString(36).slice(-5);

/**
 * The agency admin (hartford.admin) walks the screens of spec 001 that are theirs: user administration,
 * the integrations hub with Rekor keys, the Axon integration and a new RAVEN camera (with camera
 * health), alert permissions and the audit log.
 */
test.describe("persona: admin", () => {
  test.use({
    viewport: { width: 1440, height: 1000 },
    timezoneId: "America/New_York",
    // The RAVEN screen's Copy buttons write the push URL and the token to the clipboard.
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const journey = journeyPage();
  let bearer: () => string | undefined;

  test("signs in and sees the admin's links", async () => {
    const { page } = journey;
    bearer = captureBearer(page);
    await signInAs(page, "hartford.admin");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();
    await expectNavLinks(page, NAV_LINKS.admin);
  });

  test("Admin: adds a user (trimmed, e-mail lower-cased), makes them admin and sends a reset", async () => {
    const { page } = journey;
    // Admin: add a user (trimmed, e-mail lower-cased, role user by default).
    await openFromNav(page, "Admin", "User Administration");
    const addUser = page.locator("form").filter({ has: page.getByLabel("Full name") });
    await addUser.getByRole("button", { name: "Add User" }).click();
    await expect(addUser).toContainText("Username is required.");
    await fillAddUser(addUser, {
      username: `  e2e.analyst.${stamp}  `,
      name: "E2E Crime Analyst",
      email: `E2E.Analyst.${stamp}@Demo.Odin.Local`,
      password: "Analyst-e2e-2026!",
    });
    await addUser.getByRole("button", { name: "Add User" }).click();
    await expect(page.getByText("User added successfully.")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: `e2e.analyst.${stamp}` });
    await expect(row).toContainText(`e2e.analyst.${stamp}@demo.odin.local`);
    await expect(row).toContainText("User");

    // Edit Role, after confirming (user → admin).
    await row.getByRole("button", { name: "Edit Role" }).click();
    const confirmRole = page.getByRole("dialog", { name: "Change role" });
    await expect(confirmRole).toContainText("Admin");
    await confirmRole.getByRole("button", { name: "Make Admin" }).click();
    await expect(row).toContainText("Admin");

    // Send Reset e-mails the user a link.
    await row.getByRole("button", { name: "Send Reset" }).click();
    await expect(
      page
        .getByText(/reset/i)
        .filter({ hasText: /sent|e-?mail/i })
        .first(),
    ).toBeVisible();
  });

  test("Admin: downloads the user template and adds a bulk CSV of users", async () => {
    const { page } = journey;
    // The user template downloads as a CSV; a bulk CSV of users is added whole.
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download template" }).click();
    expect((await downloading).suggestedFilename()).toMatch(/\.csv$/);
    await page.getByLabel("CSV file").setInputFiles({
      name: "users.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "username,name,email,password,role\n" +
          `e2e.patrol1.${stamp},E2E Patrol One,e2e.patrol1.${stamp}@demo.odin.local,Patrol-e2e-2026!,user\n` +
          `e2e.patrol2.${stamp},E2E Patrol Two,e2e.patrol2.${stamp}@demo.odin.local,Patrol-e2e-2026!,user\n`,
      ),
    });
    await page.getByRole("button", { name: "Upload Users" }).click();
    await expect(page.getByRole("row").filter({ hasText: `e2e.patrol2.${stamp}` })).toBeVisible();
    await screenshot(page, "admin");
  });

  test("Admin: five wrong passwords lock an account until a time shown; Unlock lifts it", async ({
    browser,
  }) => {
    const { page } = journey;
    // Five wrong passwords lock an account (for LOCKOUT_MINUTES): the list says until when, and
    // Unlock lifts it. The failures come from another browser, as from a stranger.
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    for (let attempt = 0; attempt < 5; attempt++) {
      await signInAs(strangerPage, `e2e.patrol2.${stamp}`, "Wrong-password-1!");
      await expect(strangerPage.getByRole("alert")).toContainText("Invalid username or password.");
    }
    await stranger.close();
    await page.reload();
    const locked = page.getByRole("row").filter({ hasText: `e2e.patrol2.${stamp}` });
    // "Locked until 05:07", or with the day ("11/28/2026, 00:07") when the lock ends after midnight.
    await expect(locked.getByText(/^Locked until (\d{2}\/\d{2}\/\d{4}, )?\d{2}:\d{2}$/)).toBeVisible();
    await locked.scrollIntoViewIfNeeded();
    await screenshot(page, "admin-locked-user", { scrollTop: false });
    await locked.getByRole("button", { name: "Unlock" }).click();
    await expect(page.getByText(`e2e.patrol2.${stamp} can sign in again.`)).toBeVisible();
    await expect(locked.getByText(/Locked until/)).toHaveCount(0);
  });

  test("Admin: Delete User, after confirming, takes the row away", async () => {
    const { page } = journey;
    // Delete User, after confirming: the row goes.
    const patrol1 = page.getByRole("row").filter({ hasText: `e2e.patrol1.${stamp}` });
    await patrol1.getByRole("button", { name: "Delete User" }).click();
    await page
      .getByRole("dialog", { name: "Delete user" })
      .getByRole("button", { name: "Delete User" })
      .click();
    await expect(patrol1).toHaveCount(0);
  });

  test("Integrations: the hub; a Rekor key is added, shown masked, and deleted after confirming", async () => {
    const { page } = journey;
    // Integrations hub: Manage Rekor and Manage Axon.
    await openFromNav(page, "Integrations", "Integrations");
    await expect(page.getByRole("link", { name: "Manage Axon" })).toBeVisible();
    await screenshot(page, "integrations");

    // Rekor: a key is added, shown masked, and deleted after confirming.
    await page.getByRole("link", { name: "Manage Rekor" }).click();
    await expect(page.getByRole("heading", { name: "Manage Rekor" })).toBeVisible();
    await page.getByRole("textbox", { name: "Agency" }).fill(`Hartford Parking Unit ${stamp}`);
    await page.getByRole("textbox", { name: "API key" }).fill(`e2e-rekor-key-${stamp}-9f3a`);
    await page.getByRole("button", { name: /Add/ }).first().click();
    const keyRow = page.getByRole("row").filter({ hasText: "9f3a" });
    await expect(keyRow).toBeVisible();
    await expect(keyRow).not.toContainText(`e2e-rekor-key-${stamp}`);
    await screenshot(page, "integrations-rekor");
    await keyRow.getByRole("button", { name: /Delete/ }).click();
    await page
      .getByRole("dialog", { name: "Delete API key" })
      .getByRole("button", { name: /Delete/ })
      .click();
    await expect(keyRow).toHaveCount(0);
  });

  test("Axon: the integration is deleted and set up again; an agency is blacklisted", async () => {
    const { page } = journey;
    // Axon: the integration is deleted and set up again against the simulator (checked before saving);
    // an agency moves from authorized to blacklisted.
    await page.goto("/integrations/axon");
    await expect(page.getByRole("heading", { name: "Manage Axon" })).toBeVisible();
    const baseUrl = (
      await page
        .locator("dt", { hasText: "Base URL" })
        .locator("xpath=following-sibling::dd[1]")
        .textContent()
    )?.trim();
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    await page.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: "Delete Axon integration" })
      .getByRole("button", { name: /Delete/ })
      .click();
    for (const field of ["Client ID", "Client Secret", "Partner ID", "Base URL"]) {
      await expect(page.getByLabel(field)).toBeVisible();
    }
    await page.getByLabel("Client ID").fill(DEMO_AXON.clientId);
    await page.getByLabel("Client Secret").fill(DEMO_AXON.clientSecret);
    await page.getByLabel("Partner ID").fill(DEMO_AXON.partnerId);
    await page.getByLabel("Base URL").fill(baseUrl!);
    await page.getByRole("button", { name: "Save Integration" }).click();
    await expect(page.locator("dd", { hasText: baseUrl! })).toBeVisible();
    // The secret never comes back to the browser.
    await expect(page.getByText(DEMO_AXON.clientSecret)).toHaveCount(0);
    const authorized = page.getByRole("region", { name: "Authorized agencies" });
    const blacklisted = page.getByRole("region", { name: "Blacklisted agencies" });
    await authorized.getByRole("button", { name: "Blacklist Connecticut State Police Troop H" }).click();
    await expect(blacklisted).toContainText("Connecticut State Police Troop H");
    await expect(authorized).not.toContainText("Connecticut State Police Troop H");
    await screenshot(page, "integrations-axon");
  });

  test("RAVEN: a new camera's push URL and token are shown once and copied; its read shows in camera health", async () => {
    const { page } = journey;
    // RAVEN: a camera is added; its push URL and token are shown once and copied; the camera pushes a
    // read with them, and camera health shows it reporting.
    await openFromNav(page, "Integrations", "Integrations");
    await page.getByRole("link", { name: "Manage RAVEN" }).click();
    await expect(page.getByRole("heading", { name: "RAVEN cameras" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Configure your camera" })).toBeVisible();
    const cameraName = `Main St northbound ${stamp}`;
    const identifier = `e2e-main-${stamp}`;
    await page.getByRole("textbox", { name: /^Name/ }).fill(cameraName);
    await page.getByRole("textbox", { name: /^Identifier/ }).fill(identifier);
    await page.getByRole("button", { name: "Add camera" }).click();
    await expect(page.getByText("Copy it now: it is not shown again.")).toBeVisible();
    const pushUrl = (await page.getByLabel("Push URL", { exact: true }).textContent())!.trim();
    expect(pushUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/ingest/axis/${identifier}$`));
    await page.getByRole("button", { name: "Copy the push URL" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pushUrl);
    await page.getByRole("button", { name: "Copy the ingest token" }).click();
    await expect(page.getByRole("button", { name: "Copied the ingest token" })).toHaveText("Copied");
    const token = await page.evaluate(() => navigator.clipboard.readText());
    expect(token).toBe((await page.getByLabel("Ingest token", { exact: true }).textContent())!.trim());
    await screenshot(page, "integrations-raven");
    await page.getByRole("button", { name: "I have copied it" }).click();
    await expect(page.getByText(token)).toHaveCount(0);

    await onboardedCameraReads(pushUrl, token, `RV${stamp.toUpperCase()}`);
    await openFromNav(page, "Integrations", "Integrations");
    const health = page.getByRole("region", { name: "Camera health" });
    const healthRow = health.getByRole("row").filter({ hasText: cameraName });
    await expect(healthRow).toContainText("Reporting");
    // Reads (24 h) is the sixth column (Misreads follows it).
    await expect(healthRow.getByRole("cell").nth(5)).toHaveText("1");
    await expect(healthRow.getByRole("cell").last()).toHaveText("—");
    await screenshot(page, "camera-health", { fullPage: true });
  });

  test("Alerts: the agency's groups, and alert permissions edited and saved (popup for 3 s)", async () => {
    const { page } = journey;
    // Alerts: an admin sees the agency's groups and may edit alert permissions (popup for 3 s).
    await openFromNav(page, "Alerts", "My Alert Groups");
    await expect(page.getByRole("article").filter({ hasText: "Hartford Stolen Vehicles" })).toBeVisible();
    await page.getByRole("link", { name: "Edit Alerts Permissions" }).click();
    await expect(page.getByRole("heading", { name: "Edit Alerts Permissions" })).toBeVisible();
    for (const column of ["Name", "Email", "Hotlist Admin", "Hotlist Viewer"]) {
      await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
    }
    const viewerBox = page.getByRole("checkbox", { name: "Hotlist Viewer: Hartford Investigator" });
    await expect(viewerBox).not.toBeChecked();
    await viewerBox.check();
    await page.getByRole("button", { name: "Save Changes" }).click();
    const saved = page.getByRole("dialog", { name: "Permissions saved" });
    await expect(saved).toBeVisible();
    await screenshot(page, "edit-alerts-permissions");
    await expect(saved).toHaveCount(0, { timeout: 5_000 });
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Hotlist Viewer: Hartford Investigator" })).toBeChecked({
      timeout: 15_000,
    });
    await page.getByRole("checkbox", { name: "Hotlist Viewer: Hartford Investigator" }).uncheck();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("dialog", { name: "Permissions saved" })).toBeVisible();
  });

  test("Audit log: 20 a page, the plate filter upper-cased, and the tamper check", async () => {
    const { page } = journey;
    // Enough searches for two pages of the audit log, one of them for a plate to filter by.
    const headers = { authorization: `Bearer ${bearer()}` };
    const now = new Date();
    for (let i = 0; i < 21; i++) {
      const answer = await page.request.post("/search-data", {
        headers,
        data: {
          plate: i === 0 ? `AUD${stamp}`.toUpperCase() : "",
          justification: `Audit paging check ${i}`,
          start_time: new Date(now.getTime() - 3_600_000).toISOString(),
          end_time: now.toISOString(),
          agencies: [],
          filters: {},
        },
      });
      expect(answer.status(), await answer.text()).toBe(200);
    }

    // Audit log (001 §9): 20 a page, Next disabled on a short page, the plate filter upper-cased.
    await openFromNav(page, "Audit Log", /Audit/);
    const pager = page.getByRole("navigation", { name: "Audit log pages" });
    await expect(page.locator("tbody tr")).toHaveCount(20);
    await expect(pager.getByRole("button", { name: "Next" })).toBeEnabled();
    await screenshot(page, "audit-log");
    await pager.getByRole("button", { name: "Next" }).click();
    await expect(pager.getByRole("button", { name: "Previous" })).toBeEnabled();
    await page.getByLabel("Plate").fill(`aud${stamp}`);
    await page.getByRole("button", { name: /Apply|Filter|Search/ }).click();
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr")).toContainText(`AUD${stamp}`.toUpperCase());
    await expect(page.locator("tbody tr")).toContainText("Audit paging check 0");
    await expect(pager.getByRole("button", { name: "Next" })).toBeDisabled();

    // The tamper check (issue 17): the chain of every entry is intact.
    const tamper = page.getByRole("region", { name: "Tamper check" });
    await tamper.getByRole("button", { name: "Check the audit log" }).click();
    await expect(tamper.getByText("Every audit entry is intact: none was changed or removed.")).toBeVisible({
      timeout: 20_000,
    });
    await expect(
      tamper.getByRole("listitem").filter({ hasText: "Hartford Police Department" }),
    ).toContainText("intact");
    await tamper.scrollIntoViewIfNeeded();
    await screenshot(page, "audit-tamper-check", { scrollTop: false });
  });

  test("the owner's page is refused by the server too; Logout", async () => {
    const { page } = journey;
    // Owner's page is not the admin's: the server refuses it too.
    const headers = { authorization: `Bearer ${bearer()}` };
    expect((await page.request.get("/owner-data", { headers })).status()).toBe(403);
    await signOut(page);
  });
});
