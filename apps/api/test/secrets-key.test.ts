import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createSecretBox } from "@odin/db";
import { grantAppRole } from "@odin/db/app-role";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { assertSecretsKeyOpensStore } from "../src/config/secrets-key";
import { ConfigError, loadConfig } from "../src/config/env";
import { findUnopenableSecrets, SEALED_COLUMNS } from "../src/lib/sealed-secrets.repository";
import { buildTestApp, projectRoot, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

/**
 * Issue 35 item 1: keys as an operator expects. The secrets key may come from a file or a systemd
 * credential; a key that does not open the store is named at start and by every command before it
 * changes anything; `odin rotate-secrets-key` re-seals everything in one transaction; `odin doctor`
 * names each problem. The commands run as child processes in production mode, as an operator runs them.
 */
/** Each command is a Node process of its own (a few seconds each on a loaded 2-core machine). */
const CHILD_PROCESSES_TIMEOUT = 180_000;

describe("the secrets key", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "odin-secrets-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const keyFile = async (name: string, key: Buffer) => {
    const file = path.join(dir, name);
    await writeFile(file, `${key.toString("hex")}\n`, { mode: 0o600 });
    return file;
  };

  describe("from a file", () => {
    const base = { NODE_ENV: "production", DATABASE_URL: "postgresql://odin@localhost/odin" };

    it("reads NAME_FILE and a systemd credential named NAME, less the trailing line break", async () => {
      const key = randomBytes(32);
      const file = await keyFile("from-file.key", key);
      const config = loadConfig({ ...base, ODIN_SECRETS_KEY_FILE: file }, projectRoot);
      expect(config.secretsKey?.equals(key)).toBe(true);
      expect(config.secretsKeySource).toBe(`ODIN_SECRETS_KEY_FILE (${file})`);

      const credentials = await mkdtemp(path.join(dir, "credentials-"));
      await writeFile(path.join(credentials, "ODIN_SECRETS_KEY"), key.toString("hex"));
      await writeFile(path.join(credentials, "DATABASE_URL"), "postgresql://odin:s3cret@db/odin\n");
      const viaSystemd = loadConfig(
        { NODE_ENV: "production", CREDENTIALS_DIRECTORY: credentials },
        projectRoot,
      );
      expect(viaSystemd.secretsKey?.equals(key)).toBe(true);
      expect(viaSystemd.databaseUrl).toBe("postgresql://odin:s3cret@db/odin");
      expect(viaSystemd.secretsKeySource).toBe("the systemd credential ODIN_SECRETS_KEY");
    });

    it("names the variable and the file when the file is missing or both forms are set", async () => {
      const missing = path.join(dir, "nope.key");
      expect(() => loadConfig({ ...base, ODIN_SECRETS_KEY_FILE: missing }, projectRoot)).toThrow(
        new ConfigError("ODIN_SECRETS_KEY_FILE", `names a file that ${missing} is missing`),
      );
      const file = await keyFile("both.key", randomBytes(32));
      expect(() =>
        loadConfig({ ...base, ODIN_SECRETS_KEY_FILE: file, ODIN_SECRETS_KEY: "a".repeat(64) }, projectRoot),
      ).toThrow(/ODIN_SECRETS_KEY_FILE and ODIN_SECRETS_KEY are both set/);
    });
  });

  it("lists every sealed column of schema.prisma (the start-up check and the rotation cover them all)", async () => {
    const schema = await readFile(path.join(projectRoot, "prisma", "schema.prisma"), "utf8");
    const sealed = new Set<string>();
    for (const line of schema.split("\n")) {
      const model = /^\s*@@map\("([a-z_]+)"\)/.exec(line);
      if (model) {
        for (const column of pendingColumns) sealed.add(`${model[1]}.${column}`);
        pendingColumns.length = 0;
      }
      const column = /@map\("([a-z_]*(?:_sealed|_ciphertext|mfa_secret|mfa_pending_secret))"\)/.exec(line);
      if (column) pendingColumns.push(column[1]!);
    }
    expect(new Set(SEALED_COLUMNS.map((entry) => `${entry.table}.${entry.column}`))).toEqual(sealed);
  });
  const pendingColumns: string[] = [];

  describe("a changed key", () => {
    let t: TestApp;
    const newKey = randomBytes(32);
    const role = `odin_app_${randomBytes(4).toString("hex")}`;
    const password = randomBytes(12).toString("hex");
    let appUrl: string;

    beforeAll(async () => {
      t = await buildTestApp();
      await seedPersonas(t); // Rekor keys, an Axon secret: sealed with the app's key
      // The app makes its signing keys, sealed with the same key, at its first sign-in; one is enough.
      await t.app.inject({ method: "GET", url: "/oidc/jwks" });
      const admin = new pg.Client({ connectionString: inject("postgresAdminUrl") });
      await admin.connect();
      await admin.query(`CREATE ROLE "${role}" LOGIN PASSWORD '${password}' NOSUPERUSER`);
      await admin.end();
      await grantAppRole(t.databaseUrl, role);
      const url = new URL(t.databaseUrl);
      url.username = role;
      url.password = password;
      appUrl = url.toString();
    });
    afterAll(() => t?.close());

    /** `odin …` as an operator runs it on a production install: a child process, the service's env. */
    const odin = (args: string[], env: Record<string, string>, stdin = "") =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          ["--import", "tsx", path.join(projectRoot, "apps/api/src/cli.ts"), ...args],
          {
            cwd: path.join(projectRoot, "apps/api"),
            env: {
              PATH: process.env.PATH,
              NODE_ENV: "production",
              LOG_LEVEL: "silent",
              DATABASE_URL: appUrl,
              ODIN_MIGRATE_ON_START: "false",
              ODIN_DATA_DIR: dir,
              ...env,
            },
          },
          (error, stdout, stderr) =>
            resolve({
              code: error ? Number(error.code ?? 1) : 0,
              stdout: String(stdout),
              stderr: String(stderr),
            }),
        );
        child.stdin!.end(stdin);
      });

    it(
      "is named at start and by every command, which then changes nothing",
      async () => {
        const sealed = await findUnopenableSecrets(t.prisma, t.secrets);
        expect(sealed.unopenable).toEqual([]);
        expect(sealed.checked).toBeGreaterThan(2);

        const config = loadConfig(
          { NODE_ENV: "production", DATABASE_URL: appUrl, ODIN_SECRETS_KEY: newKey.toString("hex") },
          projectRoot,
        );
        await expect(assertSecretsKeyOpensStore(t.prisma, createSecretBox(newKey), config)).rejects.toThrow(
          /the secrets key from ODIN_SECRETS_KEY does not open the secrets stored in this database:\s\d+ of \d+ stored secrets \(.*a Rekor API key.*\) were sealed with another key\.[\s\S]*odin rotate-secrets-key --old-key-file/,
        );

        const wrong = await keyFile("new.key", newKey);
        const before = await t.prisma.oidcSigningKey.count();
        const rotate = await odin(["rotate-signing-key"], { ODIN_SECRETS_KEY_FILE: wrong });
        expect(rotate.code).toBe(1);
        expect(rotate.stderr).toContain(
          `the secrets key from ODIN_SECRETS_KEY_FILE (${wrong}) does not open`,
        );
        expect(await t.prisma.oidcSigningKey.count()).toBe(before);

        const doctor = await odin(["doctor"], { ODIN_SECRETS_KEY_FILE: wrong });
        expect(doctor.code).toBe(1);
        expect(doctor.stdout).toMatch(
          /PROBLEM secrets key opens the store: the secrets key from ODIN_SECRETS_KEY_FILE/,
        );
      },
      CHILD_PROCESSES_TIMEOUT,
    );

    it(
      "`odin rotate-secrets-key` re-seals everything with the configured key, old key given once",
      async () => {
        const newFile = await keyFile("rotated.key", newKey);
        const as = { ODIN_SECRETS_KEY_FILE: newFile };
        const notAKey = path.join(dir, "not-a.key");
        await writeFile(notAKey, "not a key\n");
        const bad = await odin(["rotate-secrets-key", "--old-key-file", notAKey], as);
        expect(bad.code).toBe(1);
        expect(bad.stderr).toContain("The old key must be 32 bytes");

        const unrelated = await keyFile("unrelated.key", randomBytes(32));
        const refused = await odin(["rotate-secrets-key", "--old-key-file", unrelated], as);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/Nothing was changed: \d+ stored secret\(s\) open with neither/);
        expect((await findUnopenableSecrets(t.prisma, t.secrets)).unopenable).toEqual([]);

        const same = await odin(["rotate-secrets-key", "--old-key-stdin"], as, newKey.toString("hex"));
        expect(same.code).toBe(1);
        expect(same.stderr).toContain("The old key is the key Odin is configured with");

        const oldFile = await keyFile("old.key", t.secretsKey!);
        const rotated = await odin(["rotate-secrets-key", "--old-key-file", oldFile], as);
        expect(rotated.stderr).toBe("");
        expect(rotated.code).toBe(0);
        expect(rotated.stdout).toMatch(
          /Re-sealed \d+ stored secret\(s\) with the key from ODIN_SECRETS_KEY_FILE/,
        );
        const after = await findUnopenableSecrets(t.prisma, createSecretBox(newKey));
        expect(after.unopenable).toEqual([]);
        expect((await findUnopenableSecrets(t.prisma, t.secrets)).unopenable.length).toBe(after.checked);

        // Run again (say, after an interruption): nothing left to do, nothing broken.
        const again = await odin(["rotate-secrets-key", "--old-key-file", oldFile], as);
        expect(again.code).toBe(0);
        expect(again.stdout).toMatch(/Re-sealed 0 stored secret\(s\).*\(\d+ already were\)/);

        // Every command works under the new key now, and the doctor finds no problem.
        expect((await odin(["verify-audit"], as)).code).toBe(0);
        const webDist = await mkdtemp(path.join(dir, "web-"));
        await writeFile(path.join(webDist, "index.html"), "<!doctype html>");
        const doctor = await odin(["doctor"], { ...as, ODIN_WEB_DIST: webDist });
        expect(doctor.stdout).toContain("No problems found.");
        expect(doctor.stdout).toMatch(
          /ok {6}database role: odin_app_\w+ has DML only and cannot change audit rows/,
        );
        expect(doctor.stdout).toMatch(
          /ok {6}secrets key opens the store: \d+ stored secret\(s\) open with it/,
        );
        expect(doctor.code).toBe(0);
      },
      CHILD_PROCESSES_TIMEOUT,
    );
  });
});
