import { randomUUID } from "node:crypto";
import { MESSAGES, SOURCE_PROGRAMS, type TExportRecord, type TExportRequest } from "@odin/contract";
import { AppError } from "../../lib/app-error";
import type { Actor } from "../../access/actor";
import type { SourceContext } from "../../sources/detection-source";
import { searchScopeOf } from "../../sources/search-scope.repository";
import { writeAudit } from "../../lib/audit-rows.repository";
import { findAgencyName } from "../admin/agencies.repository";
import { caseFieldsForAudit, checkCaseFields } from "../accountability/case-fields.service";
import type { LeftOutRecord, RecordRefs } from "./record-refs";
import type { Database } from "../../lib/database";

export type ExportKind = "pdf" | "zip";

/** Everything a report or an archive is made from, once the export is allowed and audited. */
export interface ExportJob {
  kind: ExportKind;
  /** Named in the audit row, the report, the manifest and the signature. */
  exportId: string;
  /** The records as the server read them again (never the client's text), in the request's order. */
  records: TExportRecord[];
  /** Selected records the export does not hold, and why. */
  leftOut: LeftOutRecord[];
  justification: string;
  exportedAt: Date;
  timeZone: string;
  user: { username: string; name: string; email: string };
  agencyName: string | null;
  /** The caller's agency: its key signs a PDF report (null: the installation's key). */
  agencyId: number | null;
  /** What the caller may search: every picture is fetched under it. */
  scope: SourceContext;
}

export interface BeginExportDeps {
  prisma: Database;
  maxRecords: number;
  timeZone: string;
  refs: RecordRefs;
  /**
   * The hotlist groups of the caller's agency each record's plate is on now (issue 40 item 1: the
   * search's badges, by the alert matcher's rule), given by the composition root: the rule lives with
   * the search, which imports this module.
   */
  hotlistHits?: (actor: Actor, records: TExportRecord[]) => Promise<TExportRecord[]>;
}

/**
 * The rules every export passes before a byte of it is made (issue 17): the configured cap on records;
 * the record references (signature, expiry, owner: no database, no source); the audit row with the
 * export id, the plates and sources the references name and their count; only then is each record
 * read again under the caller's access (Axis from its table, Rekor and Axon from the search's
 * snapshot). No audit row, no export: a failed write refuses it with a 503 before anything is read.
 * Records whose reference fails, or that the caller may no longer see, are left out and listed.
 */
export async function beginExport(
  deps: BeginExportDeps,
  actor: Actor,
  body: TExportRequest,
  kind: ExportKind,
): Promise<ExportJob> {
  const count = body.records.length;
  if (count > deps.maxRecords) {
    const message = MESSAGES.exportTooManyRecords(deps.maxRecords);
    throw new AppError("VALIDATION_FAILED", message, [{ path: "records", message }]);
  }
  await checkCaseFields(deps.prisma, actor, body);
  const noneValid = () =>
    new AppError("VALIDATION_FAILED", MESSAGES.exportNoValidRecords, [
      { path: "records", message: MESSAGES.exportNoValidRecords },
    ]);
  const opened = deps.refs.open(
    actor,
    body.records.map((record) => record.ref),
  );
  if (opened.opened.length === 0) throw noneValid();

  const exportId = randomUUID();
  const refs = opened.opened;
  const agency = actor.user.agencyId ? await findAgencyName(deps.prisma, actor.user.agencyId) : null;
  const programs = SOURCE_PROGRAMS.filter((program) => refs.some((ref) => ref.program === program));
  const plates = [...new Set(refs.map((ref) => ref.plate.trim().toUpperCase()))];
  try {
    await writeAudit(deps.prisma, actor, {
      action: kind === "pdf" ? "export_pdf" : "export_zip",
      justification: body.justification,
      recordCount: refs.length,
      programsQueried: programs.join(","),
      // The audit screen filters by plate: an export of one plate's reads is found under it.
      ...(plates.length === 1 ? { plate: plates[0]! } : {}),
      queryParameters: {
        export_id: exportId,
        format: kind,
        justification: body.justification,
        ...caseFieldsForAudit(body),
        record_count: refs.length,
        plates,
        left_out: opened.leftOut.length,
        records: refs.map((ref) => ({ id: ref.id, source_program: ref.program, plate: ref.plate })),
      },
    });
  } catch (error) {
    actor.log.error({ err: error }, "export refused: its audit row could not be written");
    throw new AppError("UNAVAILABLE", MESSAGES.exportNotAudited);
  }

  const scope = searchScopeOf(actor);
  const read = await deps.refs.read(scope, actor, refs);
  if (read.records.length === 0) throw noneValid();
  // Read again like the rest: what the client sent about hotlists is never printed.
  const records = read.records.map(({ record }) => {
    const { hotlists: _sent, ...rest } = record;
    return rest;
  });
  return {
    kind,
    exportId,
    records: deps.hotlistHits ? await deps.hotlistHits(actor, records) : records,
    leftOut: [...opened.leftOut, ...read.leftOut].sort((a, b) => a.position - b.position),
    justification: body.justification,
    exportedAt: new Date(),
    timeZone: deps.timeZone,
    user: { username: actor.user.username, name: actor.user.name, email: actor.user.email },
    agencyName: agency?.name ?? null,
    agencyId: agency ? actor.user.agencyId : null,
    scope,
  };
}
