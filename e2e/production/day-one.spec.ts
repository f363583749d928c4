import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { onboardedCameraReads } from "../support/camera";
import { fillAddUser, openFromNav, screenshot, signOut } from "../support/journey";
import { signInAs } from "../support/sign-in";
import { AGENCY_ADMIN, installState, odinCli, PLATE, serverLog } from "./production-install";

const OWNER_PASSWORD = "First-Owner-2026!";
const ADMIN_PASSWORD = "Springfield-Admin-2026!";
const ADMIN_OWN_PASSWORD = AGENCY_ADMIN.password;
const AGENCY = "Springfield Police Department";

/**
 * An agency's day one on a production install (global-setup.ts): the setup link start-up printed,
 * `odin setup`, then the owner in Chromium, the first agency and admin, a RAVEN camera and its alert.
 */
test.describe.configure({ mode: "serial" });

test.describe("a production install, from nothing to an alert", () => {
  test.use({ viewport: { width: 1440, height: 1000 }, timezoneId: "America/New_York" });

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
    await screenshot(page, "setup", { fullPage: true });

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

  test("the owner adds the agency and its first admin; the admin connects a RAVEN camera whose read is searchable and raises an alert", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signInAs(page, "owner", OWNER_PASSWORD);
    await openFromNav(page, "Owner", "Owner Panel");
    const agencies = page.getByRole("region", { name: "Agencies" });
    await agencies.getByRole("button", { name: "Add agency" }).click();
    const addAgency = page.getByRole("dialog", { name: "Add agency" });
    await addAgency.getByLabel("Agency name").fill(AGENCY);
    await addAgency.getByLabel("Code").fill("SPD");
    await addAgency.getByLabel("Time zone").selectOption("America/New_York");
    await addAgency.getByRole("button", { name: "Add agency" }).click();
    await expect(page.getByText(`Agency '${AGENCY}' added.`)).toBeVisible();
    const agencyRow = agencies.getByRole("row").filter({ hasText: AGENCY });
    await agencyRow.getByRole("button", { name: "Add first admin" }).click();
    const addUser = page.locator("form").filter({ has: page.getByLabel("Full name") });
    await expect(addUser.getByLabel("Role")).toHaveValue("admin");
    await fillAddUser(addUser, {
      username: "spd.admin",
      name: "Sam Admin",
      email: "sam.admin@springfield.example",
      password: ADMIN_PASSWORD,
    });
    await addUser.getByRole("button", { name: "Add User" }).click();
    await expect(page.getByText("User added successfully.")).toBeVisible();
    await signOut(page);

    // The agency's admin replaces the password the owner chose (issue 18 item 4), then connects its
    // first camera.
    await signInAs(page, "spd.admin", ADMIN_PASSWORD);
    await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible({ timeout: 15_000 });
    await page.getByLabel("Current password").fill(ADMIN_PASSWORD);
    await page.getByRole("textbox", { name: "New password", exact: true }).fill(ADMIN_OWN_PASSWORD);
    await page.getByRole("textbox", { name: "Confirm new password" }).fill(ADMIN_OWN_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible({ timeout: 15_000 });
    await openFromNav(page, "Integrations", "Integrations");
    await page.getByRole("link", { name: "Manage RAVEN" }).click();
    await expect(page.getByRole("heading", { name: "RAVEN cameras", exact: true })).toBeVisible();
    await page.getByRole("textbox", { name: /^Name/ }).fill("Main St at State St");
    await page.getByRole("textbox", { name: /^Identifier/ }).fill("spd-main-state");
    await page.getByRole("button", { name: "Add camera" }).click();
    await expect(page.getByText("Copy it now: it is not shown again.")).toBeVisible();
    const pushUrl = (await page.getByLabel("Push URL", { exact: true }).textContent())!.trim();
    const token = (await page.getByLabel("Ingest token", { exact: true }).textContent())!.trim();
    expect(pushUrl).toBe(`${installState().baseUrl}/ingest/axis/spd-main-state`);
    await page.getByRole("button", { name: "I have copied it" }).click();

    // Its first hotlist, with the plate the camera is about to read.
    await openFromNav(page, "Alerts", "My Alert Groups");
    await page.getByRole("link", { name: "+ Add Group" }).click();
    await page.getByLabel("Group name").fill("Springfield stolen vehicles");
    await page.getByRole("button", { name: "Create Group" }).click();
    await expect(page).toHaveURL(/\/alerts$/, { timeout: 10_000 });
    const card = page.getByRole("article").filter({ hasText: "Springfield stolen vehicles" });
    await card.getByRole("link", { name: /View Alerts/ }).click();
    const groupId = /\/alerts\/group\/(\d+)/.exec(page.url())![1]!;
    await page.getByRole("link", { name: /Group details/ }).click();
    await page.getByRole("link", { name: "Edit Group" }).click();
    const addPlate = page.getByRole("form", { name: "Add plate" });
    await addPlate.getByLabel(/Plate number/).fill(PLATE);
    await addPlate.getByLabel("State").selectOption("CT");
    await addPlate.getByLabel("Reason").fill("Reported stolen");
    await addPlate.getByRole("button", { name: "Add Plate" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/groups/${groupId}(/details)?$`), { timeout: 10_000 });

    // The camera reads the plate with the shown address and token: a live alert, then a search finds it.
    await openFromNav(page, "Alerts", "My Alert Groups");
    await card.getByRole("link", { name: /View Alerts/ }).click();
    await expect(page.getByText("Live: new alerts appear here as they happen")).toBeVisible();
    await onboardedCameraReads(pushUrl, token, PLATE);
    const alertRow = page.getByRole("row").filter({ hasText: PLATE });
    await expect(alertRow).toContainText("Reported stolen", { timeout: 10_000 });

    await openFromNav(page, "Search", "Search LPR Records");
    await page.getByLabel("License plate").fill(PLATE);
    await page.getByLabel("Justification").fill("Stolen vehicle report 2026-1125");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator(".results-table tbody tr").filter({ hasText: PLATE }).first()).toBeVisible();

    // Camera health shows the new camera reporting.
    await openFromNav(page, "Integrations", "Integrations");
    const health = page.getByRole("region", { name: "Camera health" });
    await expect(health.getByRole("row").filter({ hasText: "Main St at State St" })).toContainText(
      "Reporting",
    );
  });
});
