import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { embeddedSharedBuffers } from "@odin/db/embedded";
import { ConfigError, loadConfig } from "../src/config/env";
import { projectRoot } from "./helpers";

const load = (env: NodeJS.ProcessEnv) => loadConfig(env, projectRoot);

describe("configuration", () => {
  it("runs with nothing set: embedded database, demo data, local host", () => {
    const config = load({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.host).toBe("127.0.0.1");
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.join(projectRoot, ".data"));
  });

  it("names the variable when DATABASE_URL is malformed", () => {
    expect(() => load({ DATABASE_URL: "mysql://nope" })).toThrow(ConfigError);
    expect(() => load({ DATABASE_URL: "not a url" })).toThrow(
      "Configuration error: DATABASE_URL must be a postgresql://user:password@host:port/database URL",
    );
  });

  it("requires the database and the secrets key in production", () => {
    expect(() => load({ NODE_ENV: "production" })).toThrow("DATABASE_URL is required in production");
    expect(() => load({ NODE_ENV: "production", DATABASE_URL: "postgresql://u:p@db:5432/odin" })).toThrow(
      "ODIN_SECRETS_KEY is required in production",
    );
    const config = load({
      NODE_ENV: "production",
      DATABASE_URL: "postgresql://u:p@db:5432/odin",
      ODIN_SECRETS_KEY: "ab".repeat(32),
    });
    expect(config.secretsKey?.length).toBe(32);
    expect(config.seedDemo).toBe(false);
    expect(config.host).toBe("0.0.0.0");
  });

  it("gives the embedded database a quarter of the memory, 128MB to 1GB, unless ODIN_PG_SHARED_BUFFERS says", () => {
    expect(embeddedSharedBuffers(24 * 1024 ** 3)).toBe("1024MB");
    expect(embeddedSharedBuffers(2 * 1024 ** 3)).toBe("512MB");
    expect(embeddedSharedBuffers(256 * 1024 ** 2)).toBe("128MB");
    expect(load({}).embeddedSharedBuffers).toBe(embeddedSharedBuffers());
    expect(load({ ODIN_PG_SHARED_BUFFERS: "4GB" }).embeddedSharedBuffers).toBe("4GB");
    for (const wrong of ["4 GB", "4gb", "lots", "0MB"])
      expect(() => load({ ODIN_PG_SHARED_BUFFERS: wrong })).toThrow(/ODIN_PG_SHARED_BUFFERS/);
  });

  it("refuses a secrets key of the wrong size and a bad port", () => {
    expect(() => load({ ODIN_SECRETS_KEY: "short" })).toThrow("ODIN_SECRETS_KEY must be 32 bytes");
    expect(() => load({ PORT: "http" })).toThrow("Configuration error: PORT");
  });
});

describe("start-up with bad configuration", () => {
  const server = path.join(projectRoot, "apps/api/dist/server.js");

  // dist/ is built before the tests by `pnpm test` (turbo: test depends on build).
  it("stops with one line naming the variable, not a stack trace", () => {
    expect(existsSync(server), "run `pnpm build` first").toBe(true);
    const run = spawnSync(process.execPath, [server], {
      env: { PATH: process.env.PATH, DATABASE_URL: "mysql://wrong" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      "Configuration error: DATABASE_URL must be a postgresql://user:password@host:port/database URL",
    );
  });
});
