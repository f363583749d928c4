import type { Worker } from "node:worker_threads";
import { deflateRawSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startExportFixture, type ExportFixture } from "./export-helpers";
import { craftZip, sealOf, zeroBomb } from "./zip-bombs";

/**
 * Issue 36, F15, the entries that lie: a ZIP carrying a genuine export's seal whose directory says an
 * entry is small while its deflate stream unpacks to hundreds of megabytes. The check inflates each
 * entry as a stream in a worker thread and stops it the moment it passes its declared size, so the
 * archive is refused (413, the reason in words) instead of costing seconds of CPU; a damaged entry is
 * a problem of a file that is not valid, not a refusal; and the server answers while a check runs.
 */

const MANIFEST = { name: "manifest.json", data: Buffer.from("{}"), method: 0, declaredSize: 2 } as const;

/** The next worker thread started in this process, and a hold on its answers until `release()`. */
function holdNextWorker(): { started: Promise<void>; release: () => void } {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const started = new Promise<void>((resolve) =>
    // 'worker' is emitted on the tick after a Worker is made, before it can post anything.
    process.once("worker", (worker: Worker) => {
      const emit = worker.emit.bind(worker);
      worker.emit = (event: string | symbol, ...args: unknown[]) => {
        if (event !== "message") return emit(event, ...args);
        void held.then(() => emit(event, ...args));
        return true;
      };
      resolve();
    }),
  );
  return { started, release };
}

describe("the bounded check of an uploaded ZIP (F15): entries that lie about their size", () => {
  let f: ExportFixture;
  let genuine: Buffer;

  beforeAll(async () => {
    f = await startExportFixture();
    const res = await f.exportAs("zip", {
      records: f.pick({ Rekor: 1, Axon: 1, Axis: 1 }),
      justification: "Case 2026-3602: an export whose seal is reused",
    });
    expect(res.statusCode, res.body).toBe(200);
    genuine = res.rawPayload;
  });
  afterAll(() => f?.close());

  async function verify(file: Buffer) {
    const boundary = "----odin-verify-bounds";
    return f.t.app.inject({
      method: "POST",
      url: "/verify-export",
      headers: {
        authorization: `Bearer ${await f.token()}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="export.zip"\r\n` +
            "Content-Type: application/zip\r\n\r\n",
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  }

  it("refuses an entry the moment it unpacks past its declared size (413), the server answering meanwhile", async () => {
    // 660 MB of zeros behind a directory that says 100 bytes, with a genuine export's seal.
    const bomb = craftZip(
      [MANIFEST, { name: "records.csv", data: zeroBomb(2_560_000), method: 8, declaredSize: 100 }],
      sealOf(genuine),
    );
    const worker = holdNextWorker();
    const order: string[] = [];
    const verifying = verify(bomb).then((res) => (order.push("verify"), res));
    // The check is in a worker thread, whose answer is held: the event loop must still serve others.
    await worker.started;
    const health = await f.t.app.inject({ method: "GET", url: "/healthz" });
    order.push("healthz");
    expect(health.statusCode).toBe(200);
    worker.release();
    const res = await verifying;
    expect(order).toEqual(["healthz", "verify"]);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({
      error: {
        code: "PAYLOAD_TOO_LARGE",
        message:
          "records.csv unpacks to more than the 100 bytes the archive declares for it: no file of an Odin export does.",
      },
    });
  });

  it("still verifies a genuine export, and calls a damaged entry a problem of a file not valid (200)", async () => {
    const good = await verify(genuine);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ valid: true, kind: "zip", problems: [], files: expect.any(Number) });

    // The first deflated entry's data made an invalid deflate block (BTYPE 11): it cannot be unpacked.
    const damaged = Buffer.from(genuine);
    const { name, dataStart } = firstDeflatedEntry(damaged);
    damaged[dataStart] = 0xff;
    const bad = await verify(damaged);
    expect(bad.statusCode, bad.body).toBe(200);
    expect(bad.json().valid).toBe(false);
    expect(bad.json().problems).toEqual(
      expect.arrayContaining([
        "The file was changed after it was exported: its SHA-256 is not the signed one.",
        `${name} cannot be unpacked: it was changed after it was exported.`,
      ]),
    );
  });

  it("refuses a manifest.json listing more files than an export holds, without listing them (413)", async () => {
    // 15 MB of JSON (inside every size bound) whose 400,000 listed files were each a problem to name,
    // parsed and answered on the event loop.
    const files = Array.from({ length: 400_000 }, (_, i) => ({
      path: `f${i}`,
      size: 1,
      sha256: "0",
    }));
    const json = Buffer.from(JSON.stringify({ export_id: "x", files, signature: "a.b.c" }));
    const deflated = deflateRawSync(json);
    const crafted = craftZip(
      [{ name: "manifest.json", data: deflated, method: 8, declaredSize: json.length }],
      sealOf(genuine),
    );
    const res = await verify(crafted);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(413);
    expect(res.json()).toEqual({
      error: {
        code: "PAYLOAD_TOO_LARGE",
        message: "manifest.json lists 400,000 files: no export of Odin's lists more than 15,010.",
      },
    });
  });
});

/** The name and data offset of the first deflated entry of a ZIP (its central directory's order). */
function firstDeflatedEntry(zip: Buffer): { name: string; dataStart: number } {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < zip.readUInt16LE(eocd + 10); i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    if (zip.readUInt16LE(at + 10) === 8)
      return {
        name,
        dataStart: local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28),
      };
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  throw new Error("no deflated entry");
}
