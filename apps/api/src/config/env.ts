/**
 * The only reader of process.env in the API. Parsed once at start-up; a bad value stops the
 * process with one line naming the variable (see ConfigError), never a stack trace.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import {
  DEFAULT_MAP_SETTINGS,
  EXPORT_RECORDS_LIMIT,
  SEARCH_PAGE_SIZE_MAX,
  type TAppConfig,
} from "@odin/contract";
import { embeddedSharedBuffers, PG_MEMORY_SIZE } from "@odin/db/embedded";
import { parseDatabaseUrl } from "@odin/db/hosts";
import { z } from "zod";
import ipaddr from "ipaddr.js";
import { isAllowanceEntry, parseAllowedHosts } from "../lib/outbound-http";
import type { BlobStoreConfig } from "../storage/blob-store";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** A postgresql:// URL; several hosts with target_session_attrs=read-write follow the primary (issue 42). */
const postgresUrl = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    try {
      parseDatabaseUrl(value);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: (error as Error).message });
    }
  });

/**
 * DATABASE_READ_URLS: hot standbys, each a postgresql:// URL of one host, separated by spaces or commas
 * (issue 42 item 1).
 */
const readUrls = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const urls = value
      .split(/\s+|,(?=\s*postgres(?:ql)?:\/\/)/)
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (const url of urls) {
      try {
        if (parseDatabaseUrl(url).hosts.length !== 1)
          throw new Error("names several hosts; list each standby on its own");
      } catch (error) {
        ctx.addIssue({
          code: "custom",
          message: `${(error as Error).message} ("${url.replace(/:[^:@/]*@/, ":***@")}")`,
        });
        return z.NEVER;
      }
    }
    return urls;
  });

/** A 32-byte key, given as 64 hex characters or base64. */
export const secretsKey = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
    if (bytes.length !== 32) {
      ctx.addIssue({ code: "custom", message: "must be 32 bytes, as 64 hex characters or base64" });
      return z.NEVER;
    }
    return bytes;
  });

/**
 * A Leaflet tile URL template: http(s) (or a path on Odin's own origin) with {z}, {x} and {y}, and
 * optionally {s} subdomains and {r} for retina tiles.
 */
const tileUrlTemplate = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^(?:https?:\/\/[^/?#\s]+\/|\/(?!\/))\S*$/i.test(value) &&
      ["{z}", "{x}", "{y}"].every((part) => value.includes(part)),
    "must be a tile URL template with {z}, {x} and {y}, e.g. https://tiles.example/{z}/{x}/{y}.png",
  );

/** A Nominatim-compatible service's base URL, or "off". */
const reverseGeocodeUrl = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value.toLowerCase() === "off") return null;
    try {
      const url = new URL(value);
      if ((url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "")
        return value.replace(/\/+$/, "");
    } catch {
      // reported below
    }
    ctx.addIssue({
      code: "custom",
      message: "must be the http(s) base URL of a Nominatim-compatible service, or off",
    });
    return z.NEVER;
  });

/** An IANA time zone name the runtime knows, e.g. America/New_York. */
const timeZone = z
  .string()
  .trim()
  .refine((value) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, "must be an IANA time zone name, e.g. America/New_York");

