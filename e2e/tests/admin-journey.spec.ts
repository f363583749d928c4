import { DEMO_AXON } from "@odin/db/demo-data";
import { expect, test, type Page } from "@playwright/test";
import { captureBearer, signInAs } from "../support/sign-in";

const SCREENSHOTS = "../docs/screenshots";
const stamp = Date.now().toString(36).slice(-5);
/** The corrected location the owner gives Hartford's camera 1101 (Main St at Pratt St). */
const CORRECTED = { latitude: "41.76912", longitude: "-72.67654" };

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Log in with your identity provider" })).toBeVisible();
}

test.describe("administration", () => {
  test.use({ viewport: { width: 1440, height: 1000 }, timezoneId: "America/New_York" });

  test("the admin runs users and integrations; the owner corrects a camera; the audit log pages", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const bearer = captureBearer(page);
    await signInAs(page, "hartford.admin");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();

    // Admin: add a user.
    await page.getByRole("link", { name: "Admin", exact: true }).click();
    await expect(page.getByRole("heading", { name: "User Administration" })).toBeVisible();
    const addUser = page.locator("form").filter({ has: page.getByLabel("Full name") });
    await addUser.getByLabel("Username").fill(`  e2e.analyst.${stamp}  `);
    await addUser.getByLabel("Full name").fill("E2E Crime Analyst");
    await addUser.getByLabel("Email").fill(`E2E.Analyst.${stamp}@Demo.Odin.Local`);
    await addUser.getByLabel("Password").fill("Analyst-e2e-2026!");
    await addUser.getByRole("button", { name: /Add User/ }).click();
    await expect(page.getByText("User added successfully.")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: `e2e.analyst.${stamp}` });
    await expect(row).toContainText(`e2e.analyst.${stamp}@demo.odin.local`);
    await expect(row).toContainText("User");

    // Edit Role, after confirming.
    await row.getByRole("button", { name: "Edit Role" }).click();
    const confirm = page.getByRole("dialog", { name: "Change role" });
    await expect(confirm).toContainText("Admin");
    await confirm.getByRole("button", { name: "Make Admin" }).click();
    await expect(row).toContainText("Admin");

    // Bulk CSV of users.
    await page.getByLabel("CSV file").setInputFiles({
      name: "users.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "username,name,email,password,role\n" +
          `e2e.patrol1.${stamp},E2E Patrol One,e2e.patrol1.${stamp}@demo.odin.local,Patrol-e2e-2026!,user\n` +
          `e2e.patrol2.${stamp},E2E Patrol Two,e2e.patrol2.${stamp}@demo.odin.local,Patrol-e2e-2026!,user\n`,
      ),
    });
    await page.getByRole("button", { name: /Upload/ }).click();
    await expect(page.getByRole("row").filter({ hasText: `e2e.patrol2.${stamp}` })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/admin.png` });

    // Integrations: a Rekor key added, shown masked, and deleted.
    await page.getByRole("link", { name: "Integrations", exact: true }).click();
    await page.getByRole("link", { name: /Manage Rekor/ }).click();
    await expect(page.getByRole("heading", { name: "Manage Rekor" })).toBeVisible();
    await page.getByRole("textbox", { name: "Agency" }).fill(`Hartford Parking Unit ${stamp}`);
    await page.getByRole("textbox", { name: "API key" }).fill(`e2e-rekor-key-${stamp}-9f3a`);
    await page.getByRole("button", { name: /Add/ }).first().click();
    const keyRow = page.getByRole("row").filter({ hasText: "9f3a" });
    await expect(keyRow).toBeVisible();
    await expect(keyRow).not.toContainText(`e2e-rekor-key-${stamp}`);
    await page.screenshot({ path: `${SCREENSHOTS}/integrations-rekor.png` });
    await keyRow.getByRole("button", { name: /Delete/ }).click();
    await page
      .getByRole("dialog", { name: "Delete API key" })
      .getByRole("button", { name: /Delete/ })
      .click();
    await expect(keyRow).toHaveCount(0);

    // Axon: the integration is set up again against the simulator, checked before saving.
    await page.goto("/integrations/axon");
    await expect(page.getByRole("heading", { name: "Manage Axon" })).toBeVisible();
    const baseUrl = await page
      .locator("dt", { hasText: "Base URL" })
      .locator("xpath=following-sibling::dd[1]")
      .textContent();
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    await page.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: "Delete Axon integration" })
      .getByRole("button", { name: /Delete/ })
      .click();
    await page.getByLabel("Client ID").fill(DEMO_AXON.clientId);
    await page.getByLabel("Client Secret").fill(DEMO_AXON.clientSecret);
    await page.getByLabel("Partner ID").fill(DEMO_AXON.partnerId);
    await page.getByLabel("Base URL").fill(baseUrl!.trim());
    await page.getByRole("button", { name: "Save Integration" }).click();
    await expect(page.locator("dd", { hasText: baseUrl!.trim() })).toBeVisible();
    const authorized = page.getByRole("region", { name: "Authorized agencies" });
    const blacklisted = page.getByRole("region", { name: "Blacklisted agencies" });
    await authorized.getByRole("button", { name: "Blacklist Connecticut State Police Troop H" }).click();
    await expect(blacklisted).toContainText("Connecticut State Police Troop H");
    await expect(authorized).not.toContainText("Connecticut State Police Troop H");
    await page.screenshot({ path: `${SCREENSHOTS}/integrations-axon.png` });

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
    await page.getByRole("link", { name: "Audit Log", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Audit");
    const pager = page.getByRole("navigation", { name: "Audit log pages" });
    await expect(page.locator("tbody tr")).toHaveCount(20);
    await expect(pager.getByRole("button", { name: "Next" })).toBeEnabled();
    await page.screenshot({ path: `${SCREENSHOTS}/audit-log.png` });
    await pager.getByRole("button", { name: "Next" }).click();
    await expect(pager.getByRole("button", { name: "Previous" })).toBeEnabled();
    await page.getByLabel("Plate").fill(`aud${stamp}`);
    await page.getByRole("button", { name: /Apply|Filter|Search/ }).click();
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr")).toContainText(`AUD${stamp}`.toUpperCase());
    await expect(pager.getByRole("button", { name: "Next" })).toBeDisabled();
    await signOut(page);

    // The owner corrects a camera's location.
    await signInAs(page, "owner");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();
    await page.getByRole("link", { name: "Owner", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Owner Panel" })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/owner.png` });
    await page.getByRole("link", { name: /camera management/i }).click();
    await expect(page.getByRole("heading", { name: "Rekor Camera Management" })).toBeVisible();
    await page.getByLabel("Corrected latitude of Main St at Pratt St").fill(CORRECTED.latitude);
    await page.getByLabel("Corrected longitude of Main St at Pratt St").fill(CORRECTED.longitude);
    await page.getByRole("button", { name: "Save Main St at Pratt St" }).click();
    await expect(page.getByRole("row").filter({ hasText: "Main St at Pratt St" })).toContainText("Saved");
    await page.screenshot({ path: `${SCREENSHOTS}/camera-management.png` });
    await signOut(page);

    // An investigator's search now places that camera's reads at the corrected location.
    await signInAs(page, "hartford.investigator");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();
    await page.getByLabel("Justification").fill("Camera location check");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible({ timeout: 20_000 });
    const read = page
      .locator(".results-table tbody tr[tabindex]")
      .filter({ hasText: "Main St at Pratt St" })
      .first();
    await read.click();
    await expect(page.getByRole("link", { name: "Open in Google Maps" })).toHaveAttribute(
      "href",
      new RegExp(`${CORRECTED.latitude}.*${CORRECTED.longitude}`),
    );
  });
});
