import type { TAppConfig } from "@odin/contract";
import type { BlobStoreConfig } from "../storage/blob-store";
import type { Env, OdinRole } from "./env-schema";
import type { IdentityAdminConfig, IdentityConfig } from "./identity-config";
import type { PushConfig } from "./push-config";

/** What the API runs with, made once at start-up from the environment by loadConfig (load-config.ts). */
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
  cameras: {
    silentAfterMinutes: number;
    /** Issue 40 item 6: after this many hours of silence the agency's admins and webhooks are told, once (0: never). */
    silentAlertAfterHours: number;
  };
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