/**
 * TRUST_PROXY: the addresses of the reverse proxies whose X-Forwarded-For / -Proto / -Host Odin
 * believes (comma-separated addresses or CIDR ranges, or proxy-addr's names loopback, linklocal and
 * uniquelocal). Unset or "none": no one's, so a client cannot write the audit log's address.
 */
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const trustedProxies = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): string[] | false => {
    if (!value || value.toLowerCase() === "none" || value.toLowerCase() === "false") return false;
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (const entry of entries) {
      if (PROXY_NAMES.has(entry) || ipaddr.isValid(entry) || ipaddr.isValidCIDR(entry)) continue;
      ctx.addIssue({
        code: "custom",
        message: `must list proxy addresses or CIDR ranges (e.g. 127.0.0.1 or 10.0.0.0/8) or loopback, linklocal, uniquelocal; "${entry}" is none of these`,
      });
      return z.NEVER;
    }
    return entries.length > 0 ? entries : false;
  });

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().trim().min(1).optional(),
  TRUST_PROXY: trustedProxies,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_MIGRATION_URL: postgresUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_READ_URLS: readUrls.optional(),
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  ODIN_DATA_DIR: z.string().trim().min(1).optional(),
  ODIN_SECRETS_KEY: secretsKey.optional(),
  ODIN_ROLE: z.enum(["all", "api", "ingest", "worker"]).default("all"),
  ODIN_FILE_STORE: z.enum(["filesystem", "s3"]).default("filesystem"),
  ODIN_FILES_DIR: z.string().trim().min(1).optional(),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)",
    )
    .optional(),
  S3_PREFIX: z
    .string()
    .trim()
    .regex(/^(?:[A-Za-z0-9_-]+\/)*$/, "must be empty or folder names each ending in /, e.g. odin/")
    .default(""),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  ODIN_PUBLIC_URL: z.url().optional(),
  ODIN_WEB_DIST: z.string().trim().min(1).optional(),
  ODIN_SEED_DEMO: booleanFlag.optional(),
  ODIN_MIGRATE_ON_START: booleanFlag.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).default("odin-web"),
  OIDC_AUDIENCE: z.string().trim().min(1).default("urn:odin:api"),
  OIDC_BUILT_IN: booleanFlag.optional(),
  OIDC_REQUIRED_AMR: z.string().trim().optional(),
  OIDC_REQUIRED_ACR: z.string().trim().optional(),
  OIDC_PROMPT: z.string().trim().optional(),
  OIDC_SCOPE: z.string().trim().optional(),
  OWNER_USERNAME: z.string().trim().min(1).default("owner"),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(8).max(64).default(12),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  // CJIS 5.5.3: after 5 failures the account stays locked at least 10 minutes unless an admin unlocks it.
  // The embedded database's cache (PostgreSQL's shared_buffers); unset: a quarter of the memory, 128MB-1GB.
  ODIN_PG_SHARED_BUFFERS: z
    .string()
    .trim()
    .regex(PG_MEMORY_SIZE, "a whole number and kB, MB or GB, as PostgreSQL writes it (e.g. 512MB, 2GB)")
    .optional(),
  LOCKOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(10)
    .max(7 * 24 * 60)
    .default(30),
  // Failed sign-ins from one address, across all usernames, within 15 minutes before the form answers
  // 429 to that address until the window ends (issue 36, F20); 0 turns the limit off.
  SIGN_IN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(40),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24)
    .default(12),
  IDP_ADMIN: z.enum(["built-in", "auth0", "none"]).optional(),
  AUTH0_DOMAIN: z
    .string()
    .trim()
    .transform((value) => value.replace(/^https:\/\//i, "").replace(/\/+$/, ""))
    .pipe(z.string().regex(/^[a-z0-9.-]+(:\d+)?$/i, "must be the tenant's host, e.g. odin.us.auth0.com"))
    .optional(),
  AUTH0_MGMT_CLIENT_ID: z.string().trim().min(1).optional(),
  AUTH0_MGMT_CLIENT_SECRET: z.string().trim().min(1).optional(),
  AUTH0_CONNECTION: z.string().trim().min(1).default("Username-Password-Authentication"),
  REKOR_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  ODIN_ALLOWED_PRIVATE_HOSTS: z
    .string()
    .transform(parseAllowedHosts)
    .refine(
      (entries) => entries.every(isAllowanceEntry),
      "must list host names, addresses or CIDR ranges, separated by commas (e.g. axon.pd.local,10.20.0.0/16)",
    )
    .optional(),
  SEARCH_SOURCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  INVESTIGATIONS_PER_USER: z.coerce.number().int().min(1).max(20).default(2),
  SEARCH_MAX_RESULTS_PER_SOURCE: z.coerce.number().int().min(1).max(100_000).default(5000),
  // The page the web app asks for (issue 21): 0 turns paging off (one answer, as before).
  SEARCH_PAGE_SIZE: z.coerce.number().int().min(0).max(SEARCH_PAGE_SIZE_MAX).default(500),
  AXIS_INGEST_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(16_384)
    .max(64 * 1024 * 1024)
    .default(4 * 1024 * 1024),
  DETECTION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Issue 21: the time partitions of detections, a month each or (for ~10 M reads a day) a day each. */
  DETECTION_PARTITION: z.enum(["month", "day"]).default("month"),
  /** Issue 17.6: alerts, their dispositions and crops (and the reads they point at) are kept this long. */
  ALERT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** Issue 23: how long one process reuses an agency's transparency page figures (0: computed on every request). */
  TRANSPARENCY_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  CAMERA_SILENT_AFTER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  AXON_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(30_000),
  /** Issue 19: how often queued skeletons of new plates are indexed for Similar search (0: never; searches still find them, more slowly). */
  SIMILAR_INDEX_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1_000),
  /** Issue 24: how often this process looks for due alert deliveries besides being woken by new alerts (0: this process delivers nothing). */
  ALERT_DELIVERY_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  /** Attempts per delivery (e-mail, webhook, push) before it is recorded as failed. */
  ALERT_DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** First retry delay; each further one doubles (with jitter) up to ALERT_DELIVERY_RETRY_MAX_MS. */
  ALERT_DELIVERY_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** A webhook endpoint has this long to answer an alert's POST. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Consecutive failed attempts after which a webhook is disabled (and the agency's admins told). */
  WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).max(1000).default(15),
  ALERT_DELIVERY_RETRY_MAX_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  /** Issue 24 item 4: the VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints); neither: made once and kept sealed in the database. */
  WEB_PUSH_VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{87}$/, "must be a base64url P-256 public key (65 bytes)")
    .optional(),
  WEB_PUSH_VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, "must be a base64url P-256 private key (32 bytes)")
    .optional(),
  /** The VAPID contact (mailto: or https:); default: ODIN_PUBLIC_URL when https, else mailto: MAIL_FROM's address. */
  WEB_PUSH_VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: or https: URL")
    .optional(),
  /** Issue 24 item 5: FCM HTTP v1. A Google service account's JSON key (the JSON itself, or a path to the file). */
  FCM_SERVICE_ACCOUNT: z.string().trim().min(1).optional(),
  /** The Firebase project; default: the service account's project_id. */
  FCM_PROJECT_ID: z.string().trim().min(1).optional(),
  FCM_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://fcm.googleapis.com"),
  FCM_TOKEN_URL: z.url({ protocol: /^https?$/ }).default("https://oauth2.googleapis.com/token"),
  /** Issue 24 item 5: APNs token-based auth: the .p8 signing key (PEM, or a path to the file), its key id, the team id and the app's bundle id. */
  APNS_KEY: z.string().trim().min(1).optional(),
  APNS_KEY_ID: z.string().trim().min(1).optional(),
  APNS_TEAM_ID: z.string().trim().min(1).optional(),
  APNS_TOPIC: z.string().trim().min(1).optional(),
  APNS_BASE_URL: z.url({ protocol: /^https?$/ }).default("https://api.push.apple.com"),
  /** A push service (Web Push, FCM, APNs) has this long to answer one message. */
  PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(100 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  ODIN_DEMO_SIMULATORS: booleanFlag.optional(),
  SIMULATOR_REKOR_PORT: z.coerce.number().int().min(0).max(65535).default(4101),
  SIMULATOR_AXON_PORT: z.coerce.number().int().min(0).max(65535).default(4102),
  SIMULATOR_MAPS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  MAP_TILE_URL_DARK: tileUrlTemplate.optional(),
  MAP_TILE_URL_LIGHT: tileUrlTemplate.optional(),
  MAP_TILE_ATTRIBUTION: z.string().trim().max(500).optional(),
  MAP_MAX_ZOOM: z.coerce.number().int().min(1).max(22).optional(),
  REVERSE_GEOCODE_URL: reverseGeocodeUrl.optional(),
  REVERSE_GEOCODE_USER_AGENT: z.string().trim().min(3).max(200).default("Odin LPR (self-hosted)"),
  REVERSE_GEOCODE_CACHE_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  EXPORT_MAX_RECORDS: z.coerce.number().int().min(1).max(EXPORT_RECORDS_LIMIT).default(500),
  EXPORT_TIME_ZONE: timeZone.default("America/New_York"),
  EXPORT_VERIFY_TIMEOUT_MS: z.coerce.number().int().min(1).max(300_000).default(20_000),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().trim().min(3).default("Odin <no-reply@odin.local>"),
});

