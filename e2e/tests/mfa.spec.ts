import { expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { nav, openFromNav, screenshot, signOut } from "../support/journey";
import { signInAs } from "../support/sign-in";

/** The code an authenticator app would show for the key, `stepsAhead` periods from now (no waiting). */
const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

test.describe("two-step sign-in (issue 18 item 5) and the idle lock", () => {
  test("a user sets up TOTP on the profile, then signs in with a code computed here", async ({ page }) => {
    test.setTimeout(180_000);
    await signInAs(page, "trooph.hotlistviewer");
    await expect(nav(page)).toBeVisible();
    await openFromNav(page, "Profile", "Profile");

    const card = page.getByRole("region", { name: "Two-step sign-in" });
    await card.getByRole("button", { name: "Set up two-step sign-in" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const key = page.getByLabel("Key");
    const secret = (await key.getAttribute("data-secret"))!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, "mfa-enrolment", { fullPage: true });

    await page.getByLabel("Code from the app").fill(codeOf(secret));
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    await page.getByRole("button", { name: "I saved my recovery codes" }).click();
    await expect(page.getByText("Two-step sign-in is on. 10 of 10 recovery codes left.")).toBeVisible();

    await signOut(page);
    await signInAs(page, "trooph.hotlistviewer");
    await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
    await page.getByLabel("Authentication code").fill("000000" === codeOf(secret, 1) ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert")).toContainText("That code is not valid");
    // The set-up used this period's code, which is never accepted twice: the app's next one is.
    await page.getByLabel("Authentication code").fill(codeOf(secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(nav(page)).toBeVisible();
  });

  test("after the idle minutes the screen locks and asks for the password again", async ({ page }) => {
    test.setTimeout(180_000); // axe on a loaded machine takes its time
    await page.clock.install();
    await signInAs(page, "trooph.investigator");
    await expect(nav(page)).toBeVisible();
    // Settled first (no request in flight), so jumping the clock fires only the idle timer.
    await openFromNav(page, "Profile", "Profile");
    await expect(page.getByRole("region", { name: "Two-step sign-in" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.clock.fastForward("30:01");
    const lock = page.getByRole("alertdialog");
    await expect(lock).toBeVisible();
    await expect(lock.getByRole("button", { name: "Unlock with password" })).toBeFocused();
    await screenshot(page, "idle-lock");
  });
});
