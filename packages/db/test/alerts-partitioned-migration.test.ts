import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beforeMigration, monthPartition, monthStart, type BeforeMigration } from "./migration-helpers";

const MIGRATION = "20261201200000_alerts_partitioned";
const DAY = 86_400_000;

const monthName = (at: Date) => monthPartition("alerts", at);

describe(`migration ${MIGRATION}: alerts become monthly partitions by the read's time`, () => {
  let db: BeforeMigration;
  let client: pg.Client;
  let group: number;
  let plate: number;
  const now = new Date();
  // Alerts of reads of four months ago and of now (no alert in the months between).
  const planted = [
    { read: "old", at: new Date(monthStart(now, -4).getTime() + 5 * DAY) },
    { read: "now", at: now },
  ];
  let snapshot: Record<string, unknown>[];

  beforeAll(async () => {
    db = await beforeMigration(MIGRATION);
    client = db.client;
    const agency = (
      await one(
        `INSERT INTO agencies (name, code, updated_at) VALUES ('Alert PD', 'ALPD', now()) RETURNING id`,
      )
    ).id as number;
    group = (
      await one(
        `INSERT INTO hotlist_groups (agency_id, name, updated_at) VALUES ($1, 'Stolen', now()) RETURNING id`,
        [agency],
      )
    ).id as number;
    plate = (
      await one(
        `INSERT INTO hotlist_plates (group_id, plate_number, plate_normalized, reason) VALUES ($1, 'AB123', 'AB123', 'Stolen') RETURNING id`,
        [group],
      )
    ).id as number;
    for (const row of planted) await insertAlert(row.read, row.at);
    snapshot = await rows();
    await db.migrate();
  });
  afterAll(async () => {
    await db?.close();
  });

  const one = (sql: string, values: unknown[] = []) => db.one(sql, values);
  async function insertAlert(read: string, at: Date): Promise<number | undefined> {
    const row = await one(
      `INSERT INTO alerts (group_id, hotlist_plate_id, source_program, source_read_id, plate, timestamp, reason, date_added)
       VALUES ($1, $4, 'Axis', $2, 'AB123', $3, 'Stolen', now()) RETURNING id`,
      [group, read, at, plate],
    );
    return row.id as number | undefined;
  }
  const rows = async () =>
    (await client.query(`SELECT id, source_read_id, timestamp, read_count FROM alerts ORDER BY id`))
      .rows as Record<string, unknown>[];
  const partitionOf = async (id: number) =>
    (await one("SELECT tableoid::regclass::text AS part FROM alerts WHERE id = $1", [id])).part;

  it("keeps every alert with its id, each in its read's month; a month each for the months with alerts and four ahead", async () => {
    expect((await one("SELECT relkind FROM pg_class WHERE relname = 'alerts'")).relkind).toBe("p");
    const names = (
      await client.query<{ name: string }>("SELECT name FROM odin_partitions('alerts')")
    ).rows.map((row) => row.name);
    expect(names).toEqual([-4, 0, 1, 2, 3].map((offset) => monthName(monthStart(now, offset))));
    expect(await rows()).toEqual(snapshot);
    expect(await partitionOf(snapshot[0]!.id as number)).toBe(monthName(monthStart(now, -4)));
    expect(await partitionOf(snapshot[1]!.id as number)).toBe(monthName(now));
    const indexes = await one("SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = $1", [
      monthName(now),
    ]);
    expect(indexes.n).toBe(9);
  });

  it("continues the id sequence, refuses a second alert of one read, and forgets a deleted alert's deliveries", async () => {
    const id = await insertAlert("after", now);
    expect(id).toBeGreaterThan(snapshot[1]!.id as number);
    // The once-per-read key still holds: the same read (same time) again is refused.
    await expect(insertAlert("after", now)).rejects.toThrow(/duplicate key/);
    // The statement triggers are on the partitioned table: deleting an alert forgets its deliveries.
    await client.query(
      `INSERT INTO alert_deliveries (alert_id, channel, recipient) VALUES ($1, 'email', 'user:1')`,
      [id],
    );
    await client.query("DELETE FROM alerts WHERE id = $1", [id]);
    expect((await one("SELECT count(*)::int AS n FROM alert_deliveries WHERE alert_id = $1", [id])).n).toBe(
      0,
    );
  });

  it("counts a repeat on its alert by (id, timestamp), as the matcher does", async () => {
    const first = snapshot[1]!;
    const row = await one(
      `INSERT INTO alerts AS a (id, group_id, source_program, source_read_id, plate, timestamp, last_read_at, reason, date_added)
       VALUES ($1, $2, 'Axis', 'repeat', 'AB123', $3, $4, 'Stolen', now())
       ON CONFLICT (id, timestamp) DO UPDATE SET read_count = a.read_count + 1,
         last_read_at = greatest(coalesce(a.last_read_at, a.timestamp), excluded.last_read_at)
       RETURNING a.id, a.read_count, (a.read_count = 1) AS created`,
      [first.id, group, first.timestamp, new Date(now.getTime() + 60_000)],
    );
    expect(row).toEqual({ id: first.id, read_count: 2, created: false });
  });

  it("keeps alerts of reads outside every month in the default partition, and moves them into their month", async () => {
    const ahead = new Date(monthStart(now, 9).getTime() + 2 * DAY);
    const id = (await insertAlert("late-month", ahead))!;
    expect(await partitionOf(id)).toBe("alerts_default");
    expect((await one("SELECT odin_partition_create('alerts', 'month', $1) AS name", [ahead])).name).toBe(
      monthName(ahead),
    );
    expect(await partitionOf(id)).toBe(monthName(ahead));
    expect(
      (await one("SELECT odin_partition_create('alerts', 'month', $1) AS name", [ahead])).name,
    ).toBeNull();
    const created = (
      await client.query<{ name: string }>("SELECT odin_partitions_ahead('alerts', 'month', 4) AS name")
    ).rows.map((r) => r.name);
    expect(created).toEqual([monthName(monthStart(now, 4))]);
  });

  it("retires a month with its alerts' deliveries, then drops it; refuses any other table", async () => {
    const part = monthName(monthStart(now, -4));
    const id = snapshot[0]!.id as number;
    await client.query(
      `INSERT INTO alert_deliveries (alert_id, channel, recipient) VALUES ($1, 'email', 'user:2')`,
      [id],
    );
    const retired = await one("SELECT retired, alerts::int FROM odin_alert_partition_retire($1)", [part]);
    expect(retired).toEqual({ retired: `${part}_retired`, alerts: 1 });
    expect((await one("SELECT count(*)::int AS n FROM alerts WHERE id = $1", [id])).n).toBe(0);
    expect((await one("SELECT count(*)::int AS n FROM alert_deliveries WHERE alert_id = $1", [id])).n).toBe(
      0,
    );
    expect((await client.query("SELECT odin_retired_partitions('alerts') AS name")).rows).toEqual([
      { name: `${part}_retired` },
    ]);
    await client.query("SELECT odin_retired_partition_drop('alerts', $1)", [`${part}_retired`]);
    expect((await one("SELECT to_regclass($1) AS t", [`${part}_retired`])).t).toBeNull();
    await expect(client.query("SELECT odin_alert_partition_retire('agencies')")).rejects.toThrow(
      /not a partition of alerts/,
    );
    await expect(client.query("SELECT odin_retired_partition_drop('alerts', 'agencies')")).rejects.toThrow(
      /not a retired partition/,
    );
  });
});