export type Env = z.infer<typeof ZEnv>;

export type OdinRole = Env["ODIN_ROLE"];

/** A secret given inline or as a path to the file holding it. */
function inlineOrFile(name: string, value: string, inline: (text: string) => boolean): string {
  if (inline(value)) return value;
  try {
    return readFileSync(value, "utf8");
  } catch {
    throw new ConfigError(name, `is neither the value itself nor a readable file (${value})`);
  }
}

function fcmConfig(env: Env): PushConfig["fcm"] {
  if (!env.FCM_SERVICE_ACCOUNT) return null;
  const text = inlineOrFile("FCM_SERVICE_ACCOUNT", env.FCM_SERVICE_ACCOUNT, (v) => v.startsWith("{"));
  let account: { project_id?: unknown; client_email?: unknown; private_key?: unknown };
  try {
    account = JSON.parse(text) as typeof account;
  } catch {
    throw new ConfigError("FCM_SERVICE_ACCOUNT", "is not a service account's JSON key");
  }
  if (typeof account.client_email !== "string" || typeof account.private_key !== "string") {
    throw new ConfigError(
      "FCM_SERVICE_ACCOUNT",
      "has no client_email and private_key (a service account's JSON key)",
    );
  }
  const projectId = env.FCM_PROJECT_ID ?? (typeof account.project_id === "string" ? account.project_id : "");
  if (!projectId)
    throw new ConfigError("FCM_PROJECT_ID", "is required when the service account names no project_id");
  return {
    projectId,
    clientEmail: account.client_email,
    privateKey: account.private_key,
    baseUrl: env.FCM_BASE_URL.replace(/\/+$/, ""),
    tokenUrl: env.FCM_TOKEN_URL,
  };
}

function apnsConfig(env: Env): PushConfig["apns"] {
  if (!env.APNS_KEY) return null;
  for (const name of ["APNS_KEY_ID", "APNS_TEAM_ID", "APNS_TOPIC"] as const) {
    if (!env[name]) throw new ConfigError(name, "is required when APNS_KEY is set");
  }
  return {
    key: inlineOrFile("APNS_KEY", env.APNS_KEY, (v) => v.includes("-----BEGIN")),
    keyId: env.APNS_KEY_ID!,
    teamId: env.APNS_TEAM_ID!,
    topic: env.APNS_TOPIC!,
    baseUrl: env.APNS_BASE_URL.replace(/\/+$/, ""),
  };
}

function pushConfig(env: Env, publicUrl: string): PushConfig {
  if (!env.WEB_PUSH_VAPID_PUBLIC_KEY !== !env.WEB_PUSH_VAPID_PRIVATE_KEY) {
    throw new ConfigError(
      env.WEB_PUSH_VAPID_PUBLIC_KEY ? "WEB_PUSH_VAPID_PRIVATE_KEY" : "WEB_PUSH_VAPID_PUBLIC_KEY",
      "must be set together with its pair (or neither: Odin makes a key pair once and keeps it in the database)",
    );
  }
  const mailbox = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM.trim();
  return {
    timeoutMs: env.PUSH_TIMEOUT_MS,
    fcm: fcmConfig(env),
    apns: apnsConfig(env),
    webPush: {
      vapid:
        env.WEB_PUSH_VAPID_PUBLIC_KEY && env.WEB_PUSH_VAPID_PRIVATE_KEY
          ? { publicKey: env.WEB_PUSH_VAPID_PUBLIC_KEY, privateKey: env.WEB_PUSH_VAPID_PRIVATE_KEY }
          : null,
      subject:
        env.WEB_PUSH_VAPID_SUBJECT ?? (publicUrl.startsWith("https://") ? publicUrl : `mailto:${mailbox}`),
    },
  };
}

