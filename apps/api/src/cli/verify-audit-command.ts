import type { Database } from "../lib/database";
import { findAgencyByIdOrCode } from "../modules/admin/agencies.repository";
import { verifyAuditChains } from "../modules/audit/audit-chain.repository";
import { withDatabase } from "./database";

export const VERIFY_AUDIT_USAGE = `odin verify-audit [--agency <id or code>]
  Checks the audit log's hash chains (every agency's and the rows of no agency, or one agency's):
  each row's hash and place, and that no row is dated before the row ahead of it (the database dates
  rows in chain order). Names the first broken row of each. Exit code 0: every chain verifies, 1: a
  chain is broken.`;

/** Reads `--agency X` / `--agency=X`; undefined: every chain. */
function agencyArgument(args: string[]): string | undefined | Error {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--agency") return args[i + 1] ?? new Error("--agency needs an agency id or code");
    if (arg.startsWith("--agency=")) return arg.slice("--agency=".length);
    return new Error(`Unknown option '${arg}'.\n\n${VERIFY_AUDIT_USAGE}`);
  }
  return undefined;
}

/** The command's work on an open database, printing through `print`; answers the exit code. */
export async function verifyAudit(
  prisma: Database,
  args: string[],
  print: (line: string) => void,
): Promise<number> {
  const wanted = agencyArgument(args);
  if (wanted instanceof Error) {
    print(wanted.message);
    return 2;
  }
  let scope: "all" | number = "all";
  if (wanted !== undefined) {
    const agency = await findAgencyByIdOrCode(prisma, wanted);
    if (!agency) {
      print(`No agency '${wanted}'.`);
      return 2;
    }
    scope = agency.id;
  }
  const reports = await verifyAuditChains(prisma, scope);
  let broken = 0;
  for (const report of reports) {
    const name =
      report.agencyId === null
        ? "no agency (owner and unknown users)"
        : `${report.agencyName} (id ${report.agencyId})`;
    if (report.firstBroken) {
      broken++;
      const { id, chainSeq, createdAt, reason } = report.firstBroken;
      print(
        `BROKEN  ${name}: first broken row id ${id} (chain_seq ${chainSeq}, ${createdAt.toISOString()}): ${reason}`,
      );
    } else {
      print(`ok      ${name}: ${report.rows} row(s)`);
    }
  }
  if (reports.length === 0) print("No audit rows yet.");
  print(broken ? `${broken} chain(s) broken.` : "Every chain verifies.");
  return broken ? 1 : 0;
}

/** `odin verify-audit [--agency X]`, on the database the server would open. */
export async function verifyAuditCommand(args: string[]): Promise<number> {
  return withDatabase((prisma) => verifyAudit(prisma, args, (line) => console.log(line)));
}
