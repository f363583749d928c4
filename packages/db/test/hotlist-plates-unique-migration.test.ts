import { rmSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDeploy } from "../src/migrate";
import { createTestDatabase, startTestPostgres, type TestDatabase, type TestPostgres } from "../src/testing";
import { prismaDirBefore } from "./migration-helpers";

const MIGRATION = "20261125043856_hotlist_plates_unique";

describe(`migration ${MIGRATION} on planted duplicates`, () => {
  let server: TestPostgres;
  let database: TestDatabase;
  let client: pg.Client;
  let before: string;

  beforeAll(async () => {
    server = await startTestPostgres();
    database = await createTestDatabase(server.adminUrl, { migrated: false });
    before = prismaDirBefore(MIGRATION);
    await migrateDeploy({ databaseUrl: database.url, prismaDir: before });
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
    await server?.stop();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  const one = async (sql: string, values: unknown[] = []) =>
    ((await client.query(sql, values)).rows[0] ?? {}) as Record<string, unknown>;

  async function plate(group: number, number: string, state: string | null, minute: number, extra = {}) {
    const fields = { reason: "", notes: null, attachment_path: null, attachment_mime: null, ...extra };
    const row = await one(
      `INSERT INTO hotlist_plates (group_id, plate_number, plate_normalized, state, reason, notes,
         attachment_path, attachment_mime, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '2026-11-01T10:00:00Z'::timestamptz + $9 * interval '1 minute')
       RETURNING id`,
      [
        group,
        number,
        number.toUpperCase().replace(/[\s-]/g, ""),
        state,
        fields.reason,
        fields.notes,
        fields.attachment_path,
        fields.attachment_mime,
        minute,
      ],
    );
    return row.id as number;
  }

  async function alert(group: number, plateId: number, readId: string) {
    const row = await one(
      `INSERT INTO alerts (group_id, hotlist_plate_id, source_program, source_read_id, plate, timestamp,
         reason, date_added)
       VALUES ($1, $2, 'Rekor', $3, 'A13709', now(), 'snapshot reason', now()) RETURNING id`,
      [group, plateId, readId],
    );
    return row.id as number;
  }

  it("keeps the oldest entry, merges the others into it, keeps every alert, then refuses duplicates", async () => {
    const agency = (
      await one(
        `INSERT INTO agencies (name, code, updated_at) VALUES ('Dupes PD', 'DPD', now()) RETURNING id`,
      )
    ).id as number;
    const group = async (name: string) =>
      (
        await one(
          `INSERT INTO hotlist_groups (agency_id, name, updated_at) VALUES ($1, $2, now()) RETURNING id`,
          [agency, name],
        )
      ).id as number;
    const stolen = await group("Stolen");
    const other = await group("Other");

    // Planted newest first, so ids do not follow age: the oldest by created_at must win.
    const newer = await plate(stolen, "A-13 709", null, 5, {
      reason: "warrant",
      notes: "seen downtown",
      attachment_path: "warrant.pdf",
      attachment_mime: "application/pdf",
    });
    const oldest = await plate(stolen, "A13709", null, 1, { reason: "stolen" });
    const ct = await plate(stolen, "A13709", "CT", 2);
    const ctRepeat = await plate(stolen, "a 13709", "ct", 3, { notes: "lower-case state" });
    const elsewhere = await plate(other, "A13709", null, 4);

    const sameRead = await alert(stolen, oldest, "read-1");
    const sameReadOfDuplicate = await alert(stolen, newer, "read-1");
    const ownRead = await alert(stolen, newer, "read-2");
    const ctRead = await alert(stolen, ctRepeat, "read-3");

    const applied = await migrateDeploy({ databaseUrl: database.url });
    expect(applied).toContain(MIGRATION);

    const plates = await client.query(
      `SELECT id, plate_number, state, reason, notes, attachment_path, attachment_mime
       FROM hotlist_plates ORDER BY id`,
    );
    expect(plates.rows.map((row: { id: number }) => row.id).sort()).toEqual([oldest, ct, elsewhere].sort());
    const kept = plates.rows.find((row: { id: number }) => row.id === oldest) as Record<string, unknown>;
    expect(kept).toMatchObject({
      plate_number: "A13709",
      state: null,
      reason: "stolen",
      notes: "Merged duplicate entry 'A-13 709' (reason: warrant): seen downtown",
      attachment_path: "warrant.pdf",
      attachment_mime: "application/pdf",
    });
    const keptCt = plates.rows.find((row: { id: number }) => row.id === ct) as Record<string, unknown>;
    expect(keptCt.notes).toBe("Merged duplicate entry 'a 13709': lower-case state");

    const alerts = await client.query(`SELECT id, hotlist_plate_id, plate, reason FROM alerts ORDER BY id`);
    const linkOf = new Map(
      alerts.rows.map((row: { id: number; hotlist_plate_id: number | null }) => [
        row.id,
        row.hotlist_plate_id,
      ]),
    );
    expect(alerts.rowCount).toBe(4);
    expect(linkOf.get(sameRead)).toBe(oldest);
    // The kept entry already had an alert for read-1: this one keeps its copied fields, unlinked.
    expect(linkOf.get(sameReadOfDuplicate)).toBeNull();
    expect(linkOf.get(ownRead)).toBe(oldest);
    expect(linkOf.get(ctRead)).toBe(ct);
    for (const row of alerts.rows as { plate: string; reason: string }[]) {
      expect(row).toMatchObject({ plate: "A13709", reason: "snapshot reason" });
    }

    await expect(plate(stolen, "A 137-09", null, 9)).rejects.toMatchObject({ code: "23505" });
    await expect(plate(stolen, "A13709", "Ct", 9)).rejects.toMatchObject({ code: "23505" });
    // Another state, or another group, is another entry.
    await expect(plate(stolen, "A13709", "NY", 9)).resolves.toBeGreaterThan(0);
    await expect(plate(other, "A13709", "CT", 9)).resolves.toBeGreaterThan(0);
  });
});