function storageConfig(env: Env, dataDir: string, projectRoot: string): BlobStoreConfig {
  if (env.ODIN_FILE_STORE === "filesystem") {
    return { kind: "filesystem", root: path.resolve(projectRoot, env.ODIN_FILES_DIR ?? dataDir) };
  }
  if (!env.S3_BUCKET) throw new ConfigError("S3_BUCKET", "is required when ODIN_FILE_STORE=s3");
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID",
      "must be set together with its pair (or neither, for the SDK's default credentials)",
    );
  }
  return {
    kind: "s3",
    bucket: env.S3_BUCKET,
    prefix: env.S3_PREFIX,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT.replace(/\/+$/, "") } : {}),
    region: env.S3_REGION,
    // A self-hosted service (an endpoint given) is path-style unless told otherwise; AWS itself is not.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? !!env.S3_ENDPOINT,
    ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
      : {}),
  };
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Configuration error: ${variable} ${detail}`);
    this.name = "ConfigError";
  }
}

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  host: string;
  port: number;
  /** Proxies whose forwarded headers are believed (TRUST_PROXY); false: none, the peer is the client. */
  trustProxy: string[] | false;
  /** Absent in development and tests: the embedded PostgreSQL in dataDir is used instead. */
  databaseUrl: string | undefined;
  /**
   * The owner role's URL: migrations run through it, then it grants DATABASE_URL's role DML only
   * (packages/db/src/app-role.ts). Unset: migrations run through DATABASE_URL (the app owns its tables).
   */
  databaseMigrationUrl: string | undefined;
  databasePoolSize: number;
  /**
   * Issue 42 item 1: hot standbys (DATABASE_READ_URLS) that searches, investigations and the audit and
   * review screens read from while they are at most maxLagMs behind the primary (DATABASE_READ_MAX_LAG_MS).
   */
  readReplicas: { urls: string[]; maxLagMs: number };
  /** The embedded database's shared_buffers (ODIN_PG_SHARED_BUFFERS, else embeddedSharedBuffers()). */
  embeddedSharedBuffers: string;
  dataDir: string;
  /**
   * ODIN_ROLE: what this process runs. `all` (default) everything; `api` the screens' calls without the
   * camera pushes and jobs; `ingest` the camera pushes only (Axis events, Rekor webhook); `worker` the
   * background jobs only. Every role answers /health.
   */
  role: OdinRole;
  /**
   * Where Odin's own files go (storage/blob-store.ts): a folder (ODIN_FILES_DIR, by default the data
   * folder; a volume every replica mounts) or an S3-compatible bucket (ODIN_FILE_STORE=s3).
   */
  storage: BlobStoreConfig;
  /** Key for secrets at rest; in development generated once and kept in dataDir (see secrets-key.ts). */
  secretsKey: Buffer | undefined;
  /** Where the secrets key comes from, as an operator would look for it (for messages). */
  secretsKeySource: string;
  /** Where users reach Odin (no trailing slash): sign-in redirects, links in e-mails. */
  publicUrl: string;
  webDistDir: string;
  seedDemo: boolean;
  migrateOnStart: boolean;
  logLevel: NonNullable<Env["LOG_LEVEL"]>;
  rateLimitPerMinute: number;
  identity: IdentityConfig;
  /** Who creates accounts and sets passwords for the admin and owner screens (identity/idp-admin). */
  identityAdmin: IdentityAdminConfig;
  ownerUsername: string;
  /**
   * Outbound HTTP (lib/outbound-http.ts): the hosts that may resolve to loopback, private, link-local
   * or other non-public addresses. ODIN_ALLOWED_PRIVATE_HOSTS, plus the hosts of the URLs the owner
   * set in the environment (REKOR_BASE_URL, REVERSE_GEOCODE_URL, MAP_TILE_URL_*), plus in demo mode
   * the simulators'.
   */
  outbound: { allowedPrivateHosts: string[] };
  /** Password policy (identity/password-policy.ts): the least length of a new password (NIST: 8 or more). */
  passwords: { minLength: number };
  /**
   * Session limits (CJIS 5.5.5, issue 18 item 3): without activity for idleMs the web app locks and
   * refresh tokens are refused; after maxMs from sign-in the session ends whatever the activity.
   */
  sessions: { idleMs: number; maxMs: number };
  /** How long five failed sign-ins lock a built-in account (unless an admin, the owner or a reset lifts it). */
  lockoutMs: number;
  /** SIGN_IN_FAILURES_PER_ADDRESS failed sign-ins from one address per window (max 0: no limit). */
  signInFailuresPerAddress: { max: number; windowMs: number };
  /** The Rekor Scout host given to keys added on the Integrations page (the form has no field for it). */
  rekor: { defaultBaseUrl: string };
  /** Similar search: how often the skeleton-index job runs (SIMILAR_INDEX_INTERVAL_MS, 0: never). */
  search: {
    sourceTimeoutMs: number;
    /** INVESTIGATIONS_PER_USER, and how long a slot a dead process held stays taken. */
    investigations: { perUser: number; holdSeconds: number };
    maxResultsPerSource: number;
    similarIndexIntervalMs: number;
    /** SEARCH_PAGE_SIZE: the web app's first page (0: unpaged). */
    pageSize: number;
  };
  /** Odin's own store of pushed reads (Axis): pictures under the file store's `images/` (imagesDir when a folder). */
  detections: {
    ingestMaxBytes: number;
    retentionDays: number;
    /** DETECTION_PARTITION: the span of each time partition of detections (jobs/detection-partitions.ts). */
    partition: "month" | "day";
    imagesDir: string;
  };
  /** Camera health: a camera that reported before and has sent nothing for this long is "silent". */
  cameras: { silentAfterMinutes: number };
  /** The public transparency pages: how long one process reuses an agency's figures (TRANSPARENCY_CACHE_SECONDS). */
  transparency: { cacheMs: number };
  /** Hotlist alerts: how often each Axon integration's new reads are fetched and matched (0: never), and how long alerts are kept (ALERT_RETENTION_DAYS). */
  alerts: { axonPollIntervalMs: number; retentionDays: number; delivery: DeliveryPolicy };
  /** Uploaded files (CSVs, hotlist attachments, group images): the largest file part accepted. */
  uploads: { maxFileBytes: number };
  /**
   * Demo mode: the vendor simulators start with Odin (Rekor and Axon servers on these ports, the Axis
   * cameras pushing their recent reads), and the seeded demo integrations point at them.
   */
  demoSimulators: { enabled: boolean; rekorPort: number; axonPort: number; mapsPort: number };
  /** Map tiles the web app loads (its runtime configuration), and the CSP allows. */
  map: MapSettings;
  /** The reverse-geocoding service behind GET /geocode/reverse. */
  geocode: GeocodeConfig;
  /**
   * Which map and geocoding settings are built-in defaults rather than the environment's: demo mode
   * points those at the maps simulator (withDemoServices).
   */
  serviceDefaults: {
    darkTileUrl: boolean;
    lightTileUrl: boolean;
    attribution: boolean;
    geocodeUrl: boolean;
    rekorBaseUrl: boolean;
  };
  /** Outgoing mail; without SMTP_URL messages are written to dataDir/outbox (see mail/). */
  mail: { smtpUrl: string | undefined; from: string };
  /** Issue 24 items 4 and 5: push services (delivery/). */
  push: PushConfig;
  /**
   * PDF and ZIP exports: the most records one export may hold, and the zone their times are written
   * in (file names carry the export's date in that zone too).
   */
  /** verifyTimeoutMs: how long unpacking an uploaded ZIP on /verify-export may take (issue 36, F15). */
  exports: { maxRecords: number; timeZone: string; verifyTimeoutMs: number };
}

/** Issue 24 items 4 and 5: Web Push (VAPID) and mobile push (FCM, APNs). */
export interface PushConfig {
  timeoutMs: number;
  webPush: {
    /** Null: the key pair is made once and kept sealed in the database (delivery/vapid-keys.ts). */
    vapid: { publicKey: string; privateKey: string } | null;
    subject: string;
  };
  /** Null: FCM_SERVICE_ACCOUNT not set (Android devices cannot register; one registered earlier gets failed deliveries that say so). */
  fcm: {
    projectId: string;
    clientEmail: string;
    privateKey: string;
    baseUrl: string;
    tokenUrl: string;
  } | null;
  /** Null: APNS_KEY not set. */
  apns: { key: string; keyId: string; teamId: string; topic: string; baseUrl: string } | null;
}

/** Issue 24: the alert delivery queue's pace and retries (apps/api/src/delivery/). */
export interface DeliveryPolicy {
  /** 0: this process runs no delivery worker. */
  pollMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  webhookTimeoutMs: number;
  webhookDisableAfterFailures: number;
}

export type MapSettings = NonNullable<TAppConfig["map"]>;

export interface GeocodeConfig {
  /** Base URL of a Nominatim-compatible service (no trailing slash); null: lookups are off. */
  url: string | null;
  /** Sent with every lookup (Nominatim's usage policy requires one that identifies the application). */
  userAgent: string;
  /** Addresses (and misses) kept in memory; 0 keeps none. */
  cacheSize: number;
  /** How long one lookup may take, waiting for a free slot included. */
  timeoutMs: number;
}

export const DEFAULT_REVERSE_GEOCODE_URL = "https://nominatim.openstreetmap.org";
/** Rekor Scout's cloud (OpenALPR Cloud) API host; on-premises agencies set REKOR_BASE_URL. */
export const DEFAULT_REKOR_BASE_URL = "https://cloud.openalpr.com";
export const DEMO_MAP_ATTRIBUTION = "Simulated map &middot; Odin demo";

export interface IdentityConfig {
  /** true: Odin's own OpenID provider at {publicUrl}/oidc; false: the external OIDC_ISSUER. */
  builtIn: boolean;
  issuer: string;
  clientId: string;
  audience: string;
  /**
   * OIDC_REQUIRED_AMR / OIDC_REQUIRED_ACR (issue 18 item 5): tokens must name one of these `amr`
   * methods (e.g. mfa, otp, hwk) and carry one of these `acr` values; empty lists require nothing.
   * For external issuers, which do their own MFA; the built-in provider sets amr ["pwd","otp"].
   */
  requiredMfa?: { amr: string[]; acr: string[] };
  /**
   * OIDC_PROMPT (issue 34): the `prompt` the web app sends with every sign-in at an external issuer.
   * Unset: `consent`, since OIDC Core §11 lets an issuer ignore `offline_access` (no refresh token)
   * without it; empty: none (Entra ID and Auth0 give refresh tokens without it and would ask for
   * consent at every sign-in). Never sent to the built-in provider.
   */
  prompt?: string;
  /**
   * OIDC_SCOPE (issue 34): the scope the web app asks for. Unset: `openid profile email offline_access`.
   * Entra ID issues an access token for Odin's API only when one of the API's own scopes is asked
   * (`api://<app id>/access_as_user`), so an agency on Entra adds it here.
   */
  scope?: string;
}

