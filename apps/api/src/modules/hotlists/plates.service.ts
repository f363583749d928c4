import {
  MESSAGES,
  type TBulkUploadPlatesResponse,
  type THotlistAddRequest,
  type TSignedAttachmentQuery,
} from "@odin/contract";
import { AppError } from "../../lib/app-error";
import type { Actor } from "../../access/actor";
import { writeAudit } from "../../lib/audit-rows.repository";
import type { AttachmentLinks } from "./attachment-links";
import { findAccessibleGroup } from "./group-access";
import { removeUnusedFiles, type HotlistFiles } from "./hotlist-files";
import {
  deletePlates,
  findActivePlateAttachment,
  findPlateOfGroup,
  findVisiblePlateAttachment,
  insertPlate,
  insertPlates,
} from "./hotlist.repository";
import { readPlateCsv, type CsvPlateRow } from "./plate-csv";
import {
  alreadyListed,
  entryKey,
  findListedKeys,
  findRepeats,
  refusingRepeats,
  repeatsError,
} from "./plate-duplicates";
import { toPlateRow } from "./plate-input";
import { sniffAttachmentType, type AttachmentType } from "./upload-checks";
import { inTransaction, type Database, type Transaction } from "../../lib/database";

export interface PlateDeps {
  prisma: Database;
  files: HotlistFiles;
  links: AttachmentLinks;
  /** Attachment links are absolute: they open in a new tab or the mobile app's browser. */
  publicUrl: string;
}

const PLATE_NOT_FOUND = "Plate not found.";
const ATTACHMENT_NOT_FOUND = "Attachment not found.";
/** A large 'Replace All Plates' deletes and inserts tens of thousands of rows in one transaction. */
const UPLOAD_TRANSACTION_MS = 60_000;

/**
 * POST /hotlist/add-plate-direct (the modal of a search result). Anyone who may see the group may add
 * to it: the spec offers the button to hotlist viewers too.
 */
export async function addPlateDirect(
  deps: Pick<PlateDeps, "prisma">,
  actor: Actor,
  body: THotlistAddRequest,
): Promise<string> {
  const group = await findAccessibleGroup(deps.prisma, actor, body.group_id);
  const result = toPlateRow({
    number: body.plate_number,
    state: body.state,
    reason: body.reason,
    notes: body.notes,
    match_strategy: body.match_strategy,
  });
  if ("issues" in result) {
    const fieldName = {
      number: "plate_number",
      state: "state",
      reason: "reason",
      notes: "notes",
      match_strategy: "match_strategy",
    } as const;
    const details = result.issues.map((issue) => ({ path: fieldName[issue.field], message: issue.message }));
    throw new AppError("VALIDATION_FAILED", details[0]!.message, details);
  }
  // A plate already on the group (as typed or spelled otherwise: 'A-13 709' is 'A13709') is a 409.
  const conflict = () => alreadyListed(body.plate_number, group.name);
  const work = () =>
    inTransaction(deps.prisma, async (tx) => {
      if ((await findListedKeys(tx, group.id, [result.row])).has(entryKey(result.row))) throw conflict();
      const plate = await insertPlate(tx, { ...result.row, groupId: group.id, addedById: actor.user.id });
      await writeAudit(tx, actor, {
        action: "hotlist_plates_added",
        detail: {
          group_id: group.id,
          plate_id: plate.id,
          plates: [plate.plateNumber],
          from: "search result",
        },
      });
    });
  await refusingRepeats(work, async () => conflict());
  return MESSAGES.plateAddedToHotlist;
}

/** POST /groups/{id}/remove-plate: the plate is gone at once (its alerts stay). */
export async function removePlate(
  deps: Pick<PlateDeps, "prisma" | "files">,
  actor: Actor,
  groupId: number,
  plateId: number,
): Promise<string> {
  const group = await findAccessibleGroup(deps.prisma, actor, groupId, "edit");
  const removed = await inTransaction(deps.prisma, async (tx) => {
    const plate = await findPlateOfGroup(tx, plateId, group.id);
    if (!plate) throw new AppError("NOT_FOUND", PLATE_NOT_FOUND);
    const removed = await deletePlates(tx, { id: plate.id });
    await writeAudit(tx, actor, {
      action: "hotlist_plate_removed",
      detail: { group_id: group.id, plate_id: plate.id, plate_number: plate.plateNumber },
    });
    return removed;
  });
  await removeUnusedFiles(
    deps.files.attachments,
    removed.attachments,
    actor.log,
    "attachment of a removed plate",
  );
  return MESSAGES.plateRemoved;
}

