import { cpSync, mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { locatePrismaDir } from "../src/paths";

/**
 * A copy of prisma/ holding the migrations before `migration`, to plant rows the old schema allowed
 * and then apply `migration` on them. The caller removes the folder.
 */
export function prismaDirBefore(migration: string): string {
  const source = locatePrismaDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), "odin-prisma-before-"));
  cpSync(path.join(source, "schema.prisma"), path.join(dir, "schema.prisma"));
  for (const entry of readdirSync(path.join(source, "migrations"))) {
    if (entry >= migration && entry !== "migration_lock.toml") continue;
    cpSync(path.join(source, "migrations", entry), path.join(dir, "migrations", entry), { recursive: true });
  }
  return dir;
}
