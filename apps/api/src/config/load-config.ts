import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_MAP_SETTINGS } from "@odin/contract";
import { embeddedSharedBuffers } from "@odin/db/embedded";
import { ConfigError } from "./config-error";
import type { Config } from "./config-types";
import { ZEnv, type Env } from "./env-schema";
import { identityAdminConfig, identityConfig } from "./identity-config";
import { pushConfig } from "./push-config";
import { storageConfig } from "./storage-config";

export const DEFAULT_REVERSE_GEOCODE_URL = "https://nominatim.openstreetmap.org";
/** Rekor Scout's cloud (OpenALPR Cloud) API host; on-premises agencies set REKOR_BASE_URL. */
export const DEFAULT_REKOR_BASE_URL = "https://cloud.openalpr.com";
export const DEMO_MAP_ATTRIBUTION = "Simulated map &middot; Odin demo";

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
    identity: identityConfig(env, publicUrl, builtIn),
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
    cameras: {
      silentAfterMinutes: env.CAMERA_SILENT_AFTER_MINUTES,
      silentAlertAfterHours: env.CAMERA_SILENT_ALERT_HOURS,
    },
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
