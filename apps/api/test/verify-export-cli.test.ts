import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZIP_LIMITS } from "../src/modules/exports/bounded-unzip";
import { startExportFixture, type ExportFixture } from "./export-helpers";
import { craftZip, sealOf, zeroBomb } from "./zip-bombs";

/**
 * `odin verify-export` as an operator runs it (issue 35: the file alone was dropped and the command
 * always printed its usage; issue 36, F15: it shares the server's bounded check): a child process of
 * the command line in this checkout, as `pnpm odin` runs it (in apps/api, the typed folder in INIT_CWD).
 */
describe("odin verify-export <file> (a child process)", () => {
  let f: ExportFixture;
  let dir: string;
  let keys: string;

  beforeAll(async () => {
    f = await startExportFixture();
    dir = await mkdtemp(path.join(os.tmpdir(), "odin-verify-cli-"));
    const res = await f.exportAs("zip", {
      records: f.pick({ Axis: 1, Rekor: 1 }),
      justification: "Case 2026-3501: checked from the command line",
    });
    expect(res.statusCode, res.body).toBe(200);
    await writeFile(path.join(dir, "export.zip"), res.rawPayload);
    const seal = sealOf(res.rawPayload);
    const manifest = { name: "manifest.json", data: Buffer.from("{}"), method: 0, declaredSize: 2 } as const;
    await writeFile(
      path.join(dir, "bomb.zip"),
      craftZip(
        [manifest, { name: "records.csv", data: zeroBomb(1_000_000), method: 8, declaredSize: 100 }],
        seal,
      ),
    );
    const many = Array.from({ length: ZIP_LIMITS.entries + 1 }, (_, i) => ({
      name: `f${i}.txt`,
      data: Buffer.alloc(0),
      method: 0 as const,
      declaredSize: 0,
    }));
    await writeFile(path.join(dir, "many.zip"), craftZip(many, seal));
    keys = path.join(dir, "keys.json");
    await writeFile(keys, (await f.t.app.inject({ method: "GET", url: "/export-keys" })).body);
  });
  afterAll(async () => {
    await f?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const apiRoot = path.resolve(import.meta.dirname, "..");
  const odin = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ["--import", "tsx", path.join(apiRoot, "src/cli.ts"), ...args],
        {
          cwd: apiRoot,
          env: {
            PATH: process.env.PATH,
            NODE_ENV: "test",
            LOG_LEVEL: "silent",
            DATABASE_URL: f.t.databaseUrl,
            ODIN_MIGRATE_ON_START: "false",
            ODIN_SECRETS_KEY: f.t.secretsKey!.toString("hex"),
            INIT_CWD: dir,
          },
        },
        (error, stdout, stderr) =>
          resolve({
            code: error ? Number(error.code ?? 1) : 0,
            stdout: String(stdout),
            stderr: String(stderr),
          }),
      );
    });

  // Each run is a child process that loads the whole CLI: three of them took over 30 s on a machine
  // running two checkouts' tests at once (issue 35 item 6).
  it(
    "checks a file given alone (keys from the database), or with --keys before or after it",
    { timeout: 120_000 },
    async () => {
      const alone = await odin(["verify-export", "export.zip"]);
      expect(alone.stderr).toBe("");
      expect(alone.stdout).toMatch(/^export\.zip: VALID \(ZIP\)\n {2}export id: +[0-9a-f-]{36}/);
      expect(alone.code).toBe(0);
      const after = await odin(["verify-export", "export.zip", "--keys", keys]);
      expect([after.code, after.stdout]).toEqual([0, alone.stdout]);
      const before = await odin(["verify-export", "--keys", keys, path.join(dir, "export.zip")]);
      expect(before.code).toBe(0);
      expect(before.stdout).toMatch(/: VALID \(ZIP\)/);
      const none = await odin(["verify-export", "--keys", keys]);
      expect(none.code).toBe(2);
      expect(none.stderr).toMatch(/^odin verify-export <file>/);
    },
  );

  it(
    "refuses a crafted archive with a genuine seal: exit 1 and the reason on one line",
    { timeout: 120_000 },
    async () => {
      const bomb = await odin(["verify-export", "bomb.zip", "--keys", keys]);
      expect(bomb.code).toBe(1);
      expect(bomb.stdout).toBe(
        "bomb.zip: NOT VALID (ZIP)\n" +
          "  problem: records.csv unpacks to more than the 100 bytes the archive declares for it: no file of an Odin export does.\n",
      );
      const many = await odin(["verify-export", "--keys", keys, "many.zip"]);
      expect(many.code).toBe(1);
      expect(many.stdout).toBe(
        "many.zip: NOT VALID (ZIP)\n" +
          "  problem: The archive holds more than 15,010 files: no export of Odin's holds that many.\n",
      );
    },
  );
});
