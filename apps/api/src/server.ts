/**
 * Starts Odin. With no DATABASE_URL (development), an embedded PostgreSQL starts in the data folder,
 * migrations apply and demo data is seeded, so one command brings up the whole product.
 */
import path from "node:path";
import { createPrismaClient, locatePrismaDir, type PrismaClient } from "@odin/db";
import { takeOverShutdown, type EmbeddedPostgresHandle } from "@odin/db/embedded";
import { seedDemoData } from "@odin/db/seed";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { openDatabase } from "./cli/database";
import { ConfigError, loadConfig, processEnv, withDemoServices, type Config } from "./config/env";
import { assertSecretsKeyOpensStore, secretsBoxOf } from "./config/secrets-key";
import type { DemoSimulators } from "./demo/demo-simulators";
import { issueSetupToken, needsOwner } from "./modules/setup/setup.service";
import { printBanner } from "./start-banner";

async function main(): Promise<void> {
  const projectRoot = path.dirname(locatePrismaDir());
  let config: Config;
  try {
    config = loadConfig(processEnv(), projectRoot);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // What is running so far, closed in reverse order on Ctrl-C or SIGTERM.
  const running: {
    embedded?: EmbeddedPostgresHandle;
    prisma?: PrismaClient;
    app?: FastifyInstance;
    simulators?: DemoSimulators;
  } = {};
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping Odin…`);
    await running.simulators?.close().catch(() => undefined);
    await running.app?.close().catch(() => undefined);
    await running.prisma?.$disconnect().catch(() => undefined);
    await running.embedded?.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  // The embedded database is stopped by stop(), after the app's connections: not at the signal.
  await takeOverShutdown();

  const started = Date.now();
  // Migrations as the tables' owner, Odin as a role with DML only (cli/database.ts, docs/security.md).
  const opened = await openDatabase(config, projectRoot);
  running.embedded = opened.embedded;
  const databaseUrl = opened.appUrl;

  const prisma = createPrismaClient(databaseUrl, { poolSize: config.databasePoolSize });
  running.prisma = prisma;
  const secrets = secretsBoxOf(config);
  await assertSecretsKeyOpensStore(prisma, secrets, config);
  if (config.demoSimulators.enabled) {
    const { startDemoSimulators } = await import("./demo/demo-simulators");
    running.simulators = await startDemoSimulators({
      rekor: config.demoSimulators.rekorPort,
      axon: config.demoSimulators.axonPort,
      maps: config.demoSimulators.mapsPort,
    });
    // Map tiles and addresses the environment leaves unset come from the maps simulator.
    config = withDemoServices(config, running.simulators);
  }
  const simulators = running.simulators;
  const demo = config.seedDemo
    ? await seedDemoData(prisma, {
        encryptSecret: secrets.encrypt,
        ...(simulators ? { simulatorUrls: { rekor: simulators.rekorUrl, axon: simulators.axonUrl } } : {}),
      })
    : undefined;

  const app = await buildApp({ config, prisma, secrets, databaseUrl });
  running.app = app;
  await app.listen({ host: config.host, port: config.port }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    throw new Error(
      `port ${config.port} on ${config.host} is in use (is Odin already running?). ` +
        `Stop the other server, or set PORT to a free port.`,
    );
  });
  // No owner yet (a fresh install): a new one-time setup link at every start, valid for an hour.
  const setup = (await needsOwner({ prisma, ownerUsername: config.ownerUsername }))
    ? await issueSetupToken(prisma)
    : undefined;
  printBanner({
    setupLink: setup && {
      url: `${config.publicUrl}/setup?token=${encodeURIComponent(setup.token)}`,
      expiresAt: setup.expiresAt,
    },
    url: config.publicUrl,
    database: running.embedded
      ? `embedded PostgreSQL in ${path.relative(projectRoot, path.join(config.dataDir, "pg")) || "."}`
      : "DATABASE_URL",
    // The demo's passwords sign in only through the built-in provider (issue 34): not listed otherwise.
    demo: config.identity.builtIn ? demo : undefined,
    simulators,
    seconds: (Date.now() - started) / 1000,
  });

  if (simulators) {
    // In the background: Odin answers while the demo cameras catch up.
    const address = app.server.address();
    const host = ["0.0.0.0", "::"].includes(config.host) ? "127.0.0.1" : config.host;
    const odinUrl =
      address && typeof address === "object"
        ? `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`
        : config.publicUrl;
    simulators
      .feedAxis({ prisma, odinUrl, retentionDays: config.detections.retentionDays })
      .then((fed) => {
        if (fed.pushed + fed.failed === 0) return;
        const refused = fed.failed ? `, ${fed.failed} refused (see the log)` : "";
        console.log(`  RAVEN demo cameras: ${fed.pushed} recent reads stored${refused}.`);
      })
      .catch((error: unknown) => {
        // The demo still works without them: only the RAVEN results are missing.
        console.error(`  RAVEN demo cameras could not push their reads: ${String(error)}`);
      });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `Odin failed to start: ${error.message}` : error);
  process.exit(1);
});
