import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { ZExportKeysResponse, type TExportVerification } from "@odin/contract";
import { processEnv } from "../config/env";
import { ArchiveRefusedError } from "../modules/exports/bounded-unzip";
import { verifyExportFile } from "../modules/exports/export-seal";
import { loadExportKeys, type PublicExportJwk } from "../modules/exports/export-signing";
import { withDatabase } from "./database";

export const VERIFY_EXPORT_USAGE = `odin verify-export <file> [--keys <jwks.json | https://odin.example/export-keys>]
  Checks a PDF or ZIP exported by Odin: a PDF's PDF signature (PAdES, the agency's ECDSA P-256 key)
  over the whole file, or the Ed25519 seal of a ZIP (and of a PDF made before issue 38) and, for a
  ZIP, the signed manifest and the SHA-256 of every file. The public keys come from Odin's database
  (the same configuration as the server), or from --keys: a saved copy of GET /export-keys or its URL.
  Exit code 0: valid; 1: not valid; 2: wrong usage.`;

/** `pnpm odin` runs in apps/api: paths are taken from where the command was typed (INIT_CWD). */
const resolvePath = (file: string) => path.resolve(processEnv().INIT_CWD ?? process.cwd(), file);

async function keysFrom(source: string): Promise<PublicExportJwk[]> {
  const text = /^https?:\/\//.test(source)
    ? await fetch(source).then((res) => {
        if (!res.ok) throw new Error(`${source} answered ${res.status}`);
        return res.text();
      })
    : await readFile(resolvePath(source), "utf8");
  return ZExportKeysResponse.parse(JSON.parse(text)).keys;
}

/** The check's answer as a person reads it. */
export function describeVerification(file: string, result: TExportVerification): string {
  const lines = [
    `${file}: ${result.valid ? "VALID" : "NOT VALID"}${result.kind ? ` (${result.kind.toUpperCase()})` : ""}`,
  ];
  for (const problem of result.problems) lines.push(`  problem: ${problem}`);
  if (result.export_id) {
    lines.push(`  export id:   ${result.export_id}`);
    lines.push(
      `  exported at: ${result.exported_at ?? "?"} by ${result.user ?? "?"} (${result.agency ?? "no agency"})`,
    );
    lines.push(`  signed with: ${result.key_id ?? "?"}`);
    if (result.signed_by) lines.push(`  signed by:   ${result.signed_by}`);
    lines.push(
      `  records:     ${result.record_count ?? "?"}${result.files !== null ? `, files: ${result.files}` : ""}`,
    );
    for (const record of result.records)
      lines.push(`    ${record.plate}  ${record.timestamp ?? ""}  ${record.source}  ${record.id}`);
  }
  return lines.join("\n");
}

export async function verifyExportCommand(args: string[]): Promise<number> {
  // The file and --keys in either order (issue 35: the file alone used to be dropped).
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { keys: { type: "string" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${VERIFY_EXPORT_USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(VERIFY_EXPORT_USAGE);
    return 0;
  }
  const [name, ...extra] = parsed.positionals;
  if (!name || extra.length > 0) {
    console.error(VERIFY_EXPORT_USAGE);
    return 2;
  }
  const file = await readFile(resolvePath(name));
  const keysSource = parsed.values.keys;
  const keys = keysSource
    ? await keysFrom(keysSource)
    : await withDatabase((prisma) => loadExportKeys(prisma));
  try {
    const result = await verifyExportFile(file, keys);
    console.log(describeVerification(name, result));
    return result.valid ? 0 : 1;
  } catch (error) {
    // The same bounds as the server's check (bounded-unzip.ts): an archive no export could be.
    if (!(error instanceof ArchiveRefusedError)) throw error;
    console.log(`${name}: NOT VALID (ZIP)\n  problem: ${error.message}`);
    return 1;
  }
}
