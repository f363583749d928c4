import { randomBytes } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ensureEmbeddedAppRole, grantAppRole } from "@odin/db/app-role";
import { createAppRoles } from "@odin/db/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../src/cli/database";
import {
  createDetectionPartitionsAhead,
  retireExpiredDetectionPartitions,
} from "../src/jobs/detection-partitions";
import { retireExpiredAlertPartitions } from "../src/jobs/alert-retention";
import { createMonthlyPartitionsAhead } from "../src/jobs/monthly-partitions";
import { createImageStore } from "../src/storage/image-store";
import { loadConfig } from "../src/config/env";
import { buildTestApp, projectRoot, type TestApp } from "./helpers";
import { mintToken, seedPersonas } from "./tokens";

/**
 * Issue 17 item 3: Odin runs as a role with only DML. This file runs the real app as that role (the
 * rest of the suite connects as the test cluster's superuser, which it needs to plant and tamper),
 * and proves the role cannot change audit rows by any of the ways a superuser or an owner could.
 */
describe("the DML-only app role", () => {
  const role = `odin_app_${randomBytes(4).toString("hex")}`;
  const password = randomBytes(12).toString("hex");
  let t: TestApp;
  let app: pg.Client;

  const asRole = (databaseUrl: string) => {
    const url = new URL(databaseUrl);
    url.username = role;
    url.password = password;
    return url.toString();
  };

  /** One statement as the migrating role (the owner), as a migration would run it. */
  async function asOwner(sql: string): Promise<void> {
    const owner = new pg.Client({ connectionString: t.databaseUrl });
    await owner.connect();
    try {
      await owner.query(sql);
    } finally {
      await owner.end();
    }
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: inject("postgresAdminUrl") });
    await admin.connect();
    await admin.query(
      `CREATE ROLE "${role}" LOGIN PASSWORD '${password}' NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS`,
    );
    await admin.end();
    t = await buildTestApp(
      {},
      {
        connectAs: async (databaseUrl) => {
          await grantAppRole(databaseUrl, role);
          return asRole(databaseUrl);
        },
      },
    );
    app = new pg.Client({ connectionString: asRole(t.databaseUrl) });
    await app.connect();
  });
  afterAll(async () => {
    await app?.end();
    await t?.close();
    const admin = new pg.Client({ connectionString: inject("postgresAdminUrl") });
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS "${role}"`);
    await admin.end();
  });

  it("runs Odin: the demo seed, a search and its audit row (chained by the database)", async () => {
    const subjects = await seedPersonas(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/search-data",
      headers: { authorization: `Bearer ${await mintToken(t, subjects.investigator)}` },
      payload: {
        justification: "Case 2026-114: stolen vehicle",
        start_time: new Date(Date.now() - 3_600_000).toISOString(),
        end_time: new Date().toISOString(),
        agencies: [],
      },
    });
    expect(res.statusCode).toBe(200);
    const row = await t.prisma.auditLog.findFirstOrThrow({ where: { action: "search" } });
    expect(row.agencyName).toBe("Hartford Police Department");
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    const { rows } = await app.query(
      "SELECT current_user AS me, rolsuper FROM pg_roles WHERE rolname = current_user",
    );
    expect(rows[0]).toEqual({ me: role, rolsuper: false });
  });

  it("cannot UPDATE, DELETE or TRUNCATE audit_logs", async () => {
    await expect(app.query("UPDATE audit_logs SET username = 'someone.else'")).rejects.toThrow(
      /permission denied for table audit_logs/,
    );
    await expect(app.query("DELETE FROM audit_logs")).rejects.toThrow(
      /permission denied for table audit_logs/,
    );
    await expect(app.query("TRUNCATE audit_logs")).rejects.toThrow(/permission denied for table audit_logs/);
    // Nor the migrations' record.
    await expect(app.query("DELETE FROM _prisma_migrations")).rejects.toThrow(/permission denied/);
  });

  it("cannot switch the triggers off: session_replication_role and DISABLE TRIGGER are refused", async () => {
    await expect(app.query("SET session_replication_role = replica")).rejects.toThrow(
      /permission denied to set parameter "session_replication_role"/,
    );
    await expect(app.query("UPDATE audit_logs SET username = 'someone.else'")).rejects.toThrow(
      /permission denied/,
    );
    await expect(
      app.query("ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_no_update_or_delete"),
    ).rejects.toThrow(/must be owner of table audit_logs/);
    await expect(app.query("ALTER TABLE audit_logs DISABLE TRIGGER ALL")).rejects.toThrow(/must be owner/);
    await expect(app.query("DROP TRIGGER audit_logs_chain ON audit_logs")).rejects.toThrow(/must be owner/);
    // Nothing changed.
    const { rows } = await app.query(
      "SELECT count(*)::int AS n FROM audit_logs WHERE username = 'someone.else'",
    );
    expect(rows[0].n).toBe(0);
  });

  it("still writes and changes the rest of Odin's data", async () => {
    await app.query("UPDATE users SET name = name");
    await app.query(`INSERT INTO audit_logs (username, action) VALUES ('test', 'role_test')`);
    const { rows } = await app.query("SELECT chain_seq FROM audit_logs WHERE action = 'role_test'");
    expect(Number(rows[0].chain_seq)).toBeGreaterThan(0);
  });

  it("makes the months of audit_logs and alerts ahead through the migrations' functions, and cannot empty an audit month (issue 21)", async () => {
    const created = await createMonthlyPartitionsAhead(t.prisma);
    expect(Array.isArray(created)).toBe(true);
    const { rows } = await app.query<{ part: string }>(
      "SELECT tableoid::regclass::text AS part FROM audit_logs WHERE action = 'search' LIMIT 1",
    );
    const month = rows[0]!.part;
    expect(month).toMatch(/^audit_logs_y\d{4}m\d{2}$/);
    for (const refused of [
      `TRUNCATE ${month}`,
      `UPDATE ${month} SET username = 'someone.else'`,
      `DELETE FROM ${month}`,
      `ALTER TABLE audit_logs DETACH PARTITION ${month}`,
      `DROP TABLE ${month}`,
      // The chains' heads move only with a row (the chain trigger).
      "UPDATE audit_chain_heads SET chain_seq = 1",
      "DELETE FROM audit_chain_heads",
      "CREATE TABLE role_audit PARTITION OF audit_logs FOR VALUES FROM ('2019-01-01Z') TO ('2019-02-01Z')",
      "SELECT odin_partition_create('audit_logs', 'month', '2019-01-01Z')",
      "SELECT odin_partition_create('alerts', 'month', '2019-01-01Z')",
      "ALTER TABLE alerts DETACH PARTITION alerts_default",
    ]) {
      await expect(app.query(refused), refused).rejects.toThrow(/permission denied|must be owner/);
    }
  });

  it("retires a month of alerts past retention as this role, through the migration's functions (issue 21)", async () => {
    await asOwner("SELECT odin_partition_create('alerts', 'month', '2020-03-10Z')");
    const group = await t.prisma.hotlistGroup.findFirstOrThrow();
    await app.query(
      `INSERT INTO alerts (group_id, source_program, source_read_id, plate, timestamp, reason, date_added)
       VALUES ($1, 'Rekor', 'role-21-alert', 'ROLE21', '2020-03-15Z', 'Stolen', now())`,
      [group.id],
    );
    const retired = await retireExpiredAlertPartitions({
      prisma: t.prisma,
      images: createImageStore(t.config.detections.imagesDir),
      retentionDays: 365,
    });
    expect(retired.partitions).toContain("alerts_y2020m03");
    for (const refused of [
      "ALTER TABLE alerts DETACH PARTITION alerts_default",
      "DROP TABLE alerts_default",
      "SELECT odin_partition_create('alerts', 'month', '2019-01-01Z')",
    ]) {
      await expect(app.query(refused), refused).rejects.toThrow(/permission denied|must be owner/);
    }
  });

  it("manages the time partitions of detections only through the migration's functions (issue 21)", async () => {
    // Partitions ahead and retention by partition run as this role (t.prisma connects as it).
    expect(await t.prisma.$queryRaw`SELECT current_user::text AS me`).toEqual([{ me: role }]);
    await createDetectionPartitionsAhead(t.prisma, "month");
    const integration = await t.prisma.axisIntegration.findFirstOrThrow({ include: { axisAgency: true } });
    await asOwner("SELECT odin_partition_create('detections', 'month', '2020-01-01Z')");
    await app.query(
      `INSERT INTO detections (plate, plate_normalized, agency_id, axis_integration_id, timestamp, vendor_event_id)
       VALUES ('ROLE21', 'ROLE21', $1, $2, '2020-01-15Z', 'role-21')`,
      [integration.axisAgency.agencyId, integration.id],
    );
    const retired = await retireExpiredDetectionPartitions({
      prisma: t.prisma,
      images: createImageStore(t.config.detections.imagesDir),
      retentionDays: 30,
      now: new Date(),
    });
    expect(retired.partitions).toContain("detections_y2020m01");
    // Directly, the role can neither make, detach nor drop a partition, nor call the inner function.
    for (const refused of [
      "CREATE TABLE role_part PARTITION OF detections FOR VALUES FROM ('2019-01-01Z') TO ('2019-02-01Z')",
      "ALTER TABLE detections DETACH PARTITION detections_default",
      "DROP TABLE detections_default",
      "SELECT odin_partition_create('detections', 'month', '2019-01-01Z')",
    ]) {
      await expect(app.query(refused), refused).rejects.toThrow(/permission denied|must be owner/);
    }
  });

  it("embedded default: makes odin_app with a generated password kept (0600) in the data folder", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "odin-app-role-"));
    const file = path.join(dir, "pg-app-password");
    try {
      const first = await ensureEmbeddedAppRole(inject("postgresAdminUrl"), "postgres", file);
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // Kept: a second start answers the same credentials, and they let it in.
      expect(await ensureEmbeddedAppRole(inject("postgresAdminUrl"), "postgres", file)).toBe(first);
      expect(new URL(first).username).toBe("odin_app");
      const client = new pg.Client({ connectionString: first });
      await client.connect();
      const { rows } = await client.query(
        "SELECT rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = current_user",
      );
      await client.end();
      expect(rows[0]).toEqual({ rolsuper: false, rolcreaterole: false, rolcreatedb: false });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("docker-compose's split: odin-role.sql's owner migrates and grants, its DML role is refused", async () => {
    const suffix = randomBytes(4).toString("hex");
    const names = { role: `odin_${suffix}`, database: `odin_${suffix}`, dmlRole: `odin_${suffix}_app` };
    const { ownerUrl, appUrl } = await createAppRoles(inject("postgresAdminUrl"), {
      ...names,
      password: randomBytes(12).toString("hex"),
    });
    const config = loadConfig(
      {
        NODE_ENV: "production",
        DATABASE_URL: appUrl,
        DATABASE_MIGRATION_URL: ownerUrl,
        ODIN_SECRETS_KEY: "a".repeat(64),
      },
      projectRoot,
    );
    try {
      expect((await openDatabase(config, projectRoot)).appUrl).toBe(appUrl);
      const client = new pg.Client({ connectionString: appUrl });
      await client.connect();
      try {
        await client.query(`INSERT INTO audit_logs (username, action) VALUES ('compose', 'role_test')`);
        await expect(client.query("SET session_replication_role = replica")).rejects.toThrow(
          /permission denied/,
        );
        await expect(client.query("UPDATE audit_logs SET username = 'x'")).rejects.toThrow(
          /permission denied/,
        );
        await expect(client.query("ALTER TABLE audit_logs DISABLE TRIGGER ALL")).rejects.toThrow(
          /must be owner/,
        );
      } finally {
        await client.end();
      }
      // The owner is no superuser either: it cannot switch replication mode off the triggers.
      const owner = new pg.Client({ connectionString: ownerUrl });
      await owner.connect();
      await expect(owner.query("SET session_replication_role = replica")).rejects.toThrow(
        /permission denied/,
      );
      await owner.end();
    } finally {
      const admin = new pg.Client({ connectionString: inject("postgresAdminUrl") });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${names.database}" WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS "${names.dmlRole}"`);
      await admin.query(`DROP ROLE IF EXISTS "${names.role}"`);
      await admin.end();
    }
  });
});
