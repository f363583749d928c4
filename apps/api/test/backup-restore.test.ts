import { execFile } from "node:child_process";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createPrismaClient } from "@odin/db";
import { migrateDeploy } from "@odin/db/migrate";
import { createAppRole, startSystemPostgres, type SystemPostgres } from "@odin/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword } from "../src/identity/password-sign-in";
import { createOwner } from "../src/modules/setup/setup.service";

const PASSWORD = "Backed-Up-2026!";

function tool(binDir: string, name: string, args: string[]) {
  return new Promise<string>((resolve, reject) =>
    execFile(path.join(binDir, name), args, (error, stdout, stderr) =>
      error ? reject(new Error(`${name}: ${stderr || error.message}`)) : resolve(stdout),
    ),
  );
}

/**
 * docs/self-hosting.md's backup and restore, as written: pg_dump of Odin's database as its own role,
 * a fresh role and database from deploy/postgres/odin-role.sql, pg_restore as that role (no
 * superuser), and the owner signs in on the restored copy. On Debian's PostgreSQL 15, which also
 * proves the oldest PostgreSQL the guide names.
 */
describe("backup and restore (docs/self-hosting.md)", () => {
  let server: SystemPostgres;
  let dir: string;
  beforeAll(async () => {
    server = await startSystemPostgres();
    dir = await mkdtemp(path.join(os.tmpdir(), "odin-backup-"));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("restores a dump into a fresh database, where the owner signs in and the audit stays append-only", async () => {
    const sourceUrl = await createAppRole(server.adminUrl, {
      role: "odin",
      database: "odin",
      password: "one",
    });
    await migrateDeploy({ databaseUrl: sourceUrl });
    const source = createPrismaClient(sourceUrl);
    await createOwner(
      { prisma: source, ownerUsername: "owner", odinKeepsPasswords: true },
      { username: "owner", name: "Dana Owner", email: "dana@agency.example", password: PASSWORD },
      { via: "command", ip: null, requestId: null },
    );
    await source.agency.create({ data: { name: "Hartford Police Department", code: "HPD" } });
    await source.$disconnect();

    const dump = path.join(dir, "odin.dump");
    await tool(server.binDir, "pg_dump", ["--format=custom", `--file=${dump}`, `--dbname=${sourceUrl}`]);
    expect((await stat(dump)).size).toBeGreaterThan(0);

    const targetUrl = await createAppRole(server.adminUrl, {
      role: "odin_restored",
      database: "odin_restored",
      password: "two",
    });
    await tool(server.binDir, "pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      `--dbname=${targetUrl}`,
      dump,
    ]);
    const restored = createPrismaClient(targetUrl);
    try {
      expect(await signInWithPassword(restored, "owner", PASSWORD)).toMatchObject({ ok: true });
      expect(await restored.agency.count()).toBe(1);
      expect(await restored.auditLog.count({ where: { action: "owner_created" } })).toBe(1);
      await expect(restored.$executeRawUnsafe("UPDATE audit_logs SET action = 'edited'")).rejects.toThrow(
        /append-only/i,
      );
      // The restored copy is at the latest migration: starting Odin on it applies nothing.
      await migrateDeploy({ databaseUrl: targetUrl });
    } finally {
      await restored.$disconnect();
    }
  });
});
