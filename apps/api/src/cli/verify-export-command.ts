import { readFile } from "node:fs/promises";
import path from "node:path";
import { ZExportKeysResponse, type TExportVerification } from "@odin/contract";
import { processEnv } from "../config/env";
import { verifyExportFile } from "../modules/exports/export-seal";
import { loadExportKeys, type PublicExportJwk } from "../modules/exports/export-signing";
import { withDatabase } from "./database";

export const VERIFY_EXPORT_USAGE = `odin verify-export <file> [--keys <jwks.json | https://odin.example/export-keys>]
  Checks a PDF or ZIP exported by Odin: its Ed25519 seal over the whole file and, for a ZIP, the
  signed manifest and the SHA-256 of every file. The public keys come from Odin's database (the same
  configuration as the server), or from --keys: a saved copy of GET /export-keys or its URL.
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
    lines.push(
      `  records:     ${result.record_count ?? "?"}${result.files !== null ? `, files: ${result.files}` : ""}`,
    );
    for (const record of result.records)
      lines.push(`    ${record.plate}  ${record.timestamp ?? ""}  ${record.source}  ${record.id}`);
  }
  return lines.join("\n");
}

export async function verifyExportCommand(args: string[]): Promise<number> {
  const keysAt = args.indexOf("--keys");
  const keysSource = keysAt >= 0 ? args[keysAt + 1] : undefined;
  const files = args.filter((_, i) => i !== keysAt && i !== keysAt + 1);
  if (files.length !== 1 || (keysAt >= 0 && !keysSource) || files[0]!.startsWith("-")) {
    console.error(VERIFY_EXPORT_USAGE);
    return 2;
  }
  const file = await readFile(resolvePath(files[0]!));
  const keys = keysSource
    ? await keysFrom(keysSource)
    : await withDatabase((prisma) => loadExportKeys(prisma));
  const result = await verifyExportFile(file, keys);
  console.log(describeVerification(files[0]!, result));
  return result.valid ? 0 : 1;
}