const listOf = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * built-in: Odin's own provider, passwords hashed in Odin. auth0: accounts are created and passwords
 * set through the Auth0 Management API (a machine-to-machine application with create:users and
 * update:users). none: an external issuer Odin cannot administer; accounts are made there.
 */
export type IdentityAdminConfig =
  | { kind: "built-in" }
  | { kind: "none" }
  | {
      kind: "auth0";
      /** The tenant's host, e.g. odin.us.auth0.com. */
      domain: string;
      clientId: string;
      clientSecret: string;
      /** The database connection new users are created in. */
      connection: string;
      /** The web app's client id, which Auth0's change-password mail is sent for. */
      appClientId: string;
    };

function identityAdminConfig(env: Env, builtIn: boolean): IdentityAdminConfig {
  const kind = env.IDP_ADMIN ?? (builtIn ? "built-in" : "none");
  if (kind === "built-in" && !builtIn) {
    throw new ConfigError("IDP_ADMIN", "cannot be built-in with an external OIDC_ISSUER (use auth0 or none)");
  }
  if (kind !== "auth0") return { kind };
  if (builtIn) throw new ConfigError("IDP_ADMIN", "auth0 needs OIDC_ISSUER set to the Auth0 tenant");
  for (const name of ["AUTH0_DOMAIN", "AUTH0_MGMT_CLIENT_ID", "AUTH0_MGMT_CLIENT_SECRET"] as const) {
    if (!env[name]) throw new ConfigError(name, "is required when IDP_ADMIN=auth0");
  }
  return {
    kind,
    domain: env.AUTH0_DOMAIN!,
    clientId: env.AUTH0_MGMT_CLIENT_ID!,
    clientSecret: env.AUTH0_MGMT_CLIENT_SECRET!,
    connection: env.AUTH0_CONNECTION,
    appClientId: env.OIDC_CLIENT_ID,
  };
}

