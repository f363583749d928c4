import { MESSAGES, SOURCE_PROGRAMS, type TExportRecord, type TExportRequest } from "@odin/contract";
import type { PrismaClient } from "@odin/db";
import { AppError } from "../../lib/app-error";
import type { Actor } from "../../auth/actor";
import type { SourceContext } from "../../sources/detection-source";
import { searchScopeOf } from "../../sources/search-scope.repository";
import { writeAudit } from "../audit/audit.repository";

export type ExportKind = "pdf" | "zip";

/** Everything a report or an archive is made from, once the export is allowed and audited. */
export interface ExportJob {
  kind: ExportKind;
  records: TExportRecord[];
  justification: string;
  exportedAt: Date;
  timeZone: string;
  user: { username: string; name: string; email: string };
  agencyName: string | null;
  /** What the caller may search: every picture is fetched under it. */
  scope: SourceContext;
}

export interface BeginExportDeps {
  prisma: PrismaClient;
  maxRecords: number;
  timeZone: string;
}

/**
 * The rules every export passes before a byte of it is made: the configured cap on records, then the
 * audit row (justification, count, the records' ids and sources). No audit row, no export: a failed
 * write refuses the export with a 503 and nothing else happens.
 */
export async function beginExport(
  deps: BeginExportDeps,
  auth: Actor,
  body: TExportRequest,
  kind: ExportKind,
): Promise<ExportJob> {
  const count = body.records.length;
  if (count > deps.maxRecords) {
    const message = MESSAGES.exportTooManyRecords(deps.maxRecords);
    throw new AppError("VALIDATION_FAILED", message, [{ path: "records", message }]);
  }
  const agency = auth.user.agencyId
    ? await deps.prisma.agency.findUnique({ where: { id: auth.user.agencyId }, select: { name: true } })
    : null;
  const programs = SOURCE_PROGRAMS.filter((program) =>
    body.records.some((record) => record.source_program === program),
  );
  const plates = new Set(body.records.map((record) => record.plate.trim().toUpperCase()));
  try {
    await writeAudit(deps.prisma, auth, {
      action: kind === "pdf" ? "export_pdf" : "export_zip",
      justification: body.justification,
      recordCount: count,
      programsQueried: programs.join(","),
      // The audit screen filters by plate: an export of one plate's reads is found under it.
      ...(plates.size === 1 ? { plate: [...plates][0]! } : {}),
      queryParameters: {
        format: kind,
        justification: body.justification,
        record_count: count,
        records: body.records.map((record) => ({
          id: record.id,
          source_program: record.source_program,
          plate: record.plate,
        })),
      },
    });
  } catch (error) {
    auth.log.error({ err: error }, "export refused: its audit row could not be written");
    throw new AppError("UNAVAILABLE", MESSAGES.exportNotAudited);
  }
  return {
    kind,
    records: body.records,
    justification: body.justification,
    exportedAt: new Date(),
    timeZone: deps.timeZone,
    user: { username: auth.user.username, name: auth.user.name, email: auth.user.email },
    agencyName: agency?.name ?? null,
    scope: searchScopeOf(auth),
  };
}
