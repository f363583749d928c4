import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "../support/sign-in";

const SCREENSHOTS = "../docs/screenshots";
/** A plate every demo vendor reads at least once in the last day (packages/db/src/demo-data.ts hotlists). */
const SHARED_PLATE = "AK47281";
const JUSTIFICATION = "Case 2026-118: stolen grey Honda Accord";

/** The results table's timestamps, as shown (MM/DD/YYYY HH:MM:SS ZONE), in row order. */
async function shownTimes(page: Page): Promise<number[]> {
  const cells = await page
    .locator(".results-table tbody tr[tabindex] td.results-table__time")
    .allTextContents();
  return cells.map((text) => {
    const [date, time] = text.split(" ");
    const [month, day, year] = date!.split("/");
    return Date.parse(`${year}-${month}-${day}T${time}`);
  });
}

test.describe("an investigator searches, reads the results, and refines", () => {
  test.use({ viewport: { width: 1600, height: 1000 }, timezoneId: "America/New_York" });

  test("search → table → map → detail → refine", async ({ page }) => {
    await signInAs(page, "hartford.investigator");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();

    // The three agency sections load the agencies this investigator may search.
    await expect(page.getByRole("region", { name: "Rekor agencies" })).toContainText(
      "Hartford Police Department",
    );
    await expect(page.getByRole("region", { name: "Axon agencies" })).toContainText(
      "Hartford Police Department",
    );
    await expect(page.getByRole("region", { name: "RAVEN agencies" })).toContainText("hfd-lpv-01");
    await expect(page.getByText("24 Hours (from")).toBeVisible();

    // No justification: the spec's alert, and nothing is sent.
    await page.getByLabel("License plate").fill(SHARED_PLATE.toLowerCase());
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Justification and date range are required.");

    await page.getByRole("button", { name: "7 Days" }).click();
    await expect(page.getByText("7 Days (from")).toBeVisible();
    await page.getByLabel("Justification").fill(JUSTIFICATION);
    await page.setViewportSize({ width: 1440, height: 1380 });
    await page.screenshot({ path: `${SCREENSHOTS}/search.png` });
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.getByRole("button", { name: "Search", exact: true }).click();

    // Results: all three sources answered, newest first, with pictures through Odin's proxies.
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible({ timeout: 20_000 });
    const summary = page.getByRole("list", { name: "Sources searched" });
    for (const source of ["Rekor", "Axon", "RAVEN"]) {
      await expect(summary.getByText(source, { exact: true })).toBeVisible();
    }
    await expect(summary.locator(".source-summary__item--ok")).toHaveCount(3);
    const rows = page.locator(".results-table tbody tr[tabindex]");
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    await expect(rows.first().locator(".results-table__plate")).toHaveText(SHARED_PLATE);
    const times = await shownTimes(page);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    await expect(rows.first().locator(".results-table__vehicle img")).toHaveAttribute("src", /^blob:/, {
      timeout: 15_000,
    });
    await expect(
      rows.first().locator(".results-table__plate-image img, .results-table__plate-image canvas"),
    ).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/results-table.png` });

    // Selecting enables the exports.
    await expect(page.getByRole("button", { name: "Export Selected to PDF" })).toBeDisabled();
    await page.getByLabel("Select all results").check();
    await expect(page.getByRole("button", { name: "Export Selected to PDF" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Export Selected to ZIP" })).toBeEnabled();

    // Exports: the justification is asked again (prefilled); the file downloads with the spec's name.
    for (const [button, pattern, magic] of [
      ["Export Selected to PDF", /^odin-report-\d{4}-\d{2}-\d{2}\.pdf$/, "%PDF"],
      ["Export Selected to ZIP", /^odin-export-\d{4}-\d{2}-\d{2}\.zip$/, "PK"],
    ] as const) {
      await page.getByRole("button", { name: button }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByLabel("Justification")).toHaveValue(JUSTIFICATION);
      const downloading = page.waitForEvent("download", { timeout: 60_000 });
      await dialog.getByRole("button", { name: /^Export \d+$/ }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(pattern);
      const file = await readFile(await download.path());
      expect(file.subarray(0, magic.length).toString("latin1")).toBe(magic);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    }

    // Map view: markers, and the time slider narrows them.
    await page.getByRole("tab", { name: "Map View" }).click();
    const mapSummary = page.getByText(/^Showing \d+ of \d+ on the map/);
    await expect(mapSummary).toBeVisible();
    const before = await mapSummary.textContent();
    const [, shown, total] = /Showing (\d+) of (\d+)/.exec(before ?? "") ?? [];
    expect(Number(shown)).toBe(Number(total));
    await page.getByLabel("From").focus();
    for (let step = 0; step < 40; step++) await page.keyboard.press("ArrowRight");
    await expect(mapSummary).not.toHaveText(before ?? "");
    expect(Number(/Showing (\d+)/.exec((await mapSummary.textContent()) ?? "")?.[1])).toBeLessThan(
      Number(total),
    );
    await expect(page.getByRole("button", { name: "Full Screen" })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/results-map.png` });

    // Detail: pictures, facts, the nearest address (or 'Unavailable'), a map.
    await page.getByRole("tab", { name: "Table View" }).click();
    await rows.first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(`Plate: ${SHARED_PLATE}`).first()).toBeVisible();
    await expect(dialog.getByText("Nearest Address")).toBeVisible();
    await expect(dialog.getByText("Loading...")).toHaveCount(0, { timeout: 10_000 });
    await expect(dialog.getByRole("link", { name: "Open in Google Maps" })).toHaveAttribute(
      "target",
      "_blank",
    );
    await expect(dialog.locator(".result-detail__vehicle img")).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/result-detail.png` });
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    // Refine: back on the form with everything as it was, 7 Days marked again.
    await page.getByRole("button", { name: "Refine Previous Search" }).click();
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();
    await expect(page.getByLabel("Justification")).toHaveValue(JUSTIFICATION);
    await expect(page.getByLabel("License plate")).toHaveValue(SHARED_PLATE.toLowerCase());
    await expect(page.getByRole("button", { name: "7 Days" })).toHaveAttribute("aria-pressed", "true");
  });

  test("/results without a search sends the investigator to the form with a message", async ({ page }) => {
    await signInAs(page, "hartford.investigator");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();
    await page.goto("/results");
    // A fresh page load signs in again silently through the provider first.
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("Run a search to see its results here.")).toBeVisible();
  });
});
