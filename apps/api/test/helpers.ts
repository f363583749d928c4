import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import {
  createPrismaClient,
  createSecretBox,
  locatePrismaDir,
  type PrismaClient,
  type SecretBox,
} from "@odin/db";
import { findFreePort } from "@odin/db/embedded";
import { createTestDatabase, type TestDatabase } from "@odin/db/testing";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../src/app";
import { loadConfig, type Config } from "../src/config/env";
import type { IdentityAdmin } from "../src/identity/idp-admin/identity-admin";
import type { MailMessage, Mailer } from "../src/mail/mailer";

export const projectRoot = path.dirname(locatePrismaDir());

export interface TestApp {
  app: FastifyInstance;
  prisma: PrismaClient;
  config: Config;
  secrets: SecretBox;
  /** The key `secrets` seals with (a command run as the app's operator needs it). */
  secretsKey?: Buffer;
  databaseUrl: string;
  /** Where the app listens when started with `listen: true` (the identity flows need real HTTP). */
  baseUrl: string;
  /** Mail the app sent, newest last. */
  outbox: MailMessage[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Listen on real HTTP (the identity flows and the ingest pushes need it); app.inject() otherwise. */
  listen?: boolean;
  /** The identity provider's admin adapter (an Auth0 one pointed at a local stand-in); config's otherwise. */
  identityAdmin?: IdentityAdmin;
  /** Rewrites the database URL the app connects with (a test that cuts the database off uses a proxy). */
  connectThrough?: (databaseUrl: string) => string;
  /** A second replica: the other app's database and secrets key (its close() leaves the database). */
  replicaOf?: TestApp;
  /**
   * Who the app connects as, decided once its database exists (the app-role test grants a DML-only
   * role there and answers its URL); the suite's superuser otherwise. t.databaseUrl stays the superuser's.
   */
  connectAs?: (databaseUrl: string) => Promise<string>;
  /** Send mail as configured (SMTP_URL: a local SMTP stand-in) instead of into the in-memory outbox. */
  configuredMailer?: boolean;
  /** A migrated database made by the test on another server (a streaming pair's primary); dropped at close. */
  database?: TestDatabase;
}

/**
 * The real app on a fresh migrated database of its own, configured as an agency would configure it.
 * Mail goes to an in-memory outbox that tests read, the only stand-in: everything else is real.
 */
export async function buildTestApp(
  env: NodeJS.ProcessEnv = {},
  {
    listen = false,
    identityAdmin,
    connectThrough = (url) => url,
    connectAs,
    replicaOf,
    configuredMailer = false,
    database: given,
  }: TestAppOptions = {},
): Promise<TestApp> {
  const database = replicaOf
    ? { url: replicaOf.databaseUrl, drop: async () => undefined }
    : (given ?? (await createTestDatabase(inject("postgresAdminUrl"))));
  const appUrl = connectThrough(connectAs ? await connectAs(database.url) : database.url);
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig(
    {
      NODE_ENV: "test",
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
      ODIN_PUBLIC_URL: baseUrl,
      // No background Axon polling unless a test asks for it: it would call the simulators mid-test.
      AXON_POLL_INTERVAL_MS: "0",
      // Nor the silent-camera notices (issue 40 item 6): tests' old reads would e-mail their admins mid-test.
      CAMERA_SILENT_ALERT_HOURS: "0",
      // The simulators and stand-ins listen on this machine: allowed as an owner allows an on-premises vendor.
      ODIN_ALLOWED_PRIVATE_HOSTS: "127.0.0.1,localhost",
      ...env,
      DATABASE_URL: appUrl,
    },
    projectRoot,
  );
  const prisma = createPrismaClient(appUrl, { poolSize: 4 });
  const secretsKey = replicaOf?.secretsKey ?? randomBytes(32);
  const secrets = replicaOf?.secrets ?? createSecretBox(secretsKey);
  const outbox: MailMessage[] = [];
  const mailer: Mailer = { send: async (message) => void outbox.push(message) };
  const app = await buildApp({
    config,
    prisma,
    secrets,
    ...(configuredMailer ? {} : { mailer }),
    identityAdmin,
  });
  if (listen) await app.listen({ host: "127.0.0.1", port });
  else await app.ready();
  return {
    app,
    prisma,
    config,
    secrets,
    secretsKey,
    databaseUrl: database.url,
    baseUrl,
    outbox,
    async close() {
      await app.close();
      await prisma.$disconnect();
      await database.drop();
    },
  };
}

/** Every file under a folder (paths included), none when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}