/** Hosts the owner named: the explicit allowance and the hosts of the service URLs set in the environment. */
function ownerAllowedHosts(env: Env): string[] {
  const urls = [
    env.REKOR_BASE_URL,
    env.REVERSE_GEOCODE_URL ?? undefined,
    env.MAP_TILE_URL_DARK,
    env.MAP_TILE_URL_LIGHT,
  ];
  const hosts = urls.flatMap((value) => (value ? urlHost(value) : []));
  return [...new Set([...(env.ODIN_ALLOWED_PRIVATE_HOSTS ?? []), ...hosts])];
}

function urlHost(value: string): string[] {
  try {
    return /^https?:\/\//i.test(value) ? [new URL(value.replace(/[{}]/g, "")).hostname] : [];
  } catch {
    return [];
  }
}

/** The process environment; server.ts passes it to loadConfig (tests pass their own). */
export function processEnv(): NodeJS.ProcessEnv {
  return process.env;
}

/** Where the plain-Node guide keeps the service's configuration (docs/self-hosting.md). */
export const DEFAULT_ENV_FILE = "/etc/odin/odin.env";

/**
 * The CLI reads the service's own configuration (issue 35 item 2): the env file the systemd unit
 * loads (`EnvironmentFile=`), in the same KEY=value syntax. Variables already set in the command's
 * environment win, so one value can be overridden for one run. Answers the variables it added.
 */
export function applyEnvFile(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(
      "--env-file",
      code === "EACCES"
        ? `${file} is not readable by this user: run the command as the service's user (sudo -u odin …) or as root`
        : `${file} cannot be read (${code ?? String(error)})`,
    );
  }
  const added: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (process.env[name] !== undefined) continue;
    process.env[name] = value;
    added.push(name);
  }
  return added;
}

/**
 * Secrets kept out of the environment (issue 35 item 1): any variable may instead be given as a file,
 * `NAME_FILE=/etc/odin/secrets.key` (Docker and Kubernetes secrets), or as a systemd credential named
 * NAME (`LoadCredential=ODIN_SECRETS_KEY:/etc/odin/secrets.key`, read from $CREDENTIALS_DIRECTORY).
 * The file's text less its trailing line break is the value. Answers the environment with those values
 * filled in, and where each variable that came from a file came from.
 */
export function withSecretFiles(source: NodeJS.ProcessEnv): {
  env: NodeJS.ProcessEnv;
  fromFile: Map<string, string>;
} {
  const env: NodeJS.ProcessEnv = { ...source };
  const fromFile = new Map<string, string>();
  const read = (variable: string, file: string, what: string) => {
    try {
      return readFileSync(file, "utf8").replace(/\r?\n$/, "");
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === "EACCES" ? "not readable by this user" : "missing";
      throw new ConfigError(variable, `${what} ${file} is ${reason}`);
    }
  };
  for (const name of Object.keys(ZEnv.shape)) {
    const file = source[`${name}_FILE`];
    if (file) {
      if (source[name] !== undefined) {
        throw new ConfigError(`${name}_FILE`, `and ${name} are both set: keep one`);
      }
      env[name] = read(`${name}_FILE`, file, "names a file that");
      fromFile.set(name, `${name}_FILE (${file})`);
    } else if (source.CREDENTIALS_DIRECTORY && source[name] === undefined) {
      const credential = path.join(source.CREDENTIALS_DIRECTORY, name);
      if (existsSync(credential)) {
        env[name] = read(name, credential, "the systemd credential");
        fromFile.set(name, `the systemd credential ${name}`);
      }
    }
  }
  return { env, fromFile };
}

