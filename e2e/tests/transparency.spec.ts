import { expect, test } from "@playwright/test";
import { goInApp, screenshot } from "../support/journey";
import { signInAs } from "../support/sign-in";

/**
 * Issue 23 item 3: an agency's public transparency page. Off until the agency's admin publishes it
 * from the admin screen; then anyone, signed in or not, reaches it from the sign-in page's footer.
 */
test.describe.serial("transparency page", () => {
  test.use({ viewport: { width: 1280, height: 900 }, timezoneId: "America/New_York" });

  test("is off by default: a visitor finds no page, and the list is empty", async ({ page }) => {
    await page.goto("/transparency/HPD");
    await expect(page.getByRole("heading", { level: 1, name: "No transparency page" })).toBeVisible();
    await page.goto("/transparency");
    await expect(page.getByText("No agency publishes a page yet")).toBeVisible();
  });

  test("the admin publishes it with a policy, and opens it", async ({ page }) => {
    await signInAs(page, "hartford.admin");
    await expect(page.getByRole("heading", { level: 1, name: "Search LPR Records" })).toBeVisible();
    await goInApp(page, "/admin");
    const card = page.getByRole("region", { name: "Public transparency page" });
    await expect(card.getByRole("checkbox", { name: "Publish the transparency page" })).not.toBeChecked();
    await card.getByRole("checkbox", { name: "Publish the transparency page" }).check();
    await card
      .getByRole("textbox", { name: /Policy text/ })
      .fill(
        "Hartford PD uses licence-plate readers to find stolen vehicles and wanted people.\n" +
          "Every search needs a reason and, from 2027, a case number. <b>Not bold</b>",
      );
    await card.getByRole("button", { name: "Save page settings" }).click();
    await expect(card.getByText("Saved. The page is published.")).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "transparency-settings", { scrollTop: false });
    await card.getByRole("link", { name: "Open the public page" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Hartford Police Department" })).toBeVisible();
  });

  test("a visitor reaches it from the sign-in page's footer, without signing in", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Log in with your identity provider" })).toBeVisible();
    await page
      .getByRole("navigation", { name: "Legal and transparency" })
      .getByRole("link", { name: "Transparency" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Transparency" })).toBeVisible();
    await page.getByRole("link", { name: "Hartford Police Department" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Hartford Police Department" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Cameras by vendor" })).toBeVisible();
    const policy = page.getByRole("region", { name: "Policy" });
    await expect(policy).toContainText("<b>Not bold</b>");
    await expect(policy.locator("b")).toHaveCount(0);
    await screenshot(page, "transparency-page", { fullPage: true });
    // Another agency that publishes nothing answers like an unknown one.
    await page.goto("/transparency/NHPD");
    await expect(page.getByRole("heading", { level: 1, name: "No transparency page" })).toBeVisible();
  });

  test("the built-in provider's sign-in page links to it too", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Log in with your identity provider" }).click();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await page.getByRole("link", { name: "Transparency" }).click();
    await expect(page.getByRole("link", { name: "Hartford Police Department" })).toBeVisible();
  });
});