/**
 * POST /groups/{id}/bulk-upload-plates. The file is checked whole first (any bad row refuses it, 400);
 * a row repeating a plate of the group ('add') or an earlier row of the file refuses it too (409, each
 * named by its line). Then 'add' appends the rows, and 'replace' swaps the group's plates for the
 * file's in one transaction: readers see the old list or the new one, never a mix or an empty group.
 */
export async function uploadPlates(
  deps: Pick<PlateDeps, "prisma" | "files">,
  actor: Actor,
  groupId: number,
  mode: "add" | "replace",
  file: Buffer | undefined,
): Promise<TBulkUploadPlatesResponse> {
  const group = await findAccessibleGroup(deps.prisma, actor, groupId, "edit");
  if (!file) {
    throw new AppError("VALIDATION_FAILED", "Choose a CSV file to upload.", [
      { path: "csv_file", message: "a CSV file is required" },
    ]);
  }
  const rows = readPlateCsv(file);
  const checkRepeats = async (db: Transaction | Database) => {
    const listed = mode === "add" ? await findListedKeys(db, group.id, rows) : new Set<string>();
    const repeats = findRepeats(rows, listed, (row) => ({ path: `line ${row.line}`, place: row.line }));
    return repeats.length > 0 ? repeatsError(repeats, group.name, MESSAGES.plateRepeatsLine) : null;
  };

  const upload = () =>
    inTransaction(
      deps.prisma,
      async (tx) => {
        const refusal = await checkRepeats(tx);
        if (refusal) throw refusal;
        const removed =
          mode === "replace"
            ? await deletePlates(tx, { groupId: group.id })
            : { count: 0, attachments: [] as string[] };
        if (rows.length > 0) {
          await insertPlates(
            tx,
            rows.map((row) => ({ ...plateFields(row), groupId: group.id, addedById: actor.user.id })),
          );
        }
        await writeAudit(tx, actor, {
          action: "hotlist_plates_uploaded",
          recordCount: rows.length,
          detail: { group_id: group.id, mode, rows: rows.length, added: rows.length, removed: removed.count },
        });
        return { added: rows.length, removed };
      },
      { timeout: UPLOAD_TRANSACTION_MS },
    );
  // A concurrent add of one of the plates committed first: name it as the checks would have.
  const outcome = await refusingRepeats(
    upload,
    async () => (await checkRepeats(deps.prisma)) ?? alreadyListed(rows[0]!.plateNumber, group.name),
  );
  await removeUnusedFiles(
    deps.files.attachments,
    outcome.removed.attachments,
    actor.log,
    "attachments of replaced plates",
  );
  return {
    success: true,
    message: MESSAGES.platesUploaded(outcome.added),
    added: outcome.added,
    removed: outcome.removed.count,
  };
}

/** GET /get-hotlist-attachment-url/{filename}?plate_id=: a 5-minute signed link, for those who may see the plate. */
export async function attachmentUrl(
  deps: Pick<PlateDeps, "prisma" | "links" | "publicUrl">,
  actor: Actor,
  filename: string,
  plateId: number,
): Promise<string> {
  const plate = await findVisiblePlateAttachment(deps.prisma, actor, plateId, filename);
  if (!plate) throw new AppError("NOT_FOUND", ATTACHMENT_NOT_FOUND);
  const query = new URLSearchParams(deps.links.sign(filename, plate.id)).toString();
  return `${deps.publicUrl}/hotlist-attachments/${encodeURIComponent(filename)}?${query}`;
}

/** GET /hotlist-attachments/{filename}: the file a valid, unexpired link names, with its checked type. */
export async function openAttachment(
  deps: Pick<PlateDeps, "prisma" | "files" | "links">,
  filename: string,
  query: TSignedAttachmentQuery,
): Promise<{ body: Buffer; contentType: AttachmentType }> {
  if (!deps.links.verify(filename, query.plate_id, query.expires, query.sig)) {
    throw new AppError(
      "FORBIDDEN",
      "This attachment link is not valid or has expired. Open the attachment again from the group.",
    );
  }
  const plate = await findActivePlateAttachment(deps.prisma, query.plate_id, filename);
  const body = plate ? await deps.files.attachments.get(filename) : null;
  const contentType = body ? sniffAttachmentType(body) : null;
  if (!body || !contentType || contentType !== plate?.attachmentMime) {
    throw new AppError("NOT_FOUND", ATTACHMENT_NOT_FOUND);
  }
  return { body, contentType };
}

/** A CSV row as the table stores it (without its line). */
function plateFields(row: CsvPlateRow) {
  const { plateNumber, plateNormalized, state, reason, notes, matchStrategy, plateSkeleton } = row;
  return { plateNumber, plateNormalized, state, reason, notes, matchStrategy, plateSkeleton };
}
