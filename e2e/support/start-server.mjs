// Starts the built product the way `pnpm start` does (embedded PostgreSQL, migrations, demo data),
// on a fresh data folder in the system's temp directory, for Playwright's webServer.
import { rmSync, mkdirSync, chmodSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dataDir = process.env.ODIN_DATA_DIR;
if (!dataDir) throw new Error("ODIN_DATA_DIR must be set by playwright.config.ts");
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true, mode: 0o755 });
chmodSync(dataDir, 0o755);
const here = path.dirname(fileURLToPath(import.meta.url));
await import(path.join(here, "..", "..", "apps", "api", "dist", "server.js"));
