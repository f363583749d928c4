import { expect, test } from "@playwright/test";
import { screenshot } from "../support/journey";
import { signInAs } from "../support/sign-in";

/**
 * Issue 19: the demo cameras also read the hotlisted AK47281 as AK4728I (1 read as I) and AK4728 (a
 * character dropped); typing the true plate with the default Similar match finds them, the true plate
 * first, each saying why it matched, in the table and in the detail view.
 */
test.describe("Similar plate search", () => {
  test.use({ viewport: { width: 1600, height: 1000 }, timezoneId: "America/New_York" });

  test("finds the demo's planted misreads, with the reason shown", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, "hartford.investigator");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel("Match", { exact: true })).toHaveValue("similar");
    await page.getByLabel("License plate").fill("ak47281");
    await page.getByLabel("Justification").fill("Case 2026-301: witness plate, camera misreads");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible({ timeout: 20_000 });

    const rows = page.locator(".results-table tbody tr[tabindex]");
    await expect(rows.first().locator(".results-table__plate")).toHaveText("AK47281");
    const misread = rows.filter({ hasText: "AK4728I" }).first();
    await expect(misread.locator(".results-table__reason")).toHaveText("1 read as I at position 7");
    const dropped = rows.filter({ has: page.locator(".results-table__plate", { hasText: /^AK4728one/ }) });
    await expect(dropped.first().locator(".results-table__reason")).toHaveText("one character missing");
    await screenshot(page, "results-similar");

    await misread.click();
    const detail = page.getByRole("dialog");
    await expect(detail.getByText("Why it matched")).toBeVisible();
    await expect(detail.getByText("1 read as I at position 7")).toBeVisible();
    await screenshot(page, "result-detail-similar");
  });
});
