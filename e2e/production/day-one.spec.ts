import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signInAs } from "../support/sign-in";
import { installState, odinCli, serverLog } from "./production-install";

const OWNER_PASSWORD = "First-Owner-2026!";

/**
 * An agency's day one on a production install (global-setup.ts): the setup link start-up printed,
 * `odin setup`, then the owner in Chromium, the first agency and admin, a RAVEN camera and its alert.
 */
test.describe("a production install, from nothing to an alert", () => {
  test("the first owner: the one-time setup page, then the setup command", async ({ page }) => {
    const state = installState();
    const health = await page.request.get("/healthz");
    expect(await health.json()).toEqual({ status: "ok", database: "ok" });

    // Start-up printed a one-time link while there is no owner.
    const log = await readFile(serverLog, "utf8");
    const link = /Odin has no owner account yet[\s\S]*?(http:\/\/\S+\/setup\?token=\S+)/.exec(log)?.[1];
    expect(link, log).toBeTruthy();
    const refused = await page.request.get("/setup");
    expect(refused.status()).toBe(403);
    await page.goto(link!);
    await expect(page.getByRole("heading", { name: "Create the owner account" })).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveValue("owner");
    await page.screenshot({ path: "../docs/screenshots/setup.png", fullPage: true });

    // The agency's IT person uses the command instead; a second owner is refused.
    const setup = await odinCli(
      state,
      ["setup", "--name", "Robin Chief", "--email", "robin.chief@agency.example", "--password-stdin"],
      `${OWNER_PASSWORD}\n`,
    );
    expect(setup.stderr).toBe("");
    expect(setup.code).toBe(0);
    const again = await odinCli(
      state,
      ["setup", "--name", "Eve", "--email", "eve@agency.example", "--password-stdin"],
      OWNER_PASSWORD,
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("Odin already has its owner ('owner')");

    // The page is gone once the owner exists.
    await page.goto(link!);
    await expect(page.getByRole("heading", { name: "Odin is set up" })).toBeVisible();

    // The owner signs in on Odin's own sign-in page and reaches the Owner panel.
    await signInAs(page, "owner", OWNER_PASSWORD);
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Owner" }),
    ).toBeVisible();
  });
});
