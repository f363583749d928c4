import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./support/chromium";

/**
 * Two workers (issue 39 item 6), each with an Odin of its own: its own port, data folder and embedded
 * PostgreSQL, so what one worker's journeys change in the demo data the other's never see. Server i
 * listens on E2E_PORT + 5·i: 3217 and 3222 by default, CI's 3417 and 3422, clear of the production
 * test's port (E2E_PRODUCTION_PORT, +1 in CI) and the agency ones (E2E_AGENCY_PORT and its IdP, +10
 * and +11). E2E_WORKERS=1 runs one worker and starts one server (for a single file, say).
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const firstPort = Number(process.env.E2E_PORT ?? 3217);
const ports = Array.from({ length: WORKERS }, (_, index) => firstPort + 5 * index);
const urlOf = (port: number) => `http://127.0.0.1:${port}`;

// Playwright evaluates this file again in each worker, after setting TEST_PARALLEL_INDEX there (0 up
// to the number of workers; a worker started in place of a failed one keeps its index): each worker
// signs in, pushes reads and calls the API on its own server. The runner itself has no index.
const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const port = ports[parallelIndex];
if (port === undefined) {
  throw new Error(`worker ${parallelIndex} has no server: run at most E2E_WORKERS (${WORKERS}) workers`);
}

export default defineConfig({
  testDir: "tests",
  // A file's tests run in order in one worker (the persona journeys' steps depend on the ones before);
  // the files are shared out between the workers.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  // Two workers share the two cores, beside whatever else runs there: a test takes longer than it did
  // alone (a first journey on freshly seeded servers went past 90 s at load 19). Only a hung test
  // meets this bound; the expectations keep theirs.
  timeout: 180_000,
  // Under load (two checkouts' tests at once, 2 cores) a sign-in can take longer than Playwright's 5 s
  // default for one expectation; 15 s keeps a slow machine from failing a journey (issue 35 item 6).
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: urlOf(port),
    browserName: "chromium",
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
  webServer: ports.map((serverPort, index) => ({
    name: `Odin ${index + 1}`,
    command: "node support/start-server.mjs",
    // Odin stops its embedded PostgreSQL on SIGTERM; Playwright's default (SIGKILL) left it running.
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 30_000 },
    url: `${urlOf(serverPort)}/healthz`,
    // The servers start side by side (migrations and demo data each) on two cores.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(serverPort),
      HOST: "127.0.0.1",
      ODIN_DATA_DIR: path.join(os.tmpdir(), `odin-e2e-${serverPort}`),
      ODIN_PUBLIC_URL: urlOf(serverPort),
      // The demo vendor simulators on free ports, so a running `pnpm start` never clashes.
      SIMULATOR_REKOR_PORT: "0",
      SIMULATOR_AXON_PORT: "0",
    },
  })),
});