export function loadConfig(given: NodeJS.ProcessEnv, projectRoot: string): Config {
  const { env: source, fromFile } = withSecretFiles(given);
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? "environment");
    throw new ConfigError(
      variable,
      issue.message.startsWith("must") ? issue.message : `is invalid: ${issue.message}`,
    );
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  if (isProduction && !env.DATABASE_URL) {
    throw new ConfigError("DATABASE_URL", "is required in production (a postgresql:// URL)");
  }
  if (isProduction && !env.ODIN_SECRETS_KEY) {
    throw new ConfigError("ODIN_SECRETS_KEY", "is required in production (32 bytes: `openssl rand -hex 32`)");
  }
  if (env.DATABASE_MIGRATION_URL && !env.DATABASE_URL) {
    throw new ConfigError("DATABASE_MIGRATION_URL", "needs DATABASE_URL (the role Odin runs as) set too");
  }
  const dataDir = path.resolve(projectRoot, env.ODIN_DATA_DIR ?? ".data");
  const storage = storageConfig(env, dataDir, projectRoot);
  const seedDemo = env.ODIN_SEED_DEMO ?? !env.DATABASE_URL;
  const publicUrl = (env.ODIN_PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  const builtIn = env.OIDC_BUILT_IN ?? !env.OIDC_ISSUER;
  if (!builtIn && !env.OIDC_ISSUER) {
    throw new ConfigError(
      "OIDC_ISSUER",
      "is required when OIDC_BUILT_IN=false (the issuer URL of Auth0, Keycloak, ...)",
    );
  }
  return {
    env: env.NODE_ENV,
    isProduction,
    host: env.HOST ?? (isProduction ? "0.0.0.0" : "127.0.0.1"),
    trustProxy: env.TRUST_PROXY,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    databaseMigrationUrl: env.DATABASE_MIGRATION_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    readReplicas: { urls: env.DATABASE_READ_URLS ?? [], maxLagMs: env.DATABASE_READ_MAX_LAG_MS },
    dataDir,
    embeddedSharedBuffers: env.ODIN_PG_SHARED_BUFFERS ?? embeddedSharedBuffers(),
    role: env.ODIN_ROLE,
    storage,
    secretsKey: env.ODIN_SECRETS_KEY,
    secretsKeySource: env.ODIN_SECRETS_KEY
      ? (fromFile.get("ODIN_SECRETS_KEY") ?? "ODIN_SECRETS_KEY")
      : `the data folder's key (${path.join(dataDir, "secrets.key")})`,
    publicUrl,
    webDistDir: path.resolve(projectRoot, env.ODIN_WEB_DIST ?? "apps/web/dist"),
    seedDemo,
    migrateOnStart: env.ODIN_MIGRATE_ON_START,
    // Request logs matter in production; on a laptop they drown the start banner.
    logLevel: env.LOG_LEVEL ?? (isProduction ? "info" : "warn"),
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    identity: {
      builtIn,
      issuer: builtIn ? `${publicUrl}/oidc` : env.OIDC_ISSUER!, // exact, trailing slash included (Auth0 has one)
      clientId: env.OIDC_CLIENT_ID,
      audience: env.OIDC_AUDIENCE,
      requiredMfa: { amr: listOf(env.OIDC_REQUIRED_AMR), acr: listOf(env.OIDC_REQUIRED_ACR) },
      ...(builtIn ? {} : { prompt: env.OIDC_PROMPT ?? "consent" }),
      ...(env.OIDC_SCOPE ? { scope: env.OIDC_SCOPE } : {}),
    },
    identityAdmin: identityAdminConfig(env, builtIn),
    ownerUsername: env.OWNER_USERNAME,
    outbound: { allowedPrivateHosts: ownerAllowedHosts(env) },
    passwords: { minLength: env.PASSWORD_MIN_LENGTH },
    sessions: { idleMs: env.SESSION_IDLE_MINUTES * 60_000, maxMs: env.SESSION_MAX_HOURS * 3_600_000 },
    lockoutMs: env.LOCKOUT_MINUTES * 60_000,
    signInFailuresPerAddress: { max: env.SIGN_IN_FAILURES_PER_ADDRESS, windowMs: 15 * 60_000 },
    rekor: { defaultBaseUrl: (env.REKOR_BASE_URL ?? DEFAULT_REKOR_BASE_URL).replace(/\/+$/, "") },
    search: {
      sourceTimeoutMs: env.SEARCH_SOURCE_TIMEOUT_MS,
      // Issue 36 (F17): a user's investigations at once; a slot a dead process held runs out after
      // twice the longest a source may take, at least a minute.
      investigations: {
        perUser: env.INVESTIGATIONS_PER_USER,
        holdSeconds: Math.max(60, Math.ceil((2 * env.SEARCH_SOURCE_TIMEOUT_MS) / 1000)),
      },
      maxResultsPerSource: env.SEARCH_MAX_RESULTS_PER_SOURCE,
      similarIndexIntervalMs: env.SIMILAR_INDEX_INTERVAL_MS,
      pageSize: env.SEARCH_PAGE_SIZE,
    },
    detections: {
      ingestMaxBytes: env.AXIS_INGEST_MAX_BYTES,
      retentionDays: env.DETECTION_RETENTION_DAYS,
      partition: env.DETECTION_PARTITION,
      imagesDir: path.join(storage.kind === "filesystem" ? storage.root : dataDir, "images"),
    },
    cameras: { silentAfterMinutes: env.CAMERA_SILENT_AFTER_MINUTES },
    transparency: { cacheMs: env.TRANSPARENCY_CACHE_SECONDS * 1000 },
    alerts: {
      axonPollIntervalMs: env.AXON_POLL_INTERVAL_MS,
      retentionDays: env.ALERT_RETENTION_DAYS,
      delivery: {
        pollMs: env.ALERT_DELIVERY_POLL_MS,
        maxAttempts: env.ALERT_DELIVERY_MAX_ATTEMPTS,
        retryBaseMs: env.ALERT_DELIVERY_RETRY_BASE_MS,
        retryMaxMs: env.ALERT_DELIVERY_RETRY_MAX_MS,
        webhookTimeoutMs: env.WEBHOOK_TIMEOUT_MS,
        webhookDisableAfterFailures: env.WEBHOOK_DISABLE_AFTER_FAILURES,
      },
    },
    uploads: { maxFileBytes: env.UPLOAD_MAX_BYTES },
    demoSimulators: {
      enabled: env.ODIN_DEMO_SIMULATORS ?? (seedDemo && !isProduction),
      rekorPort: env.SIMULATOR_REKOR_PORT,
      axonPort: env.SIMULATOR_AXON_PORT,
      mapsPort: env.SIMULATOR_MAPS_PORT,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    push: pushConfig(env, publicUrl),
    exports: {
      maxRecords: env.EXPORT_MAX_RECORDS,
      timeZone: env.EXPORT_TIME_ZONE,
      verifyTimeoutMs: env.EXPORT_VERIFY_TIMEOUT_MS,
    },
    map: {
      darkTileUrl: env.MAP_TILE_URL_DARK ?? DEFAULT_MAP_SETTINGS.darkTileUrl,
      lightTileUrl: env.MAP_TILE_URL_LIGHT ?? DEFAULT_MAP_SETTINGS.lightTileUrl,
      attribution: env.MAP_TILE_ATTRIBUTION ?? DEFAULT_MAP_SETTINGS.attribution,
      maxZoom: env.MAP_MAX_ZOOM ?? DEFAULT_MAP_SETTINGS.maxZoom,
    },
    geocode: {
      url: env.REVERSE_GEOCODE_URL === undefined ? DEFAULT_REVERSE_GEOCODE_URL : env.REVERSE_GEOCODE_URL,
      userAgent: env.REVERSE_GEOCODE_USER_AGENT,
      cacheSize: env.REVERSE_GEOCODE_CACHE_SIZE,
      timeoutMs: 3000,
    },
    serviceDefaults: {
      darkTileUrl: env.MAP_TILE_URL_DARK === undefined,
      lightTileUrl: env.MAP_TILE_URL_LIGHT === undefined,
      attribution: env.MAP_TILE_ATTRIBUTION === undefined,
      geocodeUrl: env.REVERSE_GEOCODE_URL === undefined,
      rekorBaseUrl: env.REKOR_BASE_URL === undefined,
    },
  };
}

/**
 * Demo mode: the map tiles and reverse geocoding the environment does not configure come from the
 * maps simulator started with Odin (`mapsUrl`), and new Rekor keys the Rekor simulator (`rekorUrl`), so
 * the demo works offline. Pure: returns a new config.
 */
export function withDemoServices(
  config: Config,
  { mapsUrl, rekorUrl, axonUrl }: { mapsUrl: string; rekorUrl?: string; axonUrl?: string },
): Config {
  const use = config.serviceDefaults;
  // Each simulator's host AND port (issue 36): the rest of this machine stays out of reach.
  const simulatorHosts = [mapsUrl, rekorUrl, axonUrl].flatMap((url) => (url ? [new URL(url).host] : []));
  return {
    ...config,
    // The simulators listen on this machine: the demo's integrations reach them by the owner's leave.
    outbound: {
      allowedPrivateHosts: [...new Set([...config.outbound.allowedPrivateHosts, ...simulatorHosts])],
    },
    map: {
      ...config.map,
      darkTileUrl: use.darkTileUrl ? `${mapsUrl}/tiles/dark/{z}/{x}/{y}.png` : config.map.darkTileUrl,
      lightTileUrl: use.lightTileUrl ? `${mapsUrl}/tiles/light/{z}/{x}/{y}.png` : config.map.lightTileUrl,
      attribution: use.attribution ? DEMO_MAP_ATTRIBUTION : config.map.attribution,
    },
    geocode: { ...config.geocode, url: use.geocodeUrl ? mapsUrl : config.geocode.url },
    // Keys added in the demo point at the Rekor simulator, like the seeded ones.
    rekor: { defaultBaseUrl: use.rekorBaseUrl && rekorUrl ? rekorUrl : config.rekor.defaultBaseUrl },
  };
}
