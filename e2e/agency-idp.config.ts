import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./support/chromium";

/**
 * Issue 34: Odin signing people in through an agency's own identity provider. Two processes: the
 * agency's provider (support/agency-idp.mjs, the `oidc-provider` package with its own keys and people)
 * and Odin as `pnpm start` runs it, configured with OIDC_ISSUER pointing at that provider (so Odin's
 * built-in provider is off and IDP_ADMIN is none). Ports: E2E_AGENCY_PORT and E2E_AGENCY_IDP_PORT.
 */
const port = Number(process.env.E2E_AGENCY_PORT ?? 3227);
const idpPort = Number(process.env.E2E_AGENCY_IDP_PORT ?? 3228);
const baseURL = `http://127.0.0.1:${port}`;
export const AGENCY_ISSUER = `http://127.0.0.1:${idpPort}`;

export default defineConfig({
  testDir: "agency-idp",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  // Under load (two checkouts' tests at once, 2 cores) a sign-in can take longer than Playwright's 5 s
  // default for one expectation; 15 s keeps a slow machine from failing a journey (issue 35 item 6).
  expect: { timeout: 15_000 },
  reporter: process.env.CI
    ? [["list"]]
    : [["list"], ["html", { open: "never", outputFolder: "playwright-report-agency-idp" }]],
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
  webServer: [
    {
      command: "node support/agency-idp.mjs",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      url: `${AGENCY_ISSUER}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { AGENCY_IDP_PORT: String(idpPort), ODIN_URL: baseURL, NODE_ENV: "development" },
    },
    {
      command: "node support/start-server.mjs",
      // Odin stops its embedded PostgreSQL on SIGTERM; Playwright's default (SIGKILL) left it running.
      gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
      url: `${baseURL}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        ODIN_DATA_DIR: path.join(os.tmpdir(), `odin-e2e-agency-${port}`),
        ODIN_PUBLIC_URL: baseURL,
        OIDC_ISSUER: AGENCY_ISSUER,
        OIDC_CLIENT_ID: "odin-web",
        OIDC_AUDIENCE: "api://odin",
        SIMULATOR_REKOR_PORT: "0",
        SIMULATOR_AXON_PORT: "0",
      },
    },
  ],
});
