import { existsSync } from "node:fs";
import path from "node:path";
import { createPrismaClient, locatePrismaDir, type PrismaClient, type SecretBox } from "@odin/db";
import { ensureEmbeddedAppRole, grantAppRole, roleOf } from "@odin/db/app-role";
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from "@odin/db/embedded";
import { primaryConnectionString } from "@odin/db/hosts";
import { migrateDeploy } from "@odin/db/migrate";
import { ConfigError, DEFAULT_ENV_FILE, loadConfig, processEnv, type Config } from "../config/env";
import { assertSecretsKeyOpensStore, secretsBoxOf } from "../config/secrets-key";

export const projectRoot = () => path.dirname(locatePrismaDir());

export interface OpenedDatabase {
  /** What Odin connects with: a role with DML only when the role split is set up. */
  appUrl: string;
  /** The embedded PostgreSQL, when no DATABASE_URL is set (stop it on the way out). */
  embedded?: EmbeddedPostgresHandle;
}

/**
 * The database as the server opens it (issue 17 item 3: the role split). Migrations run as the
 * owner of the tables; Odin connects as a role with only DML, granted after the migrations:
 * - embedded (no DATABASE_URL): the cluster's superuser migrates; Odin runs as `odin_app`, whose
 *   password is generated on first start and kept in the data folder (pg-app-password, mode 0600).
 * - DATABASE_URL with DATABASE_MIGRATION_URL (docker-compose): the latter migrates and grants.
 * - DATABASE_URL alone: migrations run through it, as before the split (the role owns its tables).
 */
export async function openDatabase(config: Config, root: string): Promise<OpenedDatabase> {
  let embedded: EmbeddedPostgresHandle | undefined;
  let ownerUrl: string;
  let appUrl: string;
  if (config.databaseUrl) {
    appUrl = config.databaseUrl;
    // A URL of several hosts (issue 42 item 2): the migrations and grants run on the primary, found now.
    ownerUrl = await primaryConnectionString(config.databaseMigrationUrl ?? config.databaseUrl);
  } else {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, "pg"),
      sharedBuffers: config.embeddedSharedBuffers,
    });
    ownerUrl = embedded.url;
    appUrl = await ensureEmbeddedAppRole(
      embedded.adminUrl,
      new URL(embedded.url).pathname.slice(1),
      path.join(config.dataDir, "pg-app-password"),
    );
  }
  try {
    if (config.migrateOnStart)
      await migrateDeploy({ databaseUrl: ownerUrl, prismaDir: path.join(root, "prisma") });
    if (roleOf(appUrl) !== roleOf(ownerUrl)) await grantAppRole(ownerUrl, roleOf(appUrl));
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  return { appUrl, ...(embedded ? { embedded } : {}) };
}

/** scripts/build-deployable.sh leaves this file at the root of an installed Odin. */
export const DEPLOYABLE_MARKER = ".odin-deployable";

/**
 * A command on an installed Odin (the deployable, or production settings) never falls back to a new
 * embedded database: run without the service's configuration it would create the owner there, say
 * "created", and leave the real installation as it was (issue 35 item 2).
 */
export function refuseEmbeddedForInstallation(config: Config, root: string): void {
  if (config.databaseUrl) return;
  if (!config.isProduction && !existsSync(path.join(root, DEPLOYABLE_MARKER))) return;
  throw new ConfigError(
    "DATABASE_URL",
    `is not set, and this is an installed Odin: the command would work on an empty embedded database
instead of the installation's. Give it the service's configuration: odin --env-file ${DEFAULT_ENV_FILE} <command>
(the file the service's EnvironmentFile= names), or run it with the service's environment.`,
  );
}

/**
 * The database a command works on, as the server would open it: DATABASE_URL, or the embedded
 * PostgreSQL in the data folder (stop a running `pnpm start` first: one server per folder). Pending
 * migrations apply first when the server would apply them, so a command can run before the first start.
 * `env` is the process's environment; tests pass their own and call the command in-process.
 */
export async function withDatabase<T>(
  run: (prisma: PrismaClient, config: Config, secrets: SecretBox) => Promise<T>,
  env: NodeJS.ProcessEnv = processEnv(),
  { checkSecretsKey = true }: { checkSecretsKey?: boolean } = {},
): Promise<T> {
  const root = projectRoot();
  const config = loadConfig(env, root);
  refuseEmbeddedForInstallation(config, root);
  const { appUrl, embedded } = await openDatabase(config, root);
  try {
    const prisma = createPrismaClient(appUrl, { poolSize: 2 });
    try {
      const secrets = secretsBoxOf(config);
      // Before the command changes anything: a key that does not open the store is named now.
      if (checkSecretsKey) await assertSecretsKeyOpensStore(prisma, secrets, config);
      return await run(prisma, config, secrets);
    } finally {
      await prisma.$disconnect();
    }
  } finally {
    await embedded?.stop();
  }
}
