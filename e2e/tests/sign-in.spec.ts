import { expect, test, type Page } from "@playwright/test";
import { captureBearer, signInAs } from "../support/sign-in";

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test.describe("sign-in through the built-in provider", () => {
  test("the investigator lands on /search with the investigator's links, and Logout ends the session", async ({
    page,
    request,
  }) => {
    const bearer = captureBearer(page);
    await signInAs(page, "hartford.investigator");
    await expect(page).toHaveURL(/\/search$/);
    for (const link of ["Search", "Profile", "Terms", "Privacy"]) {
      await expect(nav(page).getByRole("link", { name: link })).toBeVisible();
    }
    await expect(nav(page).getByRole("button", { name: "Logout" })).toBeVisible();
    for (const link of ["Admin", "Integrations", "Audit Log", "Alerts", "Owner"]) {
      await expect(nav(page).getByRole("link", { name: link })).toHaveCount(0);
    }
    await page.screenshot({ path: "test-results/search-signed-in.png" });

    await expect.poll(bearer).toBeTruthy();
    const token = bearer()!;
    expect(
      (await request.get("/get-current-user", { headers: { authorization: `Bearer ${token}` } })).status(),
    ).toBe(200);

    await nav(page).getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("button", { name: "Log in with your identity provider" })).toBeVisible();
    const reused = await request.get("/get-current-user", { headers: { authorization: `Bearer ${token}` } });
    expect(reused.status()).toBe(401);
  });

  test("the admin sees Admin, Integrations, Audit Log and Alerts", async ({ page }) => {
    await signInAs(page, "hartford.admin");
    await expect(page).toHaveURL(/\/search$/);
    for (const link of ["Admin", "Integrations", "Audit Log", "Alerts"]) {
      await expect(nav(page).getByRole("link", { name: link })).toBeVisible();
    }
    await expect(nav(page).getByRole("link", { name: "Owner" })).toHaveCount(0);
  });

  test("the owner sees Owner", async ({ page }) => {
    await signInAs(page, "owner");
    await expect(nav(page).getByRole("link", { name: "Owner" })).toBeVisible();
  });

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
    await expect(page.getByRole("alert")).toHaveText("Invalid username or password.");
    await page.screenshot({ path: "test-results/sign-in-refused.png" });
  });
});
