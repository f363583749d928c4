// Runs `prisma generate` without the schema-engine binary: generate never starts the engine,
// but the Prisma 7 CLI tries to download it unless told where it is.
import { spawnSync } from "node:child_process";

const result = spawnSync("prisma", ["generate"], {
  stdio: ["ignore", "inherit", "inherit"],
  shell: process.platform === "win32",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? "/bin/true",
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
process.exit(result.status ?? 1);
