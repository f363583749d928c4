import { expect, test } from "@playwright/test";
import { screenshot } from "../support/journey";

/**
 * Issue 38 item 1: the readable API reference made from the OpenAPI document, public like the
 * document itself; checked with axe and kept as a screenshot.
 */
test("the API reference page lists the calls with their access, readable without signing in", async ({
  page,
}) => {
  await page.goto("/api-reference");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("/api/admin/alert-email-settings").first()).toBeVisible();
  await screenshot(page, "api-reference");
});
