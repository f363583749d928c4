import { constants, existsSync, readFileSync } from "node:fs";
import { access, mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { createSecretBox } from "@odin/db";
import { loadConfig, processEnv, type Config } from "../config/env";
import { secretsKeyMismatchMessage } from "../config/secrets-key";
import { readStandbyPosition } from "../lib/replica-lag.repository";
import { findUnopenableSecrets } from "../lib/sealed-secrets.repository";
import { needsOwner } from "../modules/setup/setup.service";
import { DEPLOYABLE_MARKER, projectRoot } from "./database";
import type { Database } from "../lib/database";
import { appliedMigrationNames, describeConnection, withConnection } from "./installation.repository";

export const DOCTOR_USAGE = `Usage: odin doctor

Checks this installation without changing anything: the configuration, the database and the roles
Odin connects as, the migrations, the secrets key (present, and opening what the database holds), the
file folder, the web app and the owner. Names each problem in words.
Exit status: 0 no problem, 1 one or more problems.`;

type Verdict = { ok: boolean; warn?: boolean; label: string; text: string };

const describeError = (error: unknown) => {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message.split("\n")[0]! : String(error);
  return code && !message.includes(code) ? `${message} (${code})` : message;
};

/** The checks, in the order an operator would fix them; each answers one line. */
async function runChecks(config: Config, root: string, report: (verdict: Verdict) => void): Promise<void> {
  const mode = config.isProduction ? "production" : `${config.env} (not production)`;
  report({ ok: true, label: "configuration", text: `${mode}, users reach Odin at ${config.publicUrl}` });
  if (config.isProduction && !config.publicUrl.startsWith("https://"))
    report({
      ok: true,
      warn: true,
      label: "public URL",
      text: `ODIN_PUBLIC_URL is ${config.publicUrl}: browsers must reach Odin over HTTPS (a TLS proxy in front, TRUST_PROXY set to it)`,
    });
  report({
    ok: !config.isProduction || Boolean(config.secretsKey),
    label: "secrets key",
    text: config.secretsKey
      ? `from ${config.secretsKeySource}`
      : config.isProduction
        ? "ODIN_SECRETS_KEY is not set (nor ODIN_SECRETS_KEY_FILE, nor a systemd credential)"
        : `not set: development uses ${config.secretsKeySource}`,
  });

  if (!config.databaseUrl) {
    report({
      ok: !existsSync(path.join(root, DEPLOYABLE_MARKER)),
      label: "database",
      text: "DATABASE_URL is not set: only `pnpm start` in a checkout uses its embedded database; an installation needs DATABASE_URL",
    });
    return;
  }

  const connect = (label: string, url: string, run: (db: Database) => Promise<void>) =>
    withConnection(url, run).catch((error: unknown) =>
      report({ ok: false, label, text: `cannot connect to ${redact(url)}: ${describeError(error)}` }),
    );

  if (config.databaseMigrationUrl) {
    await connect("migration role", config.databaseMigrationUrl, async (db) => {
      const role = await describeConnection(db);
      report({
        ok: true,
        warn: role.superuser,
        label: "migration role",
        text: role.superuser
          ? `${role.role} is a superuser: better the role that owns Odin's tables and nothing else (deploy/postgres/odin-role.sql)`
          : `${role.role} connects (PostgreSQL ${role.version})`,
      });
    });
  }

  // Issue 42 item 1: each read replica is a hot standby Odin can read from.
  for (const url of config.readReplicas.urls) {
    await connect("read replica", url, async (db) => {
      const position = await readStandbyPosition(db);
      const replayed = position.lastReplayedAt
        ? `last replayed a commit of ${position.lastReplayedAt.toISOString()}`
        : "has replayed no commit yet";
      report({
        ok: position.inRecovery,
        label: "read replica",
        text: position.inRecovery
          ? `${redact(url)} is a hot standby (${replayed}); searches read from it while it is at most ${config.readReplicas.maxLagMs} ms behind`
          : `${redact(url)} is not a standby (promoted?): Odin does not read from it; list it in DATABASE_URL if it is the primary now, or rebuild it as a standby`,
      });
    });
  }

  await connect("database", config.databaseUrl, async (db) => {
    const role = await describeConnection(db);
    report({
      ok: true,
      label: "database",
      text: `${role.role} connects to ${redact(config.databaseUrl!)} (PostgreSQL ${role.version})`,
    });
    const split = !role.superuser && !role.ownsAuditLogs && !role.canUpdateAuditLogs;
    report({
      ok: !role.superuser,
      warn: !role.superuser && !split,
      label: "database role",
      text: role.superuser
        ? `${role.role} is a superuser: Odin must run as a role with DML only (DATABASE_URL) and migrate as the owner (DATABASE_MIGRATION_URL)`
        : split
          ? `${role.role} has DML only and cannot change audit rows`
          : `${role.role} owns its tables: set DATABASE_MIGRATION_URL to the owner and DATABASE_URL to a DML-only role (deploy/postgres/odin-role.sql) so the audit log is append-only for Odin`,
    });

    const folder = path.join(root, "prisma", "migrations");
    const shipped = existsSync(folder)
      ? (await readdir(folder, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name)
      : [];
    const applied = new Set(await appliedMigrationNames(db));
    const pending = shipped.filter((name) => !applied.has(name));
    report({
      ok: pending.length === 0 || config.migrateOnStart,
      warn: pending.length > 0,
      label: "migrations",
      text:
        pending.length === 0
          ? `${applied.size} applied, none pending`
          : `${pending.length} pending (${pending.slice(0, 3).join(", ")}${pending.length > 3 ? ", …" : ""}): ` +
            (config.migrateOnStart
              ? "they apply at the next start"
              : "ODIN_MIGRATE_ON_START is off: run pnpm db:migrate"),
    });
    if (applied.size === 0) return;

    const devKeyFile = path.join(config.dataDir, "secrets.key");
    const key =
      config.secretsKey ??
      (existsSync(devKeyFile) ? Buffer.from(readFileSync(devKeyFile, "utf8").trim(), "hex") : undefined);
    if (key) {
      const { checked, unopenable } = await findUnopenableSecrets(db, createSecretBox(key));
      report({
        ok: unopenable.length === 0,
        label: "secrets key opens the store",
        text:
          unopenable.length === 0
            ? `${checked} stored secret(s) open with it`
            : secretsKeyMismatchMessage(config, checked, unopenable).replaceAll("\n", " "),
      });
    }
    const ownerMissing = await needsOwner({ prisma: db, ownerUsername: config.ownerUsername });
    report({
      ok: true,
      warn: ownerMissing,
      label: "owner",
      text: ownerMissing
        ? `no owner yet: odin setup, or the one-time link printed at start`
        : `${config.ownerUsername} exists`,
    });
  });

  if (config.storage.kind === "filesystem") {
    const dir = config.storage.root;
    try {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.W_OK);
      report({ ok: true, label: "files", text: `${dir} is writable` });
    } catch (error) {
      report({
        ok: false,
        label: "files",
        text: `${dir} is not writable by this user: ${describeError(error)}`,
      });
    }
  } else {
    report({ ok: true, label: "files", text: `S3 bucket ${config.storage.bucket}` });
  }
  report({
    ok: existsSync(path.join(config.webDistDir, "index.html")),
    label: "web app",
    text: existsSync(path.join(config.webDistDir, "index.html"))
      ? `served from ${config.webDistDir}`
      : `${config.webDistDir}/index.html is missing: build it (pnpm build) or set ODIN_WEB_DIST`,
  });
}

/** A database URL (of one host or several) without its password, for the screen. */
function redact(url: string): string {
  const match = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?(.*)$/.exec(url);
  if (!match) return "(unparsable URL)";
  const [, scheme, userinfo = "", rest] = match;
  const user = userinfo.includes(":") ? `${userinfo.slice(0, userinfo.indexOf(":"))}:***@` : userinfo;
  return `${scheme}${user}${rest}`;
}

export async function doctorCommand(args: string[], env: NodeJS.ProcessEnv = processEnv()): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(DOCTOR_USAGE);
    return 0;
  }
  if (args.length > 0) {
    console.error(DOCTOR_USAGE);
    return 2;
  }
  const root = projectRoot();
  let config: Config;
  try {
    config = loadConfig(env, root);
  } catch (error) {
    console.log(`PROBLEM configuration: ${describeError(error)}`);
    return 1;
  }
  let problems = 0;
  await runChecks(config, root, (verdict) => {
    if (!verdict.ok) problems += 1;
    const tag = !verdict.ok ? "PROBLEM" : verdict.warn ? "note   " : "ok     ";
    console.log(`${tag} ${verdict.label}: ${verdict.text}`);
  });
  console.log(problems ? `${problems} problem(s).` : "No problems found.");
  return problems ? 1 : 0;
}
