import { chmod } from "node:fs/promises";
import path from "node:path";
import { createAppRoles, startTestPostgres } from "@odin/db/testing";
import {
  appDir,
  cleanWorkDir,
  newSecret,
  PRODUCTION_PORT,
  repoRoot,
  run,
  startServer,
  workDir,
  type InstallState,
} from "./production-install";

/**
 * What a self-hosting agency does before its first sign-in, without Docker: build the deployable the
 * way the Dockerfile does, give Odin a PostgreSQL of its own with non-superuser roles (the same SQL
 * file docker-compose's PostgreSQL runs), and start it with NODE_ENV=production and no demo data.
 * A PostgreSQL server apart from the app: TEST_DATABASE_URL when set, otherwise an embedded server
 * started here, in its own process.
 */
export default async function globalSetup() {
  await cleanWorkDir();
  const built = await run("bash", ["scripts/build-deployable.sh", appDir], { cwd: repoRoot });
  if (built.code !== 0) throw new Error(`build-deployable.sh failed:\n${built.stdout}\n${built.stderr}`);

  const postgres = await startTestPostgres();
  const suffix = newSecret(4);
  // The owner role migrates; Odin runs as the DML-only role it grants (docker-compose's split).
  const { ownerUrl, appUrl } = await createAppRoles(postgres.adminUrl, {
    role: `odin_${suffix}`,
    database: `odin_${suffix}`,
    password: newSecret(16),
  });
  // As root, the data folder is written by the server only; keep it reachable for the tests' reads.
  await chmod(workDir, 0o755);

  const baseUrl = `http://127.0.0.1:${PRODUCTION_PORT}`;
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: appUrl,
    DATABASE_MIGRATION_URL: ownerUrl,
    ODIN_SECRETS_KEY: newSecret(32),
    ODIN_PUBLIC_URL: baseUrl,
    HOST: "127.0.0.1",
    PORT: String(PRODUCTION_PORT),
    ODIN_DATA_DIR: path.join(workDir, "data"),
    LOG_LEVEL: "warn",
  };
  const server = await startServer(env, baseUrl);
  const state: InstallState = { env, baseUrl };
  process.env.ODIN_PRODUCTION_STATE = JSON.stringify(state);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await postgres.stop();
  };
}
