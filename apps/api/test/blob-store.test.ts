import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { buildAxisEvent, createDataset, ImageRenderer } from "@odin/simulators";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/env";
import {
  createBlobStore,
  createFileBlobStore,
  createS3BlobStore,
  type BlobStore,
} from "../src/storage/blob-store";
import { createHotlistFiles } from "../src/modules/hotlists/hotlist-files";
import { buildTestApp, filesUnder, type TestApp } from "./helpers";
import { mintToken, seedPersonas } from "./tokens";

const BUCKET = "odin-test";
const CREDENTIALS = { S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };

/**
 * Issue 21.1: every stored file goes through a BlobStore; the filesystem one and the S3 one (against
 * s3rver, a real S3-compatible HTTP server on this machine, through @aws-sdk/client-s3) keep the same
 * promises, and with files in a bucket replica B serves a picture pushed to replica A.
 */
describe("BlobStore: a shared folder or an S3 bucket", () => {
  let s3: S3rver;
  let s3Dir: string;
  let filesDir: string;
  let endpoint: string;

  beforeAll(async () => {
    s3Dir = await mkdtemp(path.join(os.tmpdir(), "odin-s3rver-"));
    filesDir = await mkdtemp(path.join(os.tmpdir(), "odin-blobs-"));
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const address: AddressInfo = await s3.run();
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await s3?.close();
    await rm(s3Dir, { recursive: true, force: true });
    await rm(filesDir, { recursive: true, force: true });
  });

  const s3Store = (prefix: string) =>
    createS3BlobStore({
      bucket: BUCKET,
      prefix,
      endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });

  const stores: [string, () => BlobStore][] = [
    ["filesystem", () => createFileBlobStore(filesDir)],
    ["S3", () => s3Store("contract/")],
  ];

  describe.each(stores)("%s", (_name, make) => {
    it("stores, answers, overwrites and removes by key; a missing key is null, removing it is fine", async () => {
      const store = make();
      const key = "axis/7/2026/11/25/00000000-0000-4000-8000-000000000001.jpg";
      expect(await store.get(key)).toBeNull();
      await store.put(key, Buffer.from("first"), "image/jpeg");
      expect((await store.get(key))?.toString()).toBe("first");
      await store.put(key, Buffer.from("second"), "image/jpeg");
      expect((await store.get(key))?.toString()).toBe("second");
      await store.put("attachments/a.pdf", Buffer.from("%PDF"), "application/pdf");
      await store.remove([key, "attachments/a.pdf", "never/stored.jpg"]);
      expect(await store.get(key)).toBeNull();
      expect(await store.get("attachments/a.pdf")).toBeNull();
      await store.remove([]);
    });

    it("refuses keys that climb out of the store before any I/O", async () => {
      const store = make();
      for (const key of ["../etc/passwd", "/etc/passwd", "a/../../b", "a\\b", "", "a//b"]) {
        await expect(store.get(key), key).rejects.toThrow(/not a blob key/);
        await expect(store.put(key, Buffer.from("x"), "text/plain"), key).rejects.toThrow(/not a blob key/);
      }
    });

    it("removes more keys than one S3 delete call takes (1,000)", async () => {
      const store = make();
      const keys = Array.from({ length: 1005 }, (_, i) => `bulk/${i}.jpg`);
      await Promise.all(
        keys
          .slice(0, 3)
          .concat(keys.slice(-3))
          .map((key) => store.put(key, Buffer.from(key), "image/jpeg")),
      );
      await store.remove(keys);
      for (const key of keys.slice(0, 3).concat(keys.slice(-3))) expect(await store.get(key)).toBeNull();
    });
  });

  it("keeps areas apart: the hotlists' files and the pictures never share a key", async () => {
    const config = {
      kind: "s3" as const,
      bucket: BUCKET,
      prefix: "areas/",
      endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    };
    const hotlists = createHotlistFiles(createBlobStore(config, "hotlists"));
    const name = await hotlists.attachments.put(Buffer.from("%PDF-1.4"), "pdf");
    expect((await hotlists.attachments.get(name))?.toString()).toBe("%PDF-1.4");
    expect(await hotlists.groupImages.get(name)).toBeNull();
    expect((await s3Store("areas/hotlists/").get(`attachments/${name}`))?.toString()).toBe("%PDF-1.4");
    await hotlists.attachments.remove([name]);
    expect(await hotlists.attachments.get(name)).toBeNull();
  });

  it("reads its configuration from the environment: S3 needs a bucket, and both keys or neither", () => {
    const root = "/srv/odin";
    expect(loadConfig({ ODIN_DATA_DIR: "/data" }, root).storage).toEqual({
      kind: "filesystem",
      root: "/data",
    });
    expect(loadConfig({ ODIN_FILES_DIR: "/shared/odin" }, root).storage).toEqual({
      kind: "filesystem",
      root: "/shared/odin",
    });
    expect(() => loadConfig({ ODIN_FILE_STORE: "s3" }, root)).toThrow(/S3_BUCKET is required/);
    expect(() =>
      loadConfig({ ODIN_FILE_STORE: "s3", S3_BUCKET: "odin", S3_ACCESS_KEY_ID: "x" }, root),
    ).toThrow(/S3_SECRET_ACCESS_KEY must be set together/);
    expect(
      loadConfig(
        { ODIN_FILE_STORE: "s3", S3_BUCKET: "odin", S3_ENDPOINT: "http://minio:9000/", S3_PREFIX: "odin/" },
        root,
      ).storage,
    ).toEqual({
      kind: "s3",
      bucket: "odin",
      prefix: "odin/",
      endpoint: "http://minio:9000",
      region: "us-east-1",
      forcePathStyle: true,
    });
    expect(loadConfig({ ODIN_FILE_STORE: "s3", S3_BUCKET: "odin" }, root).storage).toMatchObject({
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_PREFIX: "../" }, root)).toThrow(/S3_PREFIX/);
  });

  describe("two replicas with the files in a bucket", () => {
    let a: TestApp;
    let b: TestApp;
    let dataDir: string;
    const camera = DEMO_AGENCIES.find((agency) => agency.key === "hartford")!.axis[0]!;

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), "odin-s3-replicas-"));
      const env = {
        ODIN_DATA_DIR: dataDir,
        ODIN_FILE_STORE: "s3",
        S3_BUCKET: BUCKET,
        S3_PREFIX: "replicas/",
        S3_ENDPOINT: endpoint,
        ...CREDENTIALS,
      };
      a = await buildTestApp(env, { listen: true });
      b = await buildTestApp(env, { replicaOf: a });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it("B serves the picture of a read pushed to A, and nothing was written to the local disk", async () => {
      const subjects = await seedPersonas(a);
      const [read] = [...createDataset({ now: Date.now(), axisReads: 20 }).axis()].filter(
        (candidate) => candidate.camera.integration.identifier === camera.identifier,
      );
      const event = await buildAxisEvent(read!, { renderer: new ImageRenderer() });
      const pushed = await fetch(`${a.baseUrl}/ingest/axis/${camera.identifier}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${camera.ingestToken}` },
        body: JSON.stringify(event),
      });
      expect(pushed.status).toBe(201);
      const { id } = (await pushed.json()) as { id: string };
      const row = await a.prisma.detection.findFirstOrThrow({ where: { id: BigInt(id) } });
      expect(row.imagePath).toMatch(/^axis\/\d+\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}\.jpg$/);

      const picture = await b.app.inject({
        method: "GET",
        url: `/axis/proxy-detection-image?id=axis-${id}`,
        headers: { authorization: `Bearer ${await mintToken(b, subjects.investigator)}` },
      });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers["content-type"]).toBe("image/jpeg");
      expect(picture.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(await s3Store("replicas/images/").get(row.imagePath!)).toEqual(picture.rawPayload);
      expect(await filesUnder(path.join(dataDir, "images"))).toEqual([]);
    });
  });
});
