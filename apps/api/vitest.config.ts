import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Test speed (issue 16 item 6): each file runs on its own database cloned from the migrated template,
    // so files are independent; most of a file's time is spent waiting on PostgreSQL and HTTP, not CPU.
    // Vitest's default on a 2-core machine is one worker (cores - 1): the 80 files ran one after the
    // other (494 s in CI). Three workers overlap those waits (229 s on the same tree, machine loaded).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
