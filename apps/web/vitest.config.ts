import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config";

/**
 * Files that replace a module with vi.mock need a module graph of their own: found by reading every test
 * file, so a new one cannot end up in the shared run by mistake.
 */
const MOCKING_FILES = readdirSync("src", { recursive: true, encoding: "utf8" })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.posix.join("src", file.split(path.sep).join("/")))
  .filter((file) => readFileSync(file, "utf8").includes("vi.mock("));

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: "jsdom",
      // 5 s (Vitest's default) was too short for an interaction test with two checkouts' tests on these
      // 2 cores (7 s seen, issue 35 item 6); the tests' own waits are bounded by asyncUtilTimeout.
      testTimeout: 30_000,
      setupFiles: ["./src/testing/setup.ts"],
      // Two worker processes even on 2 cores (Vitest's default there is one): the files are CPU-bound,
      // and two at a time took the suite from 25 s to 17 s on this machine.
      maxWorkers: 2,
      // Test speed (issue 16 item 6): a jsdom window and a fresh module graph per file cost most of the
      // web tests' CPU. Each worker process builds one window and runs its files in it, one after the
      // other; src/testing/setup.ts and setup-shared.ts put back what a file may leave behind (mounted
      // trees, stubbed globals, env and timers, mocks, storage, the URL, cached images) after every test.
      // Processes, not threads: a test sets TZ, which a worker thread's copy of process.env would not pass
      // on to the clock. A file that uses vi.mock is found (MOCKING_FILES) and keeps the isolated run.
      projects: [
        {
          extends: true,
          test: {
            name: "shared",
            include: ["src/**/*.test.{ts,tsx}"],
            exclude: MOCKING_FILES,
            isolate: false,
            setupFiles: ["./src/testing/setup-shared.ts"],
          },
        },
        { extends: true, test: { name: "isolated", include: MOCKING_FILES } },
      ],
      unstubGlobals: true,
      unstubEnvs: true,
    },
  }),
);
