/**
 * Today's definition of each SQL function and trigger, one file each in prisma/functions/ (issue 39
 * item 4). Migrations change the database; a function rewritten by several of them had no one place
 * that showed what it is now. These files do: each is what the migrated database itself prints
 * (pg_get_functiondef, pg_get_triggerdef), so they are exact, with `$$` bodies and plain semicolons
 * even where the migration wrote an `E'…'` string with `\073` escapes. The test
 * test/sql-definitions.test.ts fails when a file and a freshly migrated database disagree;
 * `pnpm --filter @odin/db sql:definitions` rewrites the files from one.
 *
 * A file is named after its function and holds, after the function, the triggers that run it (a
 * trigger is one line naming its function: read with the function, it says when the function runs)
 * and the REVOKE when EXECUTE is not PUBLIC's. Overloads of a name share its file. Left out: the
 * functions of extensions (pg_trgm's), and the triggers PostgreSQL clones onto each partition.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";

export const DEFINITIONS_FOLDER = "functions";

const HEADER = [
  "-- Today's definition, as the migrated database prints it. Generated: change it in a new migration,",
  "-- then run `pnpm --filter @odin/db sql:definitions` (packages/db/test/sql-definitions.test.ts fails",
  '-- while this file and the migrations disagree). docs/architecture.md, "SQL by hand".',
].join("\n");

interface FunctionRow {
  name: string;
  signature: string;
  definition: string;
  public_execute: boolean;
}

interface TriggerRow {
  function_name: string;
  definition: string;
}

/** File name (`<function>.sql`) → content, read from the database `client` is connected to. */
export async function readSqlDefinitions(client: pg.Client): Promise<Map<string, string>> {
  const functions = await client.query<FunctionRow>(`
    SELECT p.proname AS name,
           p.oid::regprocedure::text AS signature,
           pg_get_functiondef(p.oid) AS definition,
           p.proacl IS NULL OR EXISTS (
             SELECT 1 FROM aclexplode(p.proacl) a WHERE a.grantee = 0 AND a.privilege_type = 'EXECUTE'
           ) AS public_execute
    FROM pg_proc p
    JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public'
      AND p.prokind IN ('f', 'p')
      AND NOT EXISTS (
        SELECT 1 FROM pg_depend d
        WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e'
      )
    ORDER BY p.proname, p.oid::regprocedure::text`);
  const triggers = await client.query<TriggerRow>(`
    SELECT p.proname AS function_name, pg_get_triggerdef(t.oid, true) AS definition
    FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_proc p ON p.oid = t.tgfoid
    WHERE n.nspname = 'public' AND NOT t.tgisinternal AND t.tgparentid = 0
    ORDER BY c.relname, t.tgname`);

  const parts = new Map<string, string[]>();
  for (const fn of functions.rows) {
    const revoke = fn.public_execute ? "" : `\nREVOKE EXECUTE ON FUNCTION ${fn.signature} FROM PUBLIC;\n`;
    const list = parts.get(fn.name) ?? [];
    list.push(`${fn.definition.trimEnd()};\n${revoke}`);
    parts.set(fn.name, list);
  }
  for (const trigger of triggers.rows) {
    parts.get(trigger.function_name)?.push(`${trigger.definition};\n`);
  }
  return new Map(
    [...parts].map(([name, list]) => [`${name}.sql`, `${HEADER}\n\n${list.join("\n")}`] as const),
  );
}

/** The files in `prismaDir`/functions, name → content. */
export function readSqlDefinitionFiles(prismaDir: string): Map<string, string> {
  const dir = path.join(prismaDir, DEFINITIONS_FOLDER);
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".sql"));
  } catch {
    // No folder yet: no files.
  }
  return new Map(names.sort().map((name) => [name, readFileSync(path.join(dir, name), "utf8")] as const));
}

/**
 * Where the files and the database disagree: a file with no function, a function with no file, or
 * a file whose content is not the database's definition. Empty when they agree.
 */
export function compareSqlDefinitions(files: Map<string, string>, database: Map<string, string>): string[] {
  const differences: string[] = [];
  for (const [name, content] of database) {
    const file = files.get(name);
    if (file === undefined) differences.push(`${name}: in the database, no file`);
    else if (file !== content) differences.push(`${name}: the file and the database differ`);
  }
  for (const name of files.keys()) {
    if (!database.has(name)) differences.push(`${name}: a file, not in the database`);
  }
  return differences;
}
