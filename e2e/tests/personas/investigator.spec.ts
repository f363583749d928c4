import { readFile } from "node:fs/promises";
import { expect, test, type Locator, type Page, type Request } from "@playwright/test";
import {
  expectNavLinks,
  NAV_LINKS,
  goInApp,
  nav,
  openFromNav,
  screenshot,
  signOut,
} from "../../support/journey";
import { journeyPage } from "../../support/journey-page";
import { captureBearer, DEMO_PASSWORD } from "../../support/sign-in";

/** A plate every demo vendor reads at least once in the last day (packages/db/src/demo-data.ts hotlists). */
const SHARED_PLATE = "AK47281";
const JUSTIFICATION = "Case 2026-118: stolen grey Honda Accord";

/** The results table's timestamps, as shown (MM/DD/YYYY HH:MM:SS ZONE), in row order. */
async function shownTimes(page: Page): Promise<number[]> {
  const cells = await page
    .locator(".results-table tbody tr[tabindex]")
    .locator("td.results-table__time")
    .allTextContents();
  return cells.map((text) => {
    expect(text).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [A-Z]{2,5}$/);
    const [date, time] = text.split(" ");
    const [month, day, year] = date!.split("/");
    return Date.parse(`${year}-${month}-${day}T${time}`);
  });
}

/** The results table's cameras, as shown, in row order. */
async function shownCameras(page: Page): Promise<string[]> {
  return page.locator(".results-table tbody tr[tabindex] td.results-table__camera").allTextContents();
}

/** The order the results screen sorts text in (results-view.ts). */
const COLLATOR = new Intl.Collator("en-US", { numeric: true, sensitivity: "base" });

/**
 * Issue 40 item 2 (33 presses before, 43 before issue 20 item 11): the Tab stops from the plate field to
 * Search, with the form as Clear leaves it: justification, match and the case fields, then Search.
 */
const FORM_STOPS_TO_SEARCH = ["Justification", "Match", "Case number", "Offense category", "Search"];
/** After Search: Clear, the time range (each date-time one stop), then the folded "More filters" drawer. */
const FORM_STOPS_AFTER_SEARCH = [
  "Clear",
  "1 Hour",
  "24 Hours",
  "7 Days",
  "30 Days",
  "90 Days",
  "Start",
  "End",
  "More filters · none set",
];
/** In the opened drawer: state, colour, make, body type, the agency sections' controls, the features. */
const DRAWER_STOPS_BEFORE_AGENCIES = ["State", "Color", "Make", "Body type"];
const DRAWER_STOPS_AFTER_AGENCIES = ["Top rack", "Back rack", "Bumper stickers", "Window stickers"];

/** Issue 40 item 2: the drawer that holds state, colour, make, body type, agencies and features. */
const moreFilters = (page: Page) => page.getByRole("button", { name: /^More filters/ });

async function openMoreFilters(page: Page): Promise<void> {
  const toggle = moreFilters(page);
  if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
}

/** The names of the controls Tab stops at after `from`, up to and including the button named `to`. */
async function tabStopsFrom(page: Page, from: Locator, to: string): Promise<string[]> {
  await from.focus();
  const names: string[] = [];
  for (let press = 0; press < 100; press++) {
    await page.keyboard.press("Tab");
    const name = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return "";
      const labelled = element.getAttribute("aria-label");
      const label = (element as HTMLInputElement).labels?.[0]?.textContent;
      return (labelled ?? label ?? element.textContent ?? "")
        .replace(/\s+/g, " ")
        .replace(/\s*\*$/, "")
        .trim();
    });
    names.push(name);
    if (name === to) return names;
  }
  throw new Error(`Tab never reached ${to}: ${names.join(" | ")}`);
}

/**
 * The investigator (hartford.investigator: role user, no hotlist flags) walks every screen of spec 000
 * they can reach, and the account and legal screens of spec 001, asserting the specs' own words.
 */
