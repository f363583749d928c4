import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";

/**
 * Every file Odin keeps itself (Axis pictures, alert crops, hotlist attachments, group pictures) goes
 * through a BlobStore, so replicas share them: a folder on a volume every replica mounts, or a bucket
 * of an S3-compatible service (AWS S3, MinIO, Ceph). The database holds keys (relative paths such as
 * `axis/12/2026/11/25/{uuid}.jpg`), never a disk path, so a site can move from one store to the other
 * by copying the files under the same keys.
 */
export interface BlobStore {
  /** Where the files are, for logs and the start banner (never a secret). */
  readonly description: string;
  /** Stores the bytes under the key, whole or not at all (a reader never sees half a file). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes keys; missing ones are fine (a purge may be repeated). */
  remove(keys: Iterable<string>): Promise<void>;
}

/** A key is a relative path of plain segments: no `..`, no leading slash, no backslash. */
const SAFE_KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function assertBlobKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split("/").includes("..")) throw new Error(`not a blob key: ${key}`);
}

/** Files under a folder (a shared volume when there are replicas); writes go to a temporary file, then rename. */
export function createFileBlobStore(root: string): BlobStore {
  const absolute = (key: string) => {
    assertBlobKey(key);
    return path.join(root, key);
  };
  return {
    description: `folder ${root}`,
    async put(key, body) {
      const target = absolute(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, target);
    },
    async get(key) {
      try {
        return await readFile(absolute(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(keys) {
      await Promise.all([...keys].map((key) => rm(absolute(key), { force: true })));
    },
  };
}

export interface S3BlobStoreOptions {
  bucket: string;
  /** Prepended to every key, e.g. `odin/images/`; may be empty. */
  prefix: string;
  /** Absent for AWS itself; the service's URL for MinIO, Ceph and the like. */
  endpoint?: string;
  region: string;
  /** MinIO and most self-hosted services want `{endpoint}/{bucket}/{key}` rather than a bucket host name. */
  forcePathStyle: boolean;
  /** Absent: the SDK's default chain (environment, instance or pod role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** S3 answers at most 1,000 keys per DeleteObjects call. */
const DELETE_BATCH = 1000;

/** A bucket of an S3-compatible service, through @aws-sdk/client-s3. */
export function createS3BlobStore(options: S3BlobStoreOptions, client = createS3Client(options)): BlobStore {
  const objectKey = (key: string) => {
    assertBlobKey(key);
    return `${options.prefix}${key}`;
  };
  return {
    description: `bucket ${options.bucket}${options.prefix ? ` (prefix ${options.prefix})` : ""}${
      options.endpoint ? ` at ${options.endpoint}` : ""
    }`,
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(key) }),
        );
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async remove(keys) {
      const all = [...keys].map(objectKey);
      for (let start = 0; start < all.length; start += DELETE_BATCH) {
        const batch = all.slice(start, start + DELETE_BATCH);
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket: options.bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = (answer.Errors ?? []).filter((error) => error.Code !== "NoSuchKey");
        if (failed.length > 0) {
          throw new Error(
            `S3 refused to delete ${failed.length} object(s): ${failed[0]!.Code} ${failed[0]!.Key}`,
          );
        }
      }
    },
  };
}

export function createS3Client(options: Omit<S3BlobStoreOptions, "bucket" | "prefix">): S3Client {
  return new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where S3 requires them: MinIO, Ceph and older services refuse the newer defaults.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** Which store the configuration names; see README ("Stored files") and config/env.ts. */
export type BlobStoreConfig = { kind: "filesystem"; root: string } | ({ kind: "s3" } & S3BlobStoreOptions);

/**
 * The store for one area of files (`images`, `hotlists`): a sub-folder of the root, or a sub-prefix of
 * the bucket, so the areas never share keys.
 */
export function createBlobStore(config: BlobStoreConfig, area: string, client?: S3Client): BlobStore {
  if (config.kind === "filesystem") return createFileBlobStore(path.join(config.root, area));
  return createS3BlobStore({ ...config, prefix: `${config.prefix}${area}/` }, client);
}
