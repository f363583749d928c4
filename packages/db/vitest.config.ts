import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Three files at once, each with its own PostgreSQL: the migration tests mostly wait on the
    // server's writes, so they overlap well even on 2 cores (Vitest's default there is one at a time).
    maxWorkers: 3,
  },
});