test.describe("persona: investigator", () => {
  test.use({ viewport: { width: 1600, height: 1000 }, timezoneId: "America/New_York" });
  const journey = journeyPage();
  let bearer: () => string | undefined;
  /** The results' timestamps in the server's order (newest first), and their cameras as sorted A to Z. */
  let times: number[];
  let cameras: string[];
  const rows = () => journey.page.locator(".results-table tbody tr[tabindex]");
  const header = (name: string) => journey.page.getByRole("columnheader", { name, exact: true });

  test("Login screen and sign-in: straight to /search with the investigator's links; reloading / stays there", async () => {
    const { page } = journey;
    bearer = captureBearer(page);

    // Login screen (000 §2): the logo, the provider button, the ownership footer.
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Welcome to Odin" })).toBeVisible();
    await expect(
      page.getByText("Odin Systems, Inc. All rights reserved. ODIN™ — trademark pending."),
    ).toBeVisible();
    await screenshot(page, "login");
    await page.getByRole("button", { name: "Log in with your identity provider" }).click();
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await page.getByLabel("Username").fill("hartford.investigator");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await screenshot(page, "sign-in-page");
    await page.getByRole("button", { name: "Sign in" }).click();

    // Signed in: straight to /search; Search, Profile, Logout, Terms and Privacy only.
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();
    await expectNavLinks(page, NAV_LINKS.investigator);
    // Issue 20 item 1: reloading / while signed in goes straight back to Search, not "Log in".
    await page.goto("/");
    await expect(page).toHaveURL(/\/search$/, { timeout: 20_000 });
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();
  });

  test("Search form: the presets (24 Hours by default), the states, the three agency sections, the features", async () => {
    const { page } = journey;
    // Search form (000 §2, §4, §9): presets, default 24 Hours, the three agency sections.
    await expect(page.getByRole("button", { name: "24 Hours", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByText("24 Hours (from")).toBeVisible();
    for (const preset of ["1 Hour", "24 Hours", "7 Days", "30 Days", "90 Days"]) {
      await expect(
        page.getByRole("group", { name: "Time range presets" }).getByRole("button", { name: preset }),
      ).toBeVisible();
    }
    // Issue 40 item 2: state, colour, make, body type, agencies and features are in the folded drawer.
    await expect(moreFilters(page)).toHaveText("More filters · none set");
    await expect(moreFilters(page)).toHaveAttribute("aria-expanded", "false");
    await openMoreFilters(page);
    await expect(page.getByLabel("State", { exact: true })).toContainText("Connecticut");
    expect(await page.getByLabel("State", { exact: true }).locator("option").count()).toBe(51); // "Any state" + the 50
    await expect(page.getByRole("region", { name: "Rekor agencies" })).toContainText(
      "Hartford Police Department",
    );
    await expect(page.getByRole("region", { name: "Axon agencies" })).toContainText(
      "Hartford Police Department",
    );
    await expect(page.getByRole("region", { name: "RAVEN agencies" })).toContainText("hfd-lpv-01");
    for (const flag of ["Top rack", "Back rack", "Bumper stickers", "Window stickers"]) {
      await expect(page.getByLabel(flag)).not.toBeChecked();
    }

    // Editing a custom date clears the preset mark; Clear brings everything back to 24 hours.
    await page.getByLabel("License plate").fill("zz");
    await page.getByLabel("Top rack").check();
    await expect(moreFilters(page)).toHaveText("More filters · 1 set: Top rack");
    await page.getByRole("button", { name: "7 Days", exact: true }).click();
    await page.getByLabel("Start").fill("2026-01-02T08:30");
    await expect(page.getByRole("button", { name: "7 Days", exact: true })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await page.getByRole("button", { name: "Clear" }).click();
    await expect(page.getByLabel("License plate")).toHaveValue("");
    await expect(page.getByLabel("Top rack")).not.toBeChecked();
    await expect(page.getByRole("button", { name: "24 Hours", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(moreFilters(page)).toHaveText("More filters · none set");
    await moreFilters(page).click();
    await expect(page.getByLabel("Top rack")).toBeHidden();
  });

  test("Search form by keyboard: Search 5 Tab presses from the plate, the drawer opened by Enter, each date-time one Tab stop", async () => {
    const { page } = journey;
    // Issue 40 item 2: justification, match and the case fields, then Search: 5 presses from the plate.
    const stops = await tabStopsFrom(page, page.getByLabel("License plate"), "Search");
    expect(stops).toEqual(FORM_STOPS_TO_SEARCH);
    // Then Clear, the time range (each date-time one stop: Tab leaves the native field; its parts are
    // typed and the arrow keys move between them), and the folded drawer, which Enter opens.
    const search = page.getByRole("button", { name: "Search", exact: true });
    expect(await tabStopsFrom(page, search, "More filters · none set")).toEqual(FORM_STOPS_AFTER_SEARCH);
    await page.keyboard.press("Enter");
    await expect(moreFilters(page)).toHaveAttribute("aria-expanded", "true");
    const drawer = await tabStopsFrom(page, moreFilters(page), "Window stickers");
    expect(drawer.slice(0, DRAWER_STOPS_BEFORE_AGENCIES.length)).toEqual(DRAWER_STOPS_BEFORE_AGENCIES);
    expect(drawer.slice(-DRAWER_STOPS_AFTER_AGENCIES.length)).toEqual(DRAWER_STOPS_AFTER_AGENCIES);
    // Each agency section: its toggle, Select all, and a box per agency (and per RAVEN camera).
    const agencyControls = await page
      .getByRole("region", { name: "Agencies" })
      .locator("button, input")
      .count();
    expect(drawer).toHaveLength(
      DRAWER_STOPS_BEFORE_AGENCIES.length + agencyControls + DRAWER_STOPS_AFTER_AGENCIES.length,
    );
    await moreFilters(page).focus();
    await page.keyboard.press("Space");
    await expect(moreFilters(page)).toHaveAttribute("aria-expanded", "false");
    const start = page.getByLabel("Start");
    await start.focus();
    await page.keyboard.type("01022026"); // a year may have six digits: the arrow key moves on to the hour
    await page.keyboard.press("ArrowRight");
    await page.keyboard.type("0830A");
    await expect(start).toHaveValue("2026-01-02T08:30");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("End")).toBeFocused();
    await page.getByRole("button", { name: "Clear" }).click();
  });

  test("Search: no justification gets the spec's alert; with one, a 7-day search with a feature ticked", async () => {
    const { page } = journey;
    // No justification: the spec's alert, and nothing is sent.
    await page.getByLabel("License plate").fill(SHARED_PLATE.toLowerCase());
    // Exact: the spec's newest-first list (Similar ranks misreads by difference; tests/similar-search.spec.ts).
    await page.getByLabel("Match", { exact: true }).selectOption("exact");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Justification and date range are required.");

    await page.getByRole("button", { name: "7 Days", exact: true }).click();
    await expect(page.getByText("7 Days (from")).toBeVisible();
    await page.getByLabel("Justification").fill(JUSTIFICATION);
    await expect(page.getByRole("alert")).toHaveCount(0);
    // Issue 40 item 2: the case number is kept with the recent search.
    await page.getByLabel(/^Case number/).fill("2026-118");
    // No connected program reports the four features: ticking one says so rather than filtering silently.
    await openMoreFilters(page);
    await page.getByLabel("Bumper stickers").check();
    // Folded again, the drawer says what is set in it.
    await moreFilters(page).click();
    await expect(moreFilters(page)).toHaveText("More filters · 1 set: Bumper stickers");
    await page.setViewportSize({ width: 1440, height: 1380 });
    await screenshot(page, "search");
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.getByRole("button", { name: "Search", exact: true }).click();
  });

  test("Results: every source answered, the spec's columns, newest first, pictures through Odin's proxies", async () => {
    const { page } = journey;
    // Results (000 §2): every source answered; newest first; pictures through Odin's proxies.
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible({ timeout: 20_000 });
    const summary = page.getByRole("list", { name: "Sources searched" });
    for (const source of ["Rekor", "Axon", "RAVEN"])
      await expect(summary.getByText(source, { exact: true })).toBeVisible();
    await expect(summary.locator(".source-summary__item--ok")).toHaveCount(3);
    await expect(page.getByRole("tab", { name: "Table View" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Features were not applied")).toBeVisible();
    for (const column of [
      "Program",
      "Plate",
      "State",
      "Make",
      "Color",
      "Body Type",
      "Agency",
      "Camera",
      "Timestamp",
      "Vehicle Image",
      "Plate Image",
    ]) {
      await expect(page.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
    }
    await expect(rows().first()).toBeVisible();
    expect(await rows().count()).toBeGreaterThanOrEqual(3);
    await expect(rows().first().locator(".results-table__plate")).toHaveText(new RegExp(`^${SHARED_PLATE}`));
    times = await shownTimes(page);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    await expect(rows().first().locator(".results-table__vehicle img")).toHaveAttribute("src", /^blob:/, {
      timeout: 15_000,
    });
    await expect(
      rows().first().locator(".results-table__plate-image img, .results-table__plate-image canvas"),
    ).toBeVisible();
    await screenshot(page, "results-table");
  });

  test("Results: every column at 1440 px, cards at 390 px; the agency's hotlist badge, though the investigator is in no group", async () => {
    const { page } = journey;
    // Issue 20 item 9: at 1440 px every column shows without scrolling sideways; at 390 px, cards.
    await page.setViewportSize({ width: 1440, height: 1000 });
    const scroller = await page.locator(".results-table__scroller").boundingBox();
    const lastHeader = await page.getByRole("columnheader", { name: "Plate Image" }).boundingBox();
    expect(lastHeader!.x + lastHeader!.width).toBeLessThanOrEqual(scroller!.x + scroller!.width + 1);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator(".results-table--cards")).toBeVisible();
    await expect(rows().first().locator(".results-table__plate")).toBeVisible();
    await expect(rows().first().locator(".results-table__body")).toBeHidden();
    // The cards, with the filter and "Sort by" above them (the headers are hidden on narrow screens).
    await page.locator(".results-controls").evaluate((element) => element.scrollIntoView({ block: "start" }));
    await screenshot(page, "results-cards", { scrollTop: false });
    await page.setViewportSize({ width: 1600, height: 1000 });
    await expect(page.locator(".results-table--cards")).toHaveCount(0);

    // The plate is on Hartford Stolen Vehicles, whose member the investigator is not: the badge still
    // names it (issue 40 item 1: a stolen car on the agency's own list must not look clean to a searcher).
    await expect(page.getByText(/^On hotlist: .*Hartford Stolen Vehicles/).first()).toBeVisible();
  });

  test("Results: sortable headers: Timestamp newest or oldest first, Camera A to Z and back", async () => {
    const { page } = journey;
    // Issue 20: sortable headers. Timestamp starts newest first (the server's order), then oldest first.
    await expect(header("Timestamp")).toHaveAttribute("aria-sort", "none");
    await header("Timestamp").getByRole("button").click();
    await expect(header("Timestamp")).toHaveAttribute("aria-sort", "descending");
    await header("Timestamp").getByRole("button").click();
    await expect(header("Timestamp")).toHaveAttribute("aria-sort", "ascending");
    const ascending = await shownTimes(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending).not.toEqual(times);
    // Camera, A to Z; the other headers go back to unsorted.
    await header("Camera").getByRole("button").click();
    await expect(header("Camera")).toHaveAttribute("aria-sort", "ascending");
    await expect(header("Timestamp")).toHaveAttribute("aria-sort", "none");
    cameras = await shownCameras(page);
    expect(cameras).toEqual([...cameras].sort(COLLATOR.compare));
    expect(new Set(cameras).size).toBeGreaterThan(1);
    await header("Camera").getByRole("button").click();
    await expect(header("Camera")).toHaveAttribute("aria-sort", "descending");
    expect(await shownCameras(page)).toEqual([...cameras].reverse());
  });

  test("Results: the quick filter narrows the loaded rows; a refresh and Back keep them, the sort and the filter", async () => {
    const { page } = journey;
    // The quick filter narrows the loaded rows (no new search) to those naming the camera.
    const camera = cameras[0]!;
    const filter = page.getByLabel("Filter results");
    await filter.fill(camera);
    await expect(page.getByText(/^Showing \d+ of \d+$/)).toBeVisible();
    const filtered = await shownCameras(page);
    expect(filtered.length).toBeLessThan(cameras.length);
    expect(filtered.every((name) => name === camera)).toBe(true);
    await filter.fill("no such camera anywhere");
    await expect(page.getByText("No loaded result matches the filter")).toBeVisible();
    await filter.fill(camera);

    // Refresh keeps the results, their sort and the filter (session storage, never the URL) ...
    expect(page.url()).not.toContain(SHARED_PLATE);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel("Filter results")).toHaveValue(camera);
    await expect(header("Camera")).toHaveAttribute("aria-sort", "descending");
    expect(await shownCameras(page)).toEqual(filtered);
    // ... and so does the browser's Back from another screen.
    await openFromNav(page, "Profile", "Profile");
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible();
    await expect(page.getByLabel("Filter results")).toHaveValue(camera);
    expect(await shownCameras(page)).toEqual(filtered);
    await page.getByLabel("Filter results").fill("");
    await page.getByLabel("Sort by").selectOption({ label: "Search order" });
    await expect(header("Camera")).toHaveAttribute("aria-sort", "none");
    expect(await shownTimes(page)).toEqual(times);
  });

  test("Exports: they need a selection and a justification (the search's, not blank); the PDF and the ZIP download", async () => {
    const { page } = journey;
    // Selection: exports need at least one result.
    await expect(page.getByRole("button", { name: "Export Selected to PDF" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Export Selected to ZIP" })).toBeDisabled();
    await page.getByLabel("Select all results").check();
    await expect(page.getByRole("button", { name: "Export Selected to PDF" })).toBeEnabled();

    // The export dialog asks for a justification (prefilled with the search's) and refuses a blank one.
    await page.getByRole("button", { name: "Export Selected to PDF" }).click();
    let dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Justification")).toHaveValue(JUSTIFICATION);
    await dialog.getByLabel("Justification").fill("   ");
    await dialog.getByRole("button", { name: /^Export \d+$/ }).click();
    await expect(dialog).toContainText("Justification is required.");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // Both files download with the spec's names (a report PDF and an export ZIP, dated YYYY-MM-DD).
    for (const [button, pattern, magic] of [
      ["Export Selected to PDF", /^odin-report-\d{4}-\d{2}-\d{2}\.pdf$/, "%PDF"],
      ["Export Selected to ZIP", /^odin-export-\d{4}-\d{2}-\d{2}\.zip$/, "PK"],
    ] as const) {
      await page.getByRole("button", { name: button }).click();
      dialog = page.getByRole("dialog");
      await expect(dialog.getByLabel("Justification")).toHaveValue(JUSTIFICATION);
      const downloading = page.waitForEvent("download", { timeout: 60_000 });
      await dialog.getByRole("button", { name: /^Export \d+$/ }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(pattern);
      const file = await readFile(await download.path());
      expect(file.subarray(0, magic.length).toString("latin1")).toBe(magic);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    }
  });

  test("Map view: the markers, the time slider narrows them, Full Screen and back", async () => {
    const { page } = journey;
    // Map view: markers, the time slider narrows them, Full Screen / Exit Full Screen.
    await page.getByRole("tab", { name: "Map View" }).click();
    const mapSummary = page.getByText(/^Showing \d+ of \d+ on the map/);
    await expect(mapSummary).toBeVisible();
    const before = (await mapSummary.textContent()) ?? "";
    const [, shown, total] = /Showing (\d+) of (\d+)/.exec(before) ?? [];
    expect(Number(shown)).toBe(Number(total));
    await page.getByLabel("From").focus();
    for (let step = 0; step < 40; step++) await page.keyboard.press("ArrowRight");
    await expect(mapSummary).not.toHaveText(before);
    expect(Number(/Showing (\d+)/.exec((await mapSummary.textContent()) ?? "")?.[1])).toBeLessThan(
      Number(total),
    );
    await screenshot(page, "results-map");
    await page.getByRole("button", { name: "Full Screen" }).click();
    await expect(page.getByRole("button", { name: "Exit Full Screen" })).toBeVisible();
    await page.getByRole("button", { name: "Exit Full Screen" }).click();
    await expect(page.getByRole("button", { name: "Full Screen" })).toBeVisible();
  });

  test("Detail: the pictures, the facts, the nearest address, Open in Google Maps; Tab stays inside", async () => {
    const { page } = journey;
    // Detail (000 §2): pictures, the facts, the nearest address, a map, Open in Google Maps.
    await page.getByRole("tab", { name: "Table View" }).click();
    await rows().first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(`Plate: ${SHARED_PLATE}`).first()).toBeVisible();
    for (const fact of ["State", "Agency", "Nearest Address", "Timestamp", "Camera"]) {
      await expect(dialog.getByText(fact, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByText("Loading...")).toHaveCount(0, { timeout: 10_000 });
    await expect(dialog.getByRole("link", { name: "Open in Google Maps" })).toHaveAttribute(
      "target",
      "_blank",
    );
    await expect(dialog.locator(".result-detail__vehicle img")).toBeVisible();
    // Add Plate to Hotlist is for admins and hotlist users only.
    await expect(dialog.getByRole("button", { name: "Add Plate to Hotlist" })).toHaveCount(0);
    // Issue 20 item 3: make, colour and body type in the detail, labelled as in the table.
    for (const fact of ["Make", "Color", "Body Type"]) {
      await expect(dialog.getByText(fact, { exact: true })).toBeVisible();
    }
    // Issue 20 item 5: Tab stays inside the modal.
    for (let step = 0; step < 25; step++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await screenshot(page, "result-detail");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });

  test("Refine: back on the form with everything as it was, 7 Days marked again", async () => {
    const { page } = journey;
    // Refine: back on the form with everything as it was, 7 Days marked again.
    await page.getByRole("button", { name: "Refine Previous Search" }).click();
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();
    await expect(page.getByLabel("Justification")).toHaveValue(JUSTIFICATION);
    await expect(page.getByLabel("License plate")).toHaveValue(SHARED_PLATE.toLowerCase());
    await expect(moreFilters(page)).toHaveText("More filters · 1 set: Bumper stickers");
    await openMoreFilters(page);
    await expect(page.getByLabel("Bumper stickers")).toBeChecked();
    await expect(page.getByRole("button", { name: "7 Days", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });

  test("a plate nobody read over 90 days: 'No results found.', RAVEN's 30 days, kept over a reload", async () => {
    const { page } = journey;
    // A plate nobody read, over 90 days: the results screen says so, and that RAVEN keeps 30 days only.
    await page.getByLabel("License plate").fill("QQ0ZZ9X");
    await page.getByRole("button", { name: "90 Days", exact: true }).click();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("No results found.")).toBeVisible({ timeout: 20_000 });
    await expect(
      page.getByText(/RAVEN keeps 30 days of reads: reads before \d{4}-\d{2}-\d{2}/),
    ).toBeVisible();
    await screenshot(page, "results-retention-notice");

    // Issue 20: the last results survive a reload (kept in session storage, never in the URL).
    await page.reload();
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible();
    await expect(page.getByText("No results found.")).toBeVisible();
  });

  test("Recent searches: newest first; Run again asks for a new justification before searching", async () => {
    const { page } = journey;
    // Recent searches (issue 20): newest first; Run again asks for a new justification before searching.
    await openFromNav(page, "Search", "Search LPR Records");
    const recent = page.getByRole("region", { name: "Recent searches" });
    const recentItems = recent.getByRole("listitem");
    await expect(recentItems).toHaveCount(2);
    await expect(recentItems.first()).toContainText("Plate QQ0ZZ9X");
    await expect(recentItems.first()).toContainText("Last 90 Days");
    await expect(recentItems.nth(1)).toContainText(`Plate ${SHARED_PLATE}`);
    await expect(recentItems.nth(1)).toContainText("Last 7 Days");
    // Issue 40 item 2: each with its match mode and case number.
    await expect(recentItems.nth(1)).toContainText(`Plate ${SHARED_PLATE} · Exact match · Case 2026-118`);
    await recentItems
      .nth(1)
      .getByRole("button", { name: /^Run again/ })
      .click();
    const rerun = recent.getByRole("form", { name: "Run the search again" });
    await expect(rerun.getByLabel("Justification")).toHaveValue("");
    await expect(rerun.getByLabel("Justification")).toBeFocused();
    let searched = false;
    const onSearch = (request: Request) => {
      if (new URL(request.url()).pathname === "/search-data") searched = true;
    };
    page.on("request", onSearch);
    await rerun.getByRole("button", { name: "Search", exact: true }).click();
    await expect(rerun.getByText("Justification and date range are required.")).toBeVisible();
    expect(searched).toBe(false);
    page.off("request", onSearch);
    await recent.scrollIntoViewIfNeeded();
    await screenshot(page, "recent-searches", { scrollTop: false });
    const RERUN_JUSTIFICATION = "Case 2026-118: follow-up, same vehicle";
    await rerun.getByLabel("Justification").fill(RERUN_JUSTIFICATION);
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === "/search-data");
    await rerun.getByRole("button", { name: "Search", exact: true }).click();
    const body = (await sent).postDataJSON() as { plate: string; justification: string };
    expect(body.plate.toUpperCase()).toBe(SHARED_PLATE);
    expect(body.justification).toBe(RERUN_JUSTIFICATION);
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible({ timeout: 20_000 });
    await expect(rows().first().locator(".results-table__plate")).toHaveText(new RegExp(`^${SHARED_PLATE}`));
  });

  test("/results with no search kept in the tab goes back to the form with a message", async () => {
    const { page } = journey;
    // /results with no search kept in this tab goes back to the form with a message (the spec's rule).
    await page.evaluate(() => {
      window.sessionStorage.removeItem("odin.search.last");
      window.sessionStorage.removeItem("odin.search.view");
    });
    await goInApp(page, "/search");
    await goInApp(page, "/results");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible();
    await expect(page.getByText("Run a search to see its results here.")).toBeVisible();
  });

  test("Profile and Change Password: the reset link, the requirements, the mismatch message", async () => {
    const { page } = journey;
    // Profile (001 §2): username, email, role; the reset link.
    await openFromNav(page, "Profile", "Profile");
    await expect(page.getByText("hartford.investigator@demo.odin.local")).toBeVisible();
    await page.getByRole("button", { name: "Email me a secure reset link" }).click();
    await expect(page.getByText("Password reset email sent. Check your inbox.")).toBeVisible();
    await screenshot(page, "profile");

    // Change password: the requirements, and the mismatch message.
    await goInApp(page, "/change-password");
    await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
    // The spec's list with the length the server enforces (PASSWORD_MIN_LENGTH, 12 by default), not 8.
    await expect(page.getByText(/at least 12 characters/i)).toBeVisible();
    await page.getByRole("textbox", { name: "New password", exact: true }).fill("Another-pass-2026!");
    await page.getByRole("textbox", { name: "Confirm new password" }).fill("Another-pass-2027!");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Passwords do not match!")).toBeVisible();
    await screenshot(page, "change-password");
  });

  test("Terms and Privacy: effective 01/15/2025, authorized law enforcement only, Connecticut law", async () => {
    const { page } = journey;
    // Terms and Privacy: effective 01/15/2025, authorized law enforcement only, Connecticut law.
    await openFromNav(page, "Terms", "Terms of Use");
    await expect(page.getByText("Effective date: 01/15/2025")).toBeVisible();
    await expect(page.getByRole("main")).toContainText(/authorized law enforcement/i);
    await expect(page.getByRole("main")).toContainText("Connecticut");
    await screenshot(page, "terms");
    await openFromNav(page, "Privacy", "Privacy Policy");
    await expect(page.getByText("Effective date: 01/15/2025")).toBeVisible();
    await expect(page.getByRole("main")).toContainText(/stored temporarily|temporar/i);
    await screenshot(page, "privacy");
  });

  test("admin screens are refused, by the app and the server; Logout revokes the session at once", async ({
    request,
  }) => {
    const { page } = journey;
    // Admin screens are refused: the audit log says 'Access Denied', and so does the server.
    await goInApp(page, "/audit-log");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await screenshot(page, "access-denied");
    const token = bearer();
    expect(token).toBeTruthy();
    const headers = { authorization: `Bearer ${token}` };
    for (const path of ["/admin-audit-logs-api?page=1", "/admin-data", "/owner-data"]) {
      expect((await request.get(path, { headers })).status(), path).toBe(403);
    }

    // Logout revokes the session: the token the app used is refused at once.
    expect((await request.get("/get-current-user", { headers })).status()).toBe(200);
    await signOut(page);
    expect((await request.get("/get-current-user", { headers })).status()).toBe(401);
    await expect(nav(page).getByRole("link", { name: "Search" })).toHaveCount(0);
  });
});
