import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inflateRawSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyExportCommand } from "../src/cli/verify-export-command";
import { ZIP_LIMITS } from "../src/modules/exports/bounded-unzip";
import { startExportFixture, type ExportFixture } from "./export-helpers";
import { craftZip, sealOf, zeroBomb } from "./zip-bombs";

/**
 * Issue 36, F15: any signed-in user could stall the API through POST /verify-export with a ZIP that
 * carries a genuine export's seal (anyone can export their own search) around content that inflates
 * to gigabytes: the server inflated it whole, in memory, on the event loop. Now the archive's
 * directory is held to what an export can be before anything is inflated, and the inflating happens
 * in a worker thread with a time limit; the command shares the check.
 */

describe("verifying an uploaded export cannot take the server (F15)", () => {
  let f: ExportFixture;
  let seal: Buffer;
  let dir: string;

  beforeAll(async () => {
    f = await startExportFixture({ EXPORT_VERIFY_TIMEOUT_MS: "15000" });
    const genuine = await f.exportAs("zip", {
      records: f.pick({ Axis: 1 }),
      justification: "Case 2026-3601: an export whose seal is reused",
    });
    expect(genuine.statusCode, genuine.body).toBe(200);
    seal = sealOf(genuine.rawPayload);
    expect(seal.toString("latin1")).toMatch(/^ODIN-SEAL /);
    dir = await mkdtemp(path.join(os.tmpdir(), "odin-verify-bomb-"));
  });
  afterAll(async () => {
    await f?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function verify(file: Buffer) {
    const boundary = "----odin-verify-bomb";
    return f.t.app.inject({
      method: "POST",
      url: "/verify-export",
      headers: {
        authorization: `Bearer ${await f.token()}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bomb.zip"\r\n` +
            "Content-Type: application/zip\r\n\r\n",
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  }

  const manifest = { name: "manifest.json", data: Buffer.from("{}"), method: 0, declaredSize: 2 } as const;

  it("refuses, before inflating anything, an entry larger than any file of an export (413)", async () => {
    const bomb = zeroBomb(300_000); // 77 MB of zeros in 488 kB
    expect(inflateRawSync(bomb).length).toBe(1 + 258 * 300_000);
    const file = craftZip(
      [manifest, { name: "evidence.bin", data: bomb, method: 8, declaredSize: 1 + 258 * 300_000 }],
      seal,
    );
    const res = await verify(file);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({
      error: {
        code: "PAYLOAD_TOO_LARGE",
        message: `evidence.bin would unpack to 74 MB: no file of an Odin export is larger than ${ZIP_LIMITS.entryBytes / 1024 / 1024} MB.`,
      },
    });
  });

  it("refuses more entries than an export holds, and a total larger than an export unpacks to", async () => {
    const many = Array.from({ length: ZIP_LIMITS.entries + 1 }, (_, i) => ({
      name: `f${i}.txt`,
      data: Buffer.alloc(0),
      method: 0 as const,
      declaredSize: 0,
    }));
    const tooMany = await verify(craftZip(many, seal));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error.message).toMatch(
      /more than 15,010 files: no export of Odin's holds that many/,
    );

    // Deflated entries whose directory claims 20 MB each (from 220 kB, under the ratio): 7 of them
    // claim more than an export's JSON and CSV unpack to (stored pictures are the file's own bytes).
    const parts = Array.from({ length: 7 }, (_, i) => ({
      name: `part${i}.csv`,
      data: Buffer.alloc(220 * 1024),
      method: 8 as const,
      declaredSize: 20 * 1024 * 1024,
    }));
    const tooBig = await verify(craftZip(parts, seal));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toMatch(/would unpack to more than 128 MB/);
  });

  // An entry that lies about its size (refused the moment it passes it, the server answering
  // meanwhile): verify-export-bounds.test.ts; the command as a child process: verify-export-cli.test.ts.

  it("the command shares the check: a crafted archive is NOT VALID with the reason, exit 1", async () => {
    const bomb = zeroBomb(300_000);
    const file = path.join(dir, "bomb.zip");
    await writeFile(
      file,
      craftZip(
        [manifest, { name: "evidence.bin", data: bomb, method: 8, declaredSize: 1 + 258 * 300_000 }],
        seal,
      ),
    );
    const keys = path.join(dir, "keys.json");
    await writeFile(keys, (await f.t.app.inject({ method: "GET", url: "/export-keys" })).body);
    const lines: string[] = [];
    const log = console.log;
    console.log = (line: string) => void lines.push(line);
    try {
      expect(await verifyExportCommand([file, "--keys", keys])).toBe(1);
      expect(await verifyExportCommand(["--keys", keys, file])).toBe(1);
    } finally {
      console.log = log;
    }
    expect(lines[0]).toBe(
      `${file}: NOT VALID (ZIP)\n  problem: evidence.bin would unpack to 74 MB: no file of an Odin export is larger than 32 MB.`,
    );
    expect(lines[1]).toBe(lines[0]);
    // A file name alone is a file, not a usage error (issue 35).
    const random = path.join(dir, "random.bin");
    await writeFile(random, randomBytes(64));
    console.log = (line: string) => void lines.push(line);
    try {
      expect(await verifyExportCommand([random, "--keys", keys])).toBe(1);
    } finally {
      console.log = log;
    }
    expect(lines[2]).toContain("This is neither a PDF nor a ZIP exported by Odin.");
  });
});
