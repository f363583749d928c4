import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { createAppRoles } from "@odin/db/testing";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { projectRoot } from "./helpers";

/**
 * Issue 35 item 2: `pnpm db:migrate` on a split install migrates as the tables' owner
 * (DATABASE_MIGRATION_URL) and grants Odin's DML-only role (DATABASE_URL), as the server's start does.
 * It used to migrate through DATABASE_URL, which the DML-only role cannot.
 */
describe("pnpm db:migrate", () => {
  it("migrates as DATABASE_MIGRATION_URL and grants DATABASE_URL's role", async () => {
    const suffix = randomBytes(4).toString("hex");
    const { ownerUrl, appUrl } = await createAppRoles(inject("postgresAdminUrl"), {
      role: `odin_${suffix}`,
      database: `odin_${suffix}`,
      password: randomBytes(12).toString("hex"),
    });
    const migrated = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(
        process.execPath,
        ["--import", "tsx", path.join(projectRoot, "packages/db/src/cli/migrate.ts"), "deploy"],
        {
          cwd: path.join(projectRoot, "packages/db"),
          env: { PATH: process.env.PATH, DATABASE_URL: appUrl, DATABASE_MIGRATION_URL: ownerUrl },
        },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      ),
    );
    expect(migrated.stderr).toBe("");
    expect(migrated.code).toBe(0);
    expect(migrated.stdout).toMatch(/applied \d{14}_extensions/);
    expect(migrated.stdout).toContain(`granted odin_${suffix}_app what Odin needs (DML only)`);

    const app = new pg.Client({ connectionString: appUrl });
    await app.connect();
    try {
      const [owner] = (
        await app.query<{ owner: string }>(
          "SELECT pg_get_userbyid(relowner) AS owner FROM pg_class WHERE oid = 'users'::regclass",
        )
      ).rows;
      expect(owner?.owner).toBe(`odin_${suffix}`);
      expect((await app.query("SELECT count(*) FROM users")).rows).toEqual([{ count: "0" }]);
      await expect(app.query("UPDATE audit_logs SET action = 'x'")).rejects.toThrow(/permission denied/);
    } finally {
      await app.end();
    }
  }, 180_000); // a Node process of its own that applies every migration
});
