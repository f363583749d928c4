import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config";

/** Files that replace a module with vi.mock: they need a module graph of their own. */
const MOCKING_FILES = [
  "src/components/ui/proxied-image.test.tsx",
  "src/features/search/components/results-map.test.tsx",
  "src/features/search/components/results-map-popup.test.tsx",
];

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: "jsdom",
      setupFiles: ["./src/testing/setup.ts"],
      // Test speed (issue 16 item 6): a jsdom window and a fresh module graph per file cost most of the
      // web tests' CPU. Each worker process builds one window and runs its files in it, one after the
      // other; src/testing/setup.ts and setup-shared.ts put back what a file may leave behind (mounted
      // trees, stubbed globals, env and timers, mocks, storage, the URL, cached images) after every test.
      // Processes, not threads: a test sets TZ, which a worker thread's copy of process.env would not pass
      // on to the clock. A file that uses vi.mock goes in MOCKING_FILES and keeps the isolated run.
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
