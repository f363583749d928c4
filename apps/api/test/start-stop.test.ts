import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { findFreePort } from "@odin/db/embedded";
import { afterAll, describe, expect, it, vi } from "vitest";

const apiDir = path.resolve(import.meta.dirname, "..");

/** Whether a process with this id is still alive (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Issue 35 item 6: `pnpm start` with its embedded PostgreSQL, stopped the way a terminal's Ctrl-C, a
 * process manager or Playwright's webServer stops it (a signal to the whole process group), exits 0,
 * prints no stack trace, and leaves no PostgreSQL behind. The cluster runs in a process group of its
 * own, so only Odin's own shutdown can stop it: before, every Playwright run left one running.
 */
describe("pnpm start stops its embedded PostgreSQL", () => {
  let dataDir: string;
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each(["SIGTERM", "SIGINT"] as const)(
    "on %s to its process group",
    { timeout: 180_000 },
    async (signal) => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), "odin-start-stop-"));
      // As root the cluster runs as `postgres`, who must be able to enter the folder (mkdtemp gives 0700).
      await chmod(dataDir, 0o755);
      const port = await findFreePort();
      const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
        cwd: apiDir,
        detached: true,
        env: {
          PATH: process.env.PATH,
          HOST: "127.0.0.1",
          PORT: String(port),
          ODIN_DATA_DIR: dataDir,
          ODIN_SEED_DEMO: "false",
          ODIN_DEMO_SIMULATORS: "false",
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

      const early = exited.then((code) => {
        throw new Error(`Odin exited with ${code} before it answered:\n${output}`);
      });
      await Promise.race([
        early,
        vi.waitFor(async () => expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200), {
          timeout: 120_000,
          interval: 250,
        }),
      ]);
      early.catch(() => undefined);
      const pidFile = path.join(dataDir, "pg", "postmaster.pid");
      const postmaster = Number((await readFile(pidFile, "utf8")).split("\n")[0]);
      expect(alive(postmaster)).toBe(true);

      process.kill(-child.pid!, signal);
      expect(await exited).toBe(0);
      expect(output).toContain(`${signal}: stopping Odin`);
      expect(output).not.toMatch(/\n\s+at /);
      expect(existsSync(pidFile)).toBe(false);
      expect(alive(postmaster)).toBe(false);
      await rm(dataDir, { recursive: true, force: true });
    },
  );
});
