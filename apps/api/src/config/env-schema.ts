/**
 * The environment Odin reads, as a zod schema: every variable, its default and the sentence a bad
 * value is refused with. loadConfig (load-config.ts) parses it and turns it into the Config.
 */
import { EXPORT_RECORDS_LIMIT, SEARCH_PAGE_SIZE_MAX } from "@odin/contract";
import { PG_MEMORY_SIZE } from "@odin/db/embedded";
import { parseDatabaseUrl } from "@odin/db/hosts";
import { z } from "zod";
import ipaddr from "ipaddr.js";
import { isAllowanceEntry, parseAllowedHosts } from "../lib/outbound-http";

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

export const ZEnv = z.object({
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
  /** Issue 40 item 6: a camera silent this many hours is e-mailed and posted to its agency's admins and webhooks, once per silence (0: never). */
  CAMERA_SILENT_ALERT_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 24)
    .default(6),
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
