import { expect, test } from "@playwright/test";
import { signInAs } from "../support/sign-in";

test.describe("sign-in through the built-in provider", () => {
  test("a visitor of a protected page signs in and comes back to it", async ({ page }) => {
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await page.getByLabel("Username").fill("hartford.hotlistviewer");
    await page.getByLabel("Password").fill("Odin-demo-2026!");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText("hartford.hotlistviewer@demo.odin.local")).toBeVisible();
  });

  test("a wrong password is refused on Odin's sign-in page", async ({ page }) => {
    await signInAs(page, "trooph.investigator", "not-the-password");
    await expect(page.getByRole("alert")).toHaveText(
      "Invalid username or password. After several failed attempts an account is locked for a while: ask your agency's admin if you are locked out.",
    );
    await page.screenshot({ path: "test-results/sign-in-refused.png" });
  });
});
