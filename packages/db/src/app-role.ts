/**
 * The role split (issue 17 item 3): migrations run as the role that owns the tables; Odin itself
 * connects as a role with only DML that owns nothing, cannot UPDATE, DELETE or TRUNCATE audit_logs,
 * and cannot switch the append-only and chain triggers off (ALTER TABLE needs ownership,
 * session_replication_role needs a superuser). docs/security.md describes it.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, readFile, writeFile } from "node:fs/promises";
import pg from "pg";
import { parseDatabaseUrl } from "./hosts";

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`;

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The user a postgresql:// URL connects as. */
export function roleOf(url: string): string {
  const parsed = parseDatabaseUrl(url);
  return decodeURIComponent(new URL(parsed.urlFor(parsed.hosts[0]!)).username);
}

/**
 * The SECURITY DEFINER functions through which Odin's role manages the time partitions of detections,
 * audit_logs and alerts (creating, detaching and dropping a partition needs the table's owner): one
 * family taking the table first (migration 20261207100000_one_partition_function_family, today's
 * definitions in prisma/functions/), and the retention steps that differ between detections and
 * alerts. The migrations revoke them from PUBLIC; grantAppRole grants them to Odin's role. Not granted:
 * odin_partition_create and odin_partition_bounds, which only these call.
 */
export const PARTITION_FUNCTIONS = [
  "odin_partitions(text)",
  "odin_partitions_ahead(text, text, int)",
  "odin_retired_partitions(text)",
  "odin_retired_partition_drop(text, text)",
  // detections: kept reads staged into the partition's replacement, then the retired table's pictures.
  "odin_detection_partition_stage(text, bigint[])",
  "odin_detection_partition_retire(text, boolean, bigint[], bigint[])",
  "odin_retired_detection_partition_forget_kept(text)",
  "odin_retired_detection_pictures(text, bigint, int)",
  // alerts: a month leaves with its deliveries and cooldowns; audit months are never dropped.
  "odin_alert_partition_retire(text)",
  "odin_retired_alert_pictures(text)",
];

/**
 * Grants `role` what Odin needs on the database `ownerUrl` opens, and nothing more: read and write
 * every table except audit_logs (read and insert only) and _prisma_migrations (read only), use the
 * sequences, run the partition functions (PARTITION_FUNCTIONS). Idempotent: run after every
 * migration, so tables added later are granted too.
 */
export async function grantAppRole(ownerUrl: string, role: string): Promise<void> {
  const r = quoteIdent(role);
  await withClient(ownerUrl, async (client) => {
    const migrated = await client.query<{ yes: boolean }>(
      "SELECT to_regclass('public.audit_logs') IS NOT NULL AS yes",
    );
    if (!migrated.rows[0]?.yes) throw new Error("grantAppRole: the database is not migrated (no audit_logs)");
    await client.query("BEGIN");
    await client.query(`GRANT USAGE ON SCHEMA public TO ${r}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`);
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r}`);
    await client.query(`REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON audit_logs FROM ${r}`);
    // The chains' heads move only with an audit row (the chain trigger, SECURITY DEFINER).
    await client.query(
      `REVOKE INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON audit_chain_heads FROM ${r}`,
    );
    // Each partition of audit_logs is a table of its own to GRANT … ON ALL TABLES: the same revokes.
    // (Its row triggers refuse UPDATE and DELETE anyway, and partitions made later get no grant.)
    const auditPartitions = await client.query<{ name: string }>(
      "SELECT inhrelid::regclass::text AS name FROM pg_inherits WHERE inhparent = 'public.audit_logs'::regclass",
    );
    for (const { name } of auditPartitions.rows)
      await client.query(`REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON ${name} FROM ${r}`);
    await client.query(`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON _prisma_migrations FROM ${r}`);
    for (const fn of PARTITION_FUNCTIONS) await client.query(`GRANT EXECUTE ON FUNCTION ${fn} TO ${r}`);
    await client.query("COMMIT");
  });
}

export const EMBEDDED_APP_ROLE = "odin_app";

/**
 * The embedded default's app role: `odin_app`, a login with a password generated on first start and
 * kept in `passwordFile` (mode 0600, in the data folder), made (or its password reset to the file's)
 * by the cluster's superuser. Answers the URL Odin connects with.
 */
export async function ensureEmbeddedAppRole(
  adminUrl: string,
  database: string,
  passwordFile: string,
): Promise<string> {
  let password: string;
  if (existsSync(passwordFile)) {
    password = (await readFile(passwordFile, "utf8")).trim();
  } else {
    password = randomBytes(24).toString("base64url");
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    await chmod(passwordFile, 0o600);
  }
  await withClient(adminUrl, async (client) => {
    const exists = await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [EMBEDDED_APP_ROLE]);
    const verb = exists.rowCount ? "ALTER" : "CREATE";
    await client.query(
      `${verb} ROLE ${quoteIdent(EMBEDDED_APP_ROLE)} LOGIN PASSWORD ${quoteLiteral(password)} ` +
        "NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS",
    );
  });
  const url = new URL(adminUrl);
  url.username = EMBEDDED_APP_ROLE;
  url.password = password;
  url.pathname = `/${database}`;
  return url.toString();
}
