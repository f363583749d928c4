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
    // A worker keeps its imported modules from file to file (the app, Prisma, oidc-provider: about two
    // seconds of import per file otherwise): on 20 files the CPU time fell from 134 s to 76 s. The files
    // share no state that matters: each builds its own app on its own database; buildApp sets the
    // process-wide outbound policy again each time, and no file uses vi.mock.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
