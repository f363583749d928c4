import { expect, test } from "@playwright/test";
import { openFromNav, screenshot } from "../support/journey";
import { signInAs } from "../support/sign-in";

/**
 * Issue 23: the agency admin opens the supervisor review screen from the nav bar: the rules are
 * stated, and what they raised (or that nothing needs review) is listed.
 */
test.describe("supervisor review", () => {
  test.use({ viewport: { width: 1440, height: 1000 }, timezoneId: "America/New_York" });

  test("the admin opens the review screen", async ({ page }) => {
    await signInAs(page, "hartford.admin");
    await openFromNav(page, "Review", "Supervisor Review");
    await expect(page.getByText(/deserve a second look/)).toBeVisible();
    await expect(page.getByRole("heading", { name: /^To review \(\d+\)$/ })).toBeVisible();
    await screenshot(page, "supervisor-review", { fullPage: true });
  });

  test("the search form offers the case number and the agency's offense categories", async ({ page }) => {
    await signInAs(page, "hartford.investigator");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();
    const category = page.getByLabel("Offense category");
    await expect(category.getByRole("option", { name: "Motor vehicle theft" })).toBeAttached();
    await page.getByLabel("Case number").fill("2026-00118");
    await category.selectOption("Motor vehicle theft");
    await screenshot(page, "search-case-fields");
  });
});
