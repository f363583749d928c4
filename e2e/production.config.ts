import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./support/chromium";
import { PRODUCTION_PORT } from "./production/production-install";

/**
 * The production path, as a self-hosting agency runs it (no Docker): the deployable built by
 * scripts/build-deployable.sh (what the Dockerfile runs), a PostgreSQL of its own with the
 * non-superuser role of deploy/postgres/odin-role.sql, NODE_ENV=production, no demo data, then
 * `odin setup` and the first day in Chromium. global-setup.ts starts it; the journey walks it.
 */
export default defineConfig({
  testDir: "production",
  globalSetup: "./production/global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 180_000,
  // Under load (two checkouts' tests at once, 2 cores) a sign-in can take longer than Playwright's 5 s
  // default for one expectation; 15 s keeps a slow machine from failing a journey (issue 35 item 6).
  expect: { timeout: 15_000 },
  reporter: process.env.CI
    ? [["list"]]
    : [["list"], ["html", { open: "never", outputFolder: "playwright-report-production" }]],
  use: {
    baseURL: `http://127.0.0.1:${PRODUCTION_PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
});
