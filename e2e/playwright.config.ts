import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./support/chromium";

// A fixed port (evaluated again in every worker, so it cannot be random); override with E2E_PORT.
const port = Number(process.env.E2E_PORT ?? 3217);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  // Under load (two checkouts' tests at once, 2 cores) a sign-in can take longer than Playwright's 5 s
  // default for one expectation; 15 s keeps a slow machine from failing a journey (issue 35 item 6).
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
  webServer: {
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
      ODIN_DATA_DIR: path.join(os.tmpdir(), `odin-e2e-${port}`),
      ODIN_PUBLIC_URL: baseURL,
      // The demo vendor simulators on free ports, so a running `pnpm start` never clashes.
      SIMULATOR_REKOR_PORT: "0",
      SIMULATOR_AXON_PORT: "0",
    },
  },
});
