/**
 * src/composition/ is the composition root in parts (issue 39 item 3): app.ts makes the Fastify app and
 * its plugins, then hands each part what this file makes once per process.
 * - infrastructure.ts (this file): the shared things (the file and image stores, the sources, record
 *   references, the mailer, the one LISTEN connection, the built-in provider, the token verifier);
 * - api-routes.ts: the screens' and systems' calls (ODIN_ROLE=api);
 * - ingest-routes.ts: the cameras' and vendors' pushes (ODIN_ROLE=ingest);
 * - workers.ts: the scheduled jobs and the alert delivery worker (ODIN_ROLE=worker).
 */
import { createPrismaClient, parseDatabaseUrl, type PrismaClient, type SecretBox } from "@odin/db";
import type { FastifyBaseLogger } from "fastify";
import path from "node:path";
import type { Config } from "../config/env";
import { createVapidKeySource } from "../delivery/vapid-keys";
import { createOidcProvider } from "../identity/built-in-provider";
import { createRuleCache } from "../identity/external/managed-accounts";
import type { IdentityAdmin } from "../identity/idp-admin/identity-admin";
import { loadPublicJwks } from "../identity/signing-keys";
import { createTokenVerifier } from "../identity/token-verifier";
import { createAlertAnnouncements } from "../lib/alert-listener";
import { createReadReplicas } from "../lib/read-replicas";
import { createMailer, type Mailer } from "../mail/mailer";
import { createRecordRefs } from "../modules/exports/record-refs";
import { createAxisIngest } from "../modules/ingest/axis-ingest";
import { createImageHandles } from "../sources/image-handle";
import { type SourceDeps } from "../sources/registry";
import { createBlobStore, createS3Client } from "../storage/blob-store";
import { createImageStore } from "../storage/image-store";

export interface InfrastructureDependencies {
  config: Config;
  prisma: PrismaClient;
  secrets: SecretBox;
  identityAdmin: IdentityAdmin;
  /** The mailer given to buildApp (tests: an outbox); the configured one otherwise. */
  mailer?: Mailer;
  /** The database the alerts are announced on (LISTEN needs a connection of its own). */
  databaseUrl: string;
  /** Whether this process signs people in (ODIN_ROLE api or all, with the built-in provider). */
  signsIn: boolean;
  log: FastifyBaseLogger;
}

export type Infrastructure = Awaited<ReturnType<typeof createInfrastructure>>;

/** What the parts share, made once per process. `close()` ends what holds connections. */
export async function createInfrastructure(deps: InfrastructureDependencies) {
  const { config, prisma, secrets, identityAdmin, log } = deps;
  const identity = config.identity;
  // One S3 client (one connection pool) for every file area, when the files are in a bucket.
  const s3Client = config.storage.kind === "s3" ? createS3Client(config.storage) : undefined;
  const images = createImageStore(createBlobStore(config.storage, "images", s3Client));
  const sourceDeps: SourceDeps = {
    prisma,
    writer: prisma,
    secrets,
    handles: createImageHandles(secrets.derive("image-handles")),
    defaultRetentionDays: config.detections.retentionDays,
    statementTimeoutMs: config.search.sourceTimeoutMs,
  };
  // The built-in provider's keys come from the database, reloaded when a token names a key rotated on
  // another replica; an external issuer's from its JWKS.
  const verifyToken = createTokenVerifier(
    identity,
    identity.builtIn ? () => loadPublicJwks(prisma) : undefined,
  );
  // The sign-in pages belong to the screens' role; an ingest or worker process signs nobody in.
  const provider =
    identity.builtIn && deps.signsIn ? await createOidcProvider({ config, prisma, secrets }) : undefined;
  // Issue 42 item 1: hot standbys the searches' scans and the audit and review screens read from.
  const standbys = config.readReplicas.urls.map((url) => {
    const { host, port } = parseDatabaseUrl(url).hosts[0]!;
    return { name: `${host}:${port}`, db: createPrismaClient(url, { poolSize: config.databasePoolSize }) };
  });
  const replicas = createReadReplicas({
    primary: prisma,
    standbys,
    maxLagMs: config.readReplicas.maxLagMs,
    log,
  });
  replicas.start();
  // The process's one LISTEN connection, opened by its first user (the live streams, the deliveries).
  const announcements = createAlertAnnouncements({ databaseUrl: deps.databaseUrl, log });
  return {
    config,
    prisma,
    secrets,
    identityAdmin,
    s3Client,
    images,
    sourceDeps,
    verifyToken,
    provider,
    announcements,
    replicas,
    // Issue 34: the owner's mapping rules (identity provider claims → agency and role), read every few seconds.
    idpRules: createRuleCache(prisma),
    recordRefs: createRecordRefs({ prisma, key: secrets.derive("record-refs"), handles: sourceDeps.handles }),
    axisIngest: createAxisIngest({ prisma, images }),
    mail: deps.mailer ?? createMailer({ ...config.mail, outboxDir: path.join(config.dataDir, "outbox") }),
    // Issue 24 item 4: one VAPID key pair for the routes (the browser subscribes with it) and the channel.
    vapidKeys: createVapidKeySource({ prisma, secrets, configured: config.push.webPush.vapid }),
    async close() {
      await replicas.close();
      await Promise.all(standbys.map(({ db }) => db.$disconnect()));
      await announcements.close();
      s3Client?.destroy();
    },
  };
}
