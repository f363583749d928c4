import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beforeMigration, monthPartition, monthStart, type BeforeMigration } from "./migration-helpers";

const MIGRATION = "20261130100000_detections_partitioned";
const DAY = 86_400_000;

const monthName = (at: Date) => monthPartition("detections", at);

describe(`migration ${MIGRATION}: detections become time partitions`, () => {
  let db: BeforeMigration;
  let client: pg.Client;
  let integration: number;
  let agency: number;
  const now = new Date();
  // Reads of three months ago, of last month, of now, before 2000 and a year ahead (a camera clock).
  const planted = [
    { event: "old", at: new Date(monthStart(now, -3).getTime() + 5 * DAY) },
    { event: "last-month", at: new Date(monthStart(now, -1).getTime() + 2 * DAY) },
    { event: "now", at: now },
    { event: "absurd-past", at: new Date("1999-12-31T23:00:00Z") },
    { event: "clock-ahead", at: new Date(monthStart(now, 12).getTime() + 3 * DAY) },
  ];
  const ids = new Map<string, string>();

  beforeAll(async () => {
    db = await beforeMigration(MIGRATION);
    client = db.client;
    agency = (
      await one(
        `INSERT INTO agencies (name, code, updated_at) VALUES ('Partition PD', 'PPD', now()) RETURNING id`,
      )
    ).id as number;
    const axisAgency = await one(
      `INSERT INTO axis_agencies (agency_id, agency_name, updated_at) VALUES ($1, 'Partition PD', now()) RETURNING id`,
      [agency],
    );
    integration = (
      await one(
        `INSERT INTO axis_integrations (axis_agency_id, identifier, ingest_token_hash, updated_at)
         VALUES ($1, 'partition-cam', 'x', now()) RETURNING id`,
        [axisAgency.id],
      )
    ).id as number;
    for (const read of planted)
      ids.set(read.event, await insertRead(read.event, read.at, `${read.event}.jpg`));
    await db.migrate();
  });
  afterAll(async () => {
    await db?.close();
  });

  const one = (sql: string, values: unknown[] = []) => db.one(sql, values);
  async function insertRead(event: string, at: Date, image: string | null = null): Promise<string> {
    const row = await one(
      `INSERT INTO detections (plate, plate_normalized, agency_id, axis_integration_id, timestamp,
         vendor_event_id, image_path)
       VALUES ('AB123', 'AB123', $1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING id`,
      [agency, integration, at, event, image],
    );
    return row.id as string;
  }
  const partitions = async () =>
    (await client.query<{ name: string }>("SELECT name FROM odin_partitions('detections')")).rows.map(
      (row) => row.name,
    );
  const partitionOf = async (id: string) =>
    (await one("SELECT tableoid::regclass::text AS part FROM detections WHERE id = $1", [id])).part;

  it("keeps every read with its id, each in its month, and absurd dates in the default partition", async () => {
    expect((await one("SELECT relkind FROM pg_class WHERE relname = 'detections'")).relkind).toBe("p");
    const names = await partitions();
    // The months that hold reads, this one and the next: none for a month without reads, 1999 or a
    // year ahead.
    expect(names).toEqual([-3, -1, 0, 1].map((offset) => monthName(monthStart(now, offset))));
    expect(await partitionOf(ids.get("old")!)).toBe(monthName(monthStart(now, -3)));
    expect(await partitionOf(ids.get("now")!)).toBe(monthName(now));
    expect(await partitionOf(ids.get("absurd-past")!)).toBe("detections_default");
    expect(await partitionOf(ids.get("clock-ahead")!)).toBe("detections_default");
    expect((await one("SELECT count(*)::int AS n FROM detections")).n).toBe(planted.length);
  });

  it("continues the id sequence, and a repeated push is still one row", async () => {
    const fresh = await insertRead("after-migration", now);
    expect(BigInt(fresh)).toBeGreaterThan(BigInt(ids.get("clock-ahead")!));
    expect(await insertRead("after-migration", now)).toBeUndefined();
    expect(
      (await one("SELECT count(*)::int AS n FROM detections WHERE vendor_event_id = 'after-migration'")).n,
    ).toBe(1);
  });

  it("creates partitions ahead, and one whose range already has reads in the default partition takes them", async () => {
    const created = (
      await client.query<{ name: string }>("SELECT odin_partitions_ahead('detections', 'month', 3) AS name")
    ).rows.map((row) => row.name);
    expect(created).toEqual([2, 3].map((offset) => monthName(monthStart(now, offset))));
    // Again: nothing new, and days inside an existing month are not created over it.
    expect((await client.query("SELECT odin_partitions_ahead('detections', 'month', 3)")).rowCount).toBe(0);
    expect((await client.query("SELECT odin_partitions_ahead('detections', 'day', 5)")).rowCount).toBe(0);

    const ahead = monthStart(now, 12);
    const name = (await one("SELECT odin_partition_create('detections', 'month', $1) AS name", [ahead])).name;
    expect(name).toBe(monthName(ahead));
    expect(await partitionOf(ids.get("clock-ahead")!)).toBe(name);
    // The moved-in partition got the parent's indexes when it was attached.
    const indexes = await one("SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = $1", [name]);
    expect(indexes.n).toBe(7);
  });

  it("retires a partition, keeping the reads asked for, then lists its pictures and drops it", async () => {
    const part = monthName(monthStart(now, -3));
    const at = (day: number) => new Date(monthStart(now, -3).getTime() + day * DAY);
    const kept = await insertRead("kept", at(6), "kept.jpg");
    const released = await insertRead("released", at(7), "released.jpg");
    const late = await insertRead("late", at(8), "late.jpg");
    const staged = (
      await one("SELECT odin_detection_partition_stage($1, $2) AS name", [part, [kept, released]])
    ).name;
    expect(staged).toBe(`${part}_kept`);
    // Since the staging, `late` began to be kept and `released` stopped being kept.
    const retired = (
      await one("SELECT odin_detection_partition_retire($1, true, $2, $3) AS name", [
        part,
        [late],
        [released],
      ])
    ).name;
    expect(retired).toBe(`${part}_retired`);
    expect(
      (
        await client.query(
          "SELECT id::text FROM detections WHERE tableoid = $1::regclass ORDER BY detections.id",
          [part],
        )
      ).rows,
    ).toEqual([{ id: kept }, { id: late }]);

    expect(await partitions()).toContain(part);
    expect(await partitionOf(kept)).toBe(part);
    expect((await one("SELECT count(*)::int AS n FROM detections WHERE id = $1", [ids.get("old")])).n).toBe(
      0,
    );
    const indexes = await one("SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = $1", [part]);
    expect(indexes.n).toBe(7);

    expect(
      (await client.query("SELECT odin_retired_partitions('detections') AS name")).rows.map(
        (row) => row.name,
      ),
    ).toEqual([retired]);
    // The kept reads are struck from the retired table (they live on in detections): two left to go.
    expect(
      (await one("SELECT odin_retired_detection_partition_forget_kept($1)::int AS n", [retired])).n,
    ).toBe(2);
    const pictures = await client.query(
      "SELECT id::text, image_path FROM odin_retired_detection_pictures($1, 0, 100)",
      [retired],
    );
    // The kept reads' pictures stay with them.
    expect(pictures.rows).toEqual([
      { id: ids.get("old"), image_path: "old.jpg" },
      { id: released, image_path: "released.jpg" },
    ]);
    await client.query("SELECT odin_retired_partition_drop('detections', $1)", [retired]);
    expect((await one("SELECT to_regclass($1) AS t", [retired])).t).toBeNull();
  });

  it("retires a partition with nothing kept, and refuses tables that are not retired partitions", async () => {
    const part = monthName(monthStart(now, -1));
    const retired = (
      await one("SELECT odin_detection_partition_retire($1, false, '{}', '{}') AS name", [part])
    ).name;
    expect(await partitions()).not.toContain(part);
    expect(
      (await one("SELECT count(*)::int AS n FROM detections WHERE id = $1", [ids.get("last-month")])).n,
    ).toBe(0);
    await client.query("SELECT odin_retired_partition_drop('detections', $1)", [retired]);
    await expect(
      client.query("SELECT odin_retired_partition_drop('detections', 'agencies')"),
    ).rejects.toThrow(/not a retired partition/);
    await expect(
      client.query("SELECT odin_detection_partition_retire('detections_default', false, '{}', '{}')"),
    ).rejects.toThrow(/not a partition of detections with a range/);
  });
});
