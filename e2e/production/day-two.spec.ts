import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "../support/sign-in";
import {
  AGENCY_ADMIN,
  PLATE,
  etcDir,
  installState,
  odinCli,
  serverLog,
  startServer,
  stopServer,
  workDir,
  type InstallState,
} from "./production-install";

/**
 * The second day and after (issue 35): the install of day one (global-setup.ts, day-one.spec.ts) is
 * restarted, its secrets key is changed as docs/self-hosting.md's "Keys" says, an export is verified
 * with the installed command both ways, and a client that is not the configured proxy cannot write
 * the audit log's address.
 */
test.describe.configure({ mode: "serial" });

/** SIGTERM as systemd sends it; the log says it stopped cleanly, with no stack trace. */
async function restart(state: InstallState): Promise<void> {
  const before = (await readFile(serverLog, "utf8")).length;
  await stopServer();
  const stopped = (await readFile(serverLog, "utf8")).slice(before);
  expect(stopped).toContain("SIGTERM: stopping Odin");
  expect(stopped).not.toMatch(/\n\s+at /);
  await startServer(state);
}

async function signInAsAdmin(page: Page): Promise<void> {
  await signInAs(page, AGENCY_ADMIN.username, AGENCY_ADMIN.password);
  await expect(page.getByRole("heading", { name: "Search LPR Records" })).toBeVisible({ timeout: 20_000 });
}

/** One query on Odin's database as PostgreSQL's superuser (the auditor's view), through psql. */
async function query(state: InstallState, sql: string): Promise<string[][]> {
  const url = new URL(state.adminUrl);
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      "psql",
      ["--no-psqlrc", "-At", "-F", "\t", "-d", "odin", "-c", sql],
      {
        env: {
          PATH: process.env.PATH ?? "",
          PGHOST: url.hostname,
          PGPORT: url.port || "5432",
          PGUSER: decodeURIComponent(url.username),
          PGPASSWORD: decodeURIComponent(url.password),
        },
      },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    ),
  );
  return out
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t"));
}

test.describe("a production install, the days after", () => {
  test.use({ viewport: { width: 1440, height: 1000 }, timezoneId: "America/New_York" });

  test("restarts twice with its keys kept in files: everyone still signs in", async ({ page }) => {
    const state = installState();
    await restart(state);
    await restart(state);
    await signInAsAdmin(page);
  });

  test("a changed secrets key is named at start; odin rotate-secrets-key re-seals, and Odin starts", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const state = installState();
    await stopServer();
    // The guide's steps: a new key in its own file, the configuration pointed at it.
    const oldKey = path.join(etcDir, "secrets.key");
    const newKey = path.join(etcDir, "secrets.key.new");
    await run("sh", ["-c", `umask 027; openssl rand -hex 32 > ${newKey}`]);
    const config = await readFile(state.envFile, "utf8");
    await writeFile(
      state.envFile,
      config.replace(`ODIN_SECRETS_KEY_FILE=${oldKey}`, `ODIN_SECRETS_KEY_FILE=${newKey}`),
    );
    const moved: InstallState = { ...state, env: { ...state.env, ODIN_SECRETS_KEY_FILE: newKey } };

    // Started with the new key before the re-seal: it stops at once and names the key and the way out.
    await expect(startServer(moved)).rejects.toThrow(
      new RegExp(
        `the secrets key from ODIN_SECRETS_KEY_FILE \\(${newKey.replaceAll(".", "\\.")}\\) does not open the secrets stored in this database[\\s\\S]*odin rotate-secrets-key --old-key-file`,
      ),
    );
    // Any other command refuses too, before changing anything.
    const refused = await odinCli(state, ["rotate-signing-key"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("does not open the secrets stored in this database");

    const rotated = await odinCli(state, ["rotate-secrets-key", "--old-key-file", oldKey]);
    expect(rotated.stderr).toBe("");
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toMatch(
      /Re-sealed \d+ stored secret\(s\) with the key from ODIN_SECRETS_KEY_FILE/,
    );
    const doctor = await odinCli(state, ["doctor"]);
    expect(doctor.stdout).toContain("No problems found.");
    expect(doctor.code).toBe(0);

    await startServer(moved);
    process.env.ODIN_PRODUCTION_STATE = JSON.stringify(moved);
    await signInAsAdmin(page);
  });

  test("an export verifies with the installed command, with and without --keys; a forged address is not recorded", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const state = installState();
    await signInAsAdmin(page);
    await page.getByLabel("License plate").fill(PLATE);
    await page.getByLabel("Justification").fill("Day two: evidence for case 2026-1126");
    const searching = page.waitForRequest((request) => request.url().endsWith("/search-data"));
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const search = await searching;
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible({ timeout: 20_000 });

    await page.getByLabel("Select all results").check();
    await page.getByRole("button", { name: "Export Selected to PDF" }).click();
    const downloading = page.waitForEvent("download", { timeout: 60_000 });
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^Export \d+$/ })
      .click();
    const report = path.join(workDir, "day-two-report.pdf");
    await (await downloading).saveAs(report);

    const local = await odinCli(state, ["verify-export", report]);
    expect(local.stderr).toBe("");
    expect(local.stdout).toContain(`${report}: VALID (PDF)`);
    expect(local.code).toBe(0);
    const published = await odinCli(state, [
      "verify-export",
      report,
      "--keys",
      `${state.baseUrl}/export-keys`,
    ]);
    expect(published.stdout).toContain("VALID (PDF)");
    expect(published.code).toBe(0);

    // The same search sent by a client at 127.0.0.2, which is not the proxy TRUST_PROXY names
    // (127.0.0.1), claiming to be 203.0.113.77; then by the proxy itself, forwarding for that address.
    const replay = (localAddress: string, justification: string) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ ...(search.postDataJSON() as object), justification });
        const sent = httpRequest(
          `${state.baseUrl}/search-data`,
          {
            method: "POST",
            localAddress,
            headers: {
              authorization: search.headers()["authorization"]!,
              "content-type": "application/json",
              "x-forwarded-for": "203.0.113.77",
            },
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode ?? 0));
          },
        );
        sent.on("error", reject);
        sent.end(body);
      });
    expect(await replay("127.0.0.2", "Day two: sent directly")).toBe(200);
    expect(await replay("127.0.0.1", "Day two: through the proxy")).toBe(200);
    const rows = await query(
      state,
      "SELECT justification, ip FROM audit_logs WHERE justification LIKE 'Day two: %' AND action = 'search' ORDER BY id",
    );
    expect(rows).toEqual([
      ["Day two: evidence for case 2026-1126", "127.0.0.1"],
      ["Day two: sent directly", "127.0.0.2"],
      ["Day two: through the proxy", "203.0.113.77"],
    ]);
  });
});

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(command, args, (error) => (error ? reject(new Error(error.message)) : resolve())),
  );
}
