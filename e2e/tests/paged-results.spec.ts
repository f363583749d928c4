import { expect, test, type Route } from "@playwright/test";
import { screenshot } from "../support/journey";
import { signInAs } from "../support/sign-in";

const PLATE = "ak47281";
const JUSTIFICATION = "Case 2026-412: stolen vehicle, older sightings";

/**
 * Issue 21 item 3: a paged answer through the real API. The web app asks for the page size its
 * app config gives (SEARCH_PAGE_SIZE, 500); here the served config is changed to 1 so the demo's
 * few reads come in several pages: the first page shows at once with "loading older ones", the rest
 * arrive through POST /search-data/next, and the table ends with what one unpaged answer holds.
 */
test.describe("Paged search results", () => {
  test.use({ viewport: { width: 1600, height: 1000 }, timezoneId: "America/New_York" });

  test("shows the first page at once and loads the older ones behind it", async ({ page }) => {
    // Two workers share the two cores, beside whatever else runs: a test takes longer than alone.
    test.setTimeout(240_000);
    const search = async () => {
      await page.getByLabel("License plate").fill(PLATE);
      await page.getByLabel("Match", { exact: true }).selectOption("exact");
      await page.getByRole("button", { name: "7 Days", exact: true }).click();
      await page.getByLabel("Justification").fill(JUSTIFICATION);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible({ timeout: 20_000 });
    };
    const rows = page.locator(".results-table tbody tr[tabindex]");

    // The whole answer first, as one list (the served page size, unchanged).
    await signInAs(page, "hartford.investigator");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible({ timeout: 20_000 });
    await search();
    await expect(rows.first()).toBeVisible();
    const whole = await rows.count();
    expect(whole).toBeGreaterThanOrEqual(3);

    // Now pages of 1: the served config says so, the API does the rest. The client waits for a page
    // as long as the test holds one (below), not the server's bound: on a loaded machine the checks
    // made while it is held took longer than that, and the page was given up ("did not answer").
    await page.route("**/app-config.js", async (route) => {
      const response = await route.fetch();
      const body = (await response.text())
        .replace(/"pageSize":\d+/, '"pageSize":1')
        .replace(/"timeoutMs":\d+/, '"timeoutMs":120000');
      await route.fulfill({ response, body });
    });
    // The first older page is held until the loading line has been looked at.
    const held: Route[] = [];
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/search-data/next", async (route) => {
      if (held.length === 0) {
        held.push(route);
        await released;
      }
      await route.continue();
    });
    const firstPage = page.waitForResponse((response) => new URL(response.url()).pathname === "/search-data");
    await page.goto("/search");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible({ timeout: 20_000 });
    await search();
    const answered = await firstPage;
    expect(JSON.parse(answered.request().postData() ?? "{}").page_size).toBe(1);
    expect(answered.headers()["x-odin-next-page"]).toBeTruthy();

    const loading = page.getByRole("status").filter({ hasText: "loading older ones" });
    await expect(loading).toHaveText(/Showing the newest 1 result · loading older ones…/);
    await expect(rows).toHaveCount(1);
    await screenshot(page, "results-loading-older");
    release();

    // Every page in: the line goes, and the table holds what the unpaged answer held.
    await expect(loading).toHaveCount(0, { timeout: 60_000 });
    await expect(rows).toHaveCount(whole);
    await expect(page.getByText(`All ${whole} results are loaded.`)).toBeAttached();
  });
});
