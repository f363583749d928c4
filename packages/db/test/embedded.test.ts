import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../src/embedded";

describe("the embedded PostgreSQL", () => {
  it("starts with the cache it is given (ODIN_PG_SHARED_BUFFERS, or a quarter of the memory)", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "odin-embedded-"));
    // As root, PostgreSQL runs as the `postgres` user, which must be able to enter this folder.
    await chmod(dir, 0o755);
    const server = await startEmbeddedPostgres({ dataDir: path.join(dir, "data"), sharedBuffers: "48MB" });
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ shared_buffers: string }>("SHOW shared_buffers");
        expect(rows[0]?.shared_buffers).toBe("48MB");
      } finally {
        await client.end();
      }
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
