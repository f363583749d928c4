import { createHash } from "node:crypto";
import type { TExportVerification } from "@odin/contract";
import { AppError } from "../../lib/app-error";
import { writeAuditFor } from "../../lib/audit-rows.repository";
import type { Database } from "../../lib/database";
import { ArchiveRefusedError } from "./bounded-unzip";
import { verifyExportFile } from "./export-seal";
import { loadExportKeys } from "./export-signing";

/**
 * POST /verify-export is open to anyone holding an exported file (issue 40 item 7: court staff,
 * defence), so each address may check this many files a minute; the unpacking of a ZIP is bounded too.
 */
export const PUBLIC_VERIFY_RATE = { max: 10, timeWindow: "1 minute" } as const;

/** The name an anonymous check is audited under (no account made the call). */
export const ANONYMOUS_AUDIT_NAME = "(anonymous)";

export interface VerifyExportDeps {
  prisma: Database;
  /** How long unpacking an uploaded ZIP may take (EXPORT_VERIFY_TIMEOUT_MS). */
  unzipTimeoutMs: number;
}

/**
 * Checks an uploaded export against Odin's published keys and answers only the verdict and what the
 * file itself holds (its signed statement: export id, user, agency, records). Each check is audited as
 * an anonymous event with the caller's address, the file's size and SHA-256 and the verdict, never the
 * file; the row is written before the answer, as every audited call's is. An archive no export could be
 * is refused (413) and audited as refused.
 */
export async function verifyUploadedExport(
  deps: VerifyExportDeps,
  file: Buffer,
  from: { ip: string; requestId: string },
): Promise<TExportVerification> {
  const fingerprint = { size: file.length, sha256: createHash("sha256").update(file).digest("hex") };
  let verdict: TExportVerification;
  try {
    verdict = await verifyExportFile(file, await loadExportKeys(deps.prisma), {
      unzipTimeoutMs: deps.unzipTimeoutMs,
    });
  } catch (error) {
    if (!(error instanceof ArchiveRefusedError)) throw error;
    await audit(deps, from, {
      signed_in: false,
      kind: "zip",
      valid: false,
      refused: error.message,
      ...fingerprint,
    });
    // An archive no export could be (issue 36, F15): refused, with what gave it away.
    throw new AppError("PAYLOAD_TOO_LARGE", error.message);
  }
  await audit(deps, from, {
    signed_in: false,
    kind: verdict.kind,
    valid: verdict.valid,
    export_id: verdict.valid ? verdict.export_id : null,
    problems: verdict.problems.length,
    ...fingerprint,
  });
  return verdict;
}

function audit(
  deps: VerifyExportDeps,
  from: { ip: string; requestId: string },
  detail: Record<string, string | number | boolean | null>,
) {
  return writeAuditFor(
    deps.prisma,
    { userId: null, username: ANONYMOUS_AUDIT_NAME, agencyId: null, ip: from.ip, requestId: from.requestId },
    { action: "export_verified", detail },
  );
}
