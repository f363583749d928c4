// Starts the built product the way `pnpm start` does (embedded PostgreSQL, migrations, demo data),
// on a fresh data folder in the system's temp directory, for Playwright's webServer.
import { rmSync, mkdirSync, chmodSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dataDir = process.env.ODIN_DATA_DIR;
if (!dataDir) throw new Error("ODIN_DATA_DIR must be set by playwright.config.ts");
await stopLeftoverCluster(path.join(dataDir, "pg"));
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true, mode: 0o755 });
chmodSync(dataDir, 0o755);
const here = path.dirname(fileURLToPath(import.meta.url));
await import(path.join(here, "..", "..", "apps", "api", "dist", "server.js"));

/**
 * A run that was killed outright (SIGKILL, a closed terminal) cannot stop its cluster, which runs in a
 * process group of its own: stop it before the folder is reused, or it holds the port and the files.
 * Playwright stops this server with SIGTERM (gracefulShutdown in the configs), and Odin then stops it.
 */
async function stopLeftoverCluster(pgDir) {
  let pid;
  try {
    pid = Number(readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return;
  }
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!pid || !alive()) return;
  console.error(`stopping a PostgreSQL left running by an earlier run (pid ${pid})`);
  process.kill(pid, "SIGINT"); // PostgreSQL's fast shutdown
  for (let waited = 0; alive() && waited < 15_000; waited += 100) await sleep(100);
}
