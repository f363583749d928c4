import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The `prisma/` folder at the root of the project. Found by walking up from this module, so it
 * works from the sources (tsx, vitest), from the API bundle (apps/api/dist) and in the Docker image.
 */
export function locatePrismaDir(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, "prisma", "schema.prisma");
    if (existsSync(candidate)) return path.join(dir, "prisma");
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`prisma/schema.prisma not found above ${start}`);
    dir = parent;
  }
}
