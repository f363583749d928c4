import path from "node:path";
import type { BlobStoreConfig } from "../storage/blob-store";
import { ConfigError } from "./config-error";
import type { Env } from "./env-schema";

/**
 * Where Odin's own files go (storage/blob-store.ts): a folder (ODIN_FILES_DIR, by default the data
 * folder) or an S3-compatible bucket (ODIN_FILE_STORE=s3, its pair of keys or the SDK's defaults).
 */
export function storageConfig(env: Env, dataDir: string, projectRoot: string): BlobStoreConfig {
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
