import { DEMO_AGENCIES, DEMO_CONVOY, DEMO_SERIES } from "@odin/db/demo-data";
import { expect, test } from "@playwright/test";
import { screenshot } from "../support/journey";
import { signInAs } from "../support/sign-in";

const camera = DEMO_AGENCIES.find((agency) => agency.key === "hartford")!.axis.find(
  (integration) => integration.identifier === "hfd-lpv-01",
)!;
/** The name GET /search/cameras lists a demo camera key under ("rekor:{agent}:{id}", "axis:{identifier}"). */
function cameraName(cameraKey: string): string {
  const [vendor, ...rest] = cameraKey.split(":");
  for (const agency of DEMO_AGENCIES) {
    if (vendor === "axis") {
      const integration = agency.axis.find((candidate) => candidate.identifier === rest[0]);
      if (integration) return integration.label;
    } else if (agency.rekor.agentUid === rest[0]) {
      return agency.rekor.cameras.find((candidate) => candidate.cameraId === rest[1])!.cameraName;
    }
  }
  throw new Error(`no camera ${cameraKey}`);
}

/** A datetime-local value in the browser's zone (the test's timezoneId), not the runner's. */
const local = (date: Date) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(date)
    .replace(" ", "T");

/**
 * Issue 22: the demo plants a convoy (CVY4410 followed by CVY7720) at Hartford's cameras. Drawing a
 * circle on the map around RAVEN camera hfd-lpv-01 over the convoy's last pass finds both vehicles,
 * in the results table; every tab is screenshotted and axe-checked.
 */
test.describe("Investigations", () => {
  test.use({ viewport: { width: 1600, height: 1000 }, timezoneId: "America/New_York" });

  test("draws an area on the map and finds the planted convoy; every tab", async ({ page }) => {
    test.setTimeout(180_000);
    await signInAs(page, "hartford.investigator");
    await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible({ timeout: 20_000 });

    await page.getByRole("tab", { name: "Area and time" }).click();
    const form = page.getByRole("form", { name: "Area and time search" });
    await form.getByLabel("Justification").fill("Case 2026-311: robbery, no plate");
    const pass = Date.now() - DEMO_CONVOY.meetings[4]!.secondsAgo * 1000;
    await form.getByLabel(/^From/).fill(local(new Date(pass - 30 * 60_000)));
    await form.getByLabel(/^To\b/).fill(local(new Date(pass + 30 * 60_000)));
    // Centre the map on the camera, then draw: a click in the middle of the map sets the circle there.
    await form.getByLabel("Centre latitude").fill(String(camera.latitude));
    await form.getByLabel("Centre longitude").fill(String(camera.longitude));
    await form.getByLabel("Radius (m)").fill("300");
    await page.locator(".investigation-map__canvas").click();
    await expect(form.getByText(/Circle of 300 m at/)).toBeVisible();
    await screenshot(page, "search-tab-area");
    await form.getByRole("button", { name: "Search", exact: true }).click();

    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible({ timeout: 30_000 });
    const plates = page.locator(".results-table .results-table__plate");
    await expect(plates.filter({ hasText: DEMO_CONVOY.lead.plate }).first()).toBeVisible();
    await expect(plates.filter({ hasText: DEMO_CONVOY.companion.plate }).first()).toBeVisible();
    // Axon cannot be asked by place: its notice says so under a heading of its own (issue 22).
    await expect(page.getByText("Axon was searched by time, not by place")).toBeVisible();
    await page.goBack();

    for (const tab of ["Seen at several places", "Travelling with", "Vehicle pattern"]) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("form", { name: tab })).toBeVisible();
    }

    // The planted series, with its three cameras picked from the list by keyboard (Space ticks a box).
    await page.getByRole("tab", { name: "Seen at several places" }).click();
    const places = page.getByRole("form", { name: "Seen at several places" });
    await places.getByLabel("Justification").fill("Case 2026-311: the same car at three robberies");
    await places.getByRole("button", { name: "Add a place" }).click();
    for (const [index, sighting] of DEMO_SERIES.sightings.entries()) {
      const place = places.getByRole("group", { name: `Place ${index + 1}`, exact: true });
      const at = Date.now() - sighting.secondsAgo * 1000;
      await place.getByLabel(/^From/).fill(local(new Date(at - 30 * 60_000)));
      await place.getByLabel(/^To\b/).fill(local(new Date(at + 30 * 60_000)));
      const box = place.getByRole("checkbox", { name: new RegExp(`^${cameraName(sighting.cameraKey)}`) });
      await box.focus();
      await page.keyboard.press("Space");
      await expect(box).toBeChecked();
    }
    await places.getByRole("button", { name: "Search", exact: true }).click();
    const series = page.getByRole("region", { name: "Plates seen at several places" });
    await expect(series.getByRole("rowheader").first()).toHaveText(DEMO_SERIES.plate.plate, {
      timeout: 30_000,
    });
    await expect(series.getByRole("row").nth(1)).toContainText("1, 2, 3");
    await screenshot(page, "search-tab-places", { fullPage: true });

    await page.getByRole("tab", { name: "Travelling with" }).click();
    const companions = page.getByRole("form", { name: "Travelling with" });
    await companions.getByLabel("Justification").fill("Case 2026-311: who travels with the suspect");
    await companions.getByLabel("Plate").fill(DEMO_CONVOY.lead.plate);
    await companions.getByRole("button", { name: "Search", exact: true }).click();
    const answer = page.getByRole("region", { name: "Companions" });
    await expect(answer.getByRole("rowheader").first()).toHaveText(DEMO_CONVOY.companion.plate, {
      timeout: 30_000,
    });
    await screenshot(page, "search-tab-companions", { fullPage: true });

    await page.getByRole("tab", { name: "Vehicle pattern" }).click();
    const pattern = page.getByRole("form", { name: "Vehicle pattern" });
    await pattern.getByLabel("Justification").fill("Case 2026-311: the suspect's habits");
    await pattern.getByLabel("Plate").fill(DEMO_CONVOY.lead.plate);
    await pattern.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("table", { name: /Reads by day of week and hour/ })).toBeVisible({
      timeout: 30_000,
    });
    await screenshot(page, "search-tab-pattern", { fullPage: true });

    // A plate no source read in the range: said plainly, no empty map or grid.
    await pattern.getByLabel("Plate").fill("NOSUCH1");
    await pattern.getByRole("button", { name: "Search", exact: true }).click();
    await expect(
      page.getByText("NOSUCH1 was not read in this range by any source you may search."),
    ).toBeVisible({
      timeout: 30_000,
    });
    await screenshot(page, "search-tab-pattern-empty");
  });
});
