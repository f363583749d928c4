import { expect, test } from "@playwright/test";
import { nav, openFromNav } from "../support/journey";
import { DEMO_PASSWORD, signInAs } from "../support/sign-in";

/**
 * Issue 36 (finding F5): reloading a tab whose screen locked after the idle minutes signed the user back
 * in without a password. The browser's clock jumps past the limit (page.clock, no waiting); the reload
 * must land on the provider's password page, and the password opens the app again where it was.
 * (The server's own limit, for a session idle in fact, is apps/api/test/session-idle.test.ts.)
 */
test.describe("the idle lock survives a reload (issue 36, F5)", () => {
  test("reloading the locked tab lands on the password page; the password unlocks it", async ({ page }) => {
    test.setTimeout(120_000);
    await page.clock.install();
    await signInAs(page, "newhaven.investigator");
    await expect(nav(page)).toBeVisible();
    await openFromNav(page, "Profile", "Profile");
    // Settled first (no request in flight), so jumping the clock fires only the idle timer.
    await page.waitForLoadState("networkidle");
    await page.clock.fastForward("30:01");
    await expect(page.getByRole("alertdialog", { name: "Screen locked" })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(page.getByLabel("Password")).toBeVisible();
    await expect(page).toHaveURL(/\/oidc\/interaction\//);

    await page.getByLabel("Username").fill("newhaven.investigator");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(nav(page)).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);

    // Unlocked, a reload of the tab signs in again at once, as before the lock.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible({ timeout: 20_000 });
  });
});
