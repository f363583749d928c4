import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { screenshot } from "../support/journey";
import { DEMO_PASSWORD } from "../support/sign-in";

/**
 * Issue 17: a report exported through the web app is signed; the Verify Export page says it is valid,
 * and says a copy with one byte changed is not.
 */
test.describe("verify an export", () => {
  test.use({ viewport: { width: 1440, height: 1100 }, timezoneId: "America/New_York" });

  test("exports a PDF, then checks it and a changed copy on /verify-export, and a court clerk checks it signed out", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await page.goto("/");
    await page.getByRole("button", { name: "Log in with your identity provider" }).click();
    await page.getByLabel("Username").fill("hartford.investigator");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/search$/);

    await page.getByLabel("License plate").fill("AK47281");
    await page.getByRole("button", { name: "7 Days", exact: true }).click();
    await page.getByLabel("Justification").fill("Case 2026-317: verify an export");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible({ timeout: 20_000 });
    await page.getByLabel("Select all results").check();
    await page.getByRole("button", { name: "Export Selected to PDF" }).click();
    const downloading = page.waitForEvent("download", { timeout: 60_000 });
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^Export \d+$/ })
      .click();
    const pdf = await readFile(await (await downloading).path());

    await page.goto("/verify-export");
    // The page is public (issue 40): a full load shows it without signing in again.
    await expect(page.getByRole("heading", { name: "Verify Export" })).toBeVisible({ timeout: 20_000 });
    const input = page.getByLabel("Exported file (PDF or ZIP)");
    await input.setInputFiles({ name: "odin-report.pdf", mimeType: "application/pdf", buffer: pdf });
    await page.getByRole("button", { name: "Check file" }).click();
    await expect(page.getByText("Valid", { exact: true })).toBeVisible();
    await expect(page.getByText("AK47281").first()).toBeVisible();
    await screenshot(page, "verify-export", { fullPage: true });

    const changed = Buffer.from(pdf);
    const middle = Math.floor(changed.length / 2);
    changed[middle] = changed[middle]! ^ 0x01;
    await input.setInputFiles({ name: "changed.pdf", mimeType: "application/pdf", buffer: changed });
    await page.getByRole("button", { name: "Check file" }).click();
    await expect(page.getByText("Not valid", { exact: true })).toBeVisible();
    await expect(page.getByText(/its SHA-256 is not the signed one/)).toBeVisible();

    // Issue 40 item 7: someone with no account (court staff, the defence) opens Odin, follows the
    // footer's link and checks the report, never signed in.
    const clerk = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    try {
      const signedOut = await clerk.newPage();
      await signedOut.goto("/");
      await signedOut.getByRole("contentinfo").getByRole("link", { name: "Verify Export" }).click();
      await expect(signedOut).toHaveURL(/\/verify-export$/);
      await expect(signedOut.getByRole("heading", { name: "Verify Export" })).toBeVisible();
      await signedOut
        .getByLabel("Exported file (PDF or ZIP)")
        .setInputFiles({ name: "odin-report.pdf", mimeType: "application/pdf", buffer: pdf });
      await signedOut.getByRole("button", { name: "Check file" }).click();
      await expect(signedOut.getByText("Valid", { exact: true })).toBeVisible();
      await expect(signedOut.getByText("AK47281").first()).toBeVisible();
    } finally {
      await clerk.close();
    }
  });
});
