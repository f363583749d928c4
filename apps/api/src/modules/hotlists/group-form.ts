import { GROUP_PLATE_FIELD_PATTERN, type TFieldIssue } from "@odin/contract";
import { AppError } from "../../lib/app-error";
import { filePart } from "../../lib/file-part";
import { findPickableUserIds, type NewPlateRow } from "./hotlist.repository";
import { parsePlateFields, type PlateRow } from "./plate-input";
import { checkAttachment, reencodeGroupImage, type CheckedFile } from "./upload-checks";
import type { Database, Transaction } from "../../lib/database";

/**
 * The parts of the create and edit forms (001 §7) beyond the text fields the route's schema checks:
 * the new plates `plates[i][number|reason|notes|state|file]`, the group picture and the member ids.
 * Everything is checked before anything is written, and every problem is reported at once with the
 * form field it is about.
 */
export interface NewPlate {
  /** i of the form's plates[i][...] fields. */
  index: number;
  row: PlateRow;
  attachment: CheckedFile | null;
}

export const GROUP_IMAGE_FIELD = "group_image_file";

function invalid(details: TFieldIssue[]): AppError {
  const first = details[0]!;
  return new AppError("VALIDATION_FAILED", `${first.path}: ${first.message}`, details);
}

/** The form's new plates in index order, each with its checked attachment. */
export function readFormPlates(body: Readonly<Record<string, unknown>>): NewPlate[] {
  const byIndex = new Map<number, { fields: Record<string, unknown>; file: unknown }>();
  for (const [key, value] of Object.entries(body)) {
    const match = GROUP_PLATE_FIELD_PATTERN.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const entry = byIndex.get(index) ?? { fields: {}, file: undefined };
    if (match[2] === "file") entry.file = value;
    else entry.fields[String(match[2])] = value;
    byIndex.set(index, entry);
  }

  const plates: NewPlate[] = [];
  const details: TFieldIssue[] = [];
  for (const [index, { fields, file }] of [...byIndex.entries()].sort(([a], [b]) => a - b)) {
    const field = (name: string) => `plates[${index}][${name}]`;
    const result = parsePlateFields(fields);
    if ("issues" in result) {
      details.push(...result.issues.map((issue) => ({ path: field(issue.field), message: issue.message })));
    }
    let attachment: CheckedFile | null = null;
    try {
      attachment = readAttachment(field("file"), file);
    } catch (error) {
      if (!(error instanceof AppError) || !error.details) throw error;
      details.push(...error.details);
    }
    if ("row" in result) plates.push({ index, row: result.row, attachment });
  }
  if (details.length > 0) throw invalid(details);
  return plates;
}

function readAttachment(field: string, value: unknown): CheckedFile | null {
  if (value === undefined || value === "" || (Buffer.isBuffer(value) && value.length === 0)) return null;
  if (!Buffer.isBuffer(value)) {
    throw new AppError("VALIDATION_FAILED", `${field} must be a file.`, [
      { path: field, message: "must be a file" },
    ]);
  }
  return checkAttachment(field, value);
}

/** The new group picture, re-encoded; undefined when the form carries none. */
export async function readGroupImage(body: unknown): Promise<CheckedFile | undefined> {
  const file = filePart(body, GROUP_IMAGE_FIELD);
  return file ? reencodeGroupImage(GROUP_IMAGE_FIELD, file) : undefined;
}

/** Members must be approved, not-deleted users of the group's agency. */
export async function checkMembers(
  prisma: Database | Transaction,
  agencyId: number,
  userIds: readonly number[],
): Promise<void> {
  const known = await findPickableUserIds(prisma, agencyId, userIds);
  const strangers = userIds.filter((id) => !known.has(id));
  if (strangers.length > 0) {
    throw invalid([
      {
        path: "group_members",
        message: `User(s) ${strangers.join(", ")} are not users of this group's agency.`,
      },
    ]);
  }
}

/** The rows of new plates for createMany, with the names their attachments were stored under. */
export function plateRowsWithFiles(
  plates: readonly NewPlate[],
  storedNames: readonly string[],
  groupId: number,
  addedById: number,
): NewPlateRow[] {
  let next = 0;
  return plates.map(({ row, attachment }) => ({
    ...row,
    groupId,
    addedById,
    attachmentPath: attachment ? storedNames[next++]! : null,
    attachmentMime: attachment?.contentType ?? null,
  }));
}
