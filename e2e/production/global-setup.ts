import { chmod, mkdir } from "node:fs/promises";
import { startTestPostgres } from "@odin/db/testing";
import { guideUnit, runGuideStep, unitEnvironment, type GuidePlaces } from "./guide";
import {
  appDir,
  cleanWorkDir,
  dataDir,
  etcDir,
  PRODUCTION_PORT,
  startServer,
  stopServer,
  workDir,
  type InstallState,
} from "./production-install";

/**
 * What a self-hosting agency does before its first sign-in, without Docker, by the guide's own
 * commands (docs/self-hosting.md, "Install without Docker", read by ./guide.ts): build the deployable
 * (what the Dockerfile builds), make the secrets key and database passwords into files, create the
 * two non-superuser roles and the database, write the configuration file, check it with `odin doctor`,
 * and start Odin as the guide's systemd unit does: NODE_ENV=production, no demo data. A PostgreSQL
 * server apart from the app: TEST_DATABASE_URL when set, otherwise an embedded server started here.
 */
export default async function globalSetup() {
  await cleanWorkDir();
  // As root, the data folder is written by the server only; keep it reachable for the tests' reads.
  await chmod(workDir, 0o755);
  await mkdir(etcDir, { mode: 0o750 });
  await mkdir(dataDir, { mode: 0o750 });
  // The superuser named as on Debian and no database of Odin's yet, so that the guide's roles `odin`
  // and `odin_app` and its database `odin` are free.
  const postgres = await startTestPostgres(process.env, {
    superuser: "postgres",
    database: "postgres",
  });
  const baseUrl = `http://127.0.0.1:${PRODUCTION_PORT}`;
  const places: GuidePlaces = {
    appDir,
    etcDir,
    dataDir,
    adminUrl: postgres.adminUrl,
    baseUrl,
    port: PRODUCTION_PORT,
  };
  for (const step of ["2", "3", "4", "5", "6"]) await runGuideStep(places, step);

  const unit = await guideUnit(places);
  const state: InstallState = {
    env: await unitEnvironment(unit),
    envFile: unit.environmentFile,
    workingDirectory: unit.workingDirectory,
    execStart: unit.execStart,
    baseUrl,
    adminUrl: postgres.adminUrl,
  };
  await startServer(state);
  process.env.ODIN_PRODUCTION_STATE = JSON.stringify(state);

  return async () => {
    await stopServer();
    await postgres.stop();
  };
}
