import { MESSAGES, type TGroupFormFields } from "@odin/contract";
import { AppError } from "../../lib/app-error";
import type { Actor } from "../../access/actor";
import { writeAudit } from "../../lib/audit-rows.repository";
import { findAccessibleGroup, GROUP_NOT_FOUND } from "./group-access";
import {
  checkMembers,
  plateRowsWithFiles,
  readFormPlates,
  readGroupImage,
  type NewPlate,
} from "./group-form";
import { removeUnusedFiles, withWrittenFiles, type HotlistFiles } from "./hotlist-files";
import {
  archiveGroupRow,
  deletePlates,
  findActiveGroupImage,
  insertGroup,
  insertPlates,
  replaceGroupMembers,
  updateGroupFields,
} from "./hotlist.repository";
import {
  alreadyListed,
  findListedKeys,
  findRepeats,
  refusingRepeats,
  repeatsError,
} from "./plate-duplicates";
import type { CheckedFile } from "./upload-checks";
import { inTransaction, type Database, type Transaction } from "../../lib/database";

export interface GroupDeps {
  prisma: Database;
  files: HotlistFiles;
}

/** The create and edit forms' body: the checked text fields plus the file and plates[i] parts. */
export type GroupForm = TGroupFormFields & Record<string, unknown>;

/** Files first (picture, then each plate's attachment in order), so a failed transaction removes them. */
function filesToWrite(deps: GroupDeps, image: CheckedFile | undefined, plates: readonly NewPlate[]) {
  return [
    ...(image ? [{ area: deps.files.groupImages, ...image }] : []),
    ...plates.flatMap(({ attachment }) =>
      attachment ? [{ area: deps.files.attachments, ...attachment }] : [],
    ),
  ];
}

/**
 * The 409 when a new plate of the form is already on the group (`groupId`, when it exists) or repeats an
 * earlier plate of the form; null when every plate is new.
 */
async function checkFormRepeats(
  db: Database | Transaction,
  groupId: number | null,
  groupName: string,
  plates: readonly NewPlate[],
) {
  const rows = plates.map((plate) => plate.row);
  const listed = groupId === null ? new Set<string>() : await findListedKeys(db, groupId, rows);
  const repeats = findRepeats(rows, listed, (_row, i) => ({
    path: `plates[${plates[i]!.index}][number]`,
    place: i,
  }));
  return repeats.length > 0
    ? repeatsError(repeats, groupName, (plate, earlier) => MESSAGES.plateRepeatsFormPlate(plate, earlier + 1))
    : null;
}

/** POST /groups/create-mobile: a group of the caller's agency, with its members, picture and plates. */
export async function createGroup(deps: GroupDeps, actor: Actor, form: GroupForm): Promise<number> {
  const agencyId = actor.user.agencyId;
  if (agencyId === null)
    throw new AppError("FORBIDDEN", "Only a user of an agency can create a hotlist group.");
  const plates = readFormPlates(form);
  const repeated = await checkFormRepeats(deps.prisma, null, form.group_name, plates);
  if (repeated) throw repeated;
  const image = await readGroupImage(form);
  await checkMembers(deps.prisma, agencyId, form.group_members);

  return withWrittenFiles(filesToWrite(deps, image, plates), (names) =>
    inTransaction(deps.prisma, async (tx) => {
      const imagePath = image ? names[0]! : null;
      const group = await insertGroup(tx, {
        agencyId,
        name: form.group_name,
        description: form.group_description ?? null,
        imagePath,
        createdById: actor.user.id,
        memberIds: form.group_members,
      });
      const rows = plateRowsWithFiles(plates, names.slice(image ? 1 : 0), group.id, actor.user.id);
      if (rows.length > 0) await insertPlates(tx, rows);
      await writeAudit(tx, actor, {
        action: "hotlist_group_created",
        detail: { group_id: group.id, name: group.name, member_ids: form.group_members, plates: rows.length },
      });
      return group.id;
    }),
  );
}

/**
 * POST /groups/{id}/edit-mobile: name, description, members (exactly the ids sent), a new picture when
 * one is sent, and the plates added on the screen. All or nothing: a bad plate, attachment, picture or
 * member refuses the whole save, and a failed transaction removes the files it wrote.
 */
export async function editGroup(
  deps: GroupDeps,
  actor: Actor,
  groupId: number,
  form: GroupForm,
): Promise<string> {
  const group = await findAccessibleGroup(deps.prisma, actor, groupId, "edit");
  const plates = readFormPlates(form);
  const image = await readGroupImage(form);
  await checkMembers(deps.prisma, group.agencyId, form.group_members);

  // A concurrent add of one of the plates committed first: name it as the checks would have.
  const conflict = async () =>
    (await checkFormRepeats(deps.prisma, group.id, form.group_name, plates)) ??
    alreadyListed(plates[0]?.row.plateNumber ?? "", form.group_name);
  const save = (names: string[]) =>
    inTransaction(deps.prisma, async (tx) => {
      const current = await findActiveGroupImage(tx, group.id);
      if (!current) throw new AppError("NOT_FOUND", GROUP_NOT_FOUND); // archived meanwhile
      const repeated = await checkFormRepeats(tx, group.id, form.group_name, plates);
      if (repeated) throw repeated;
      await updateGroupFields(tx, group.id, {
        name: form.group_name,
        description: form.group_description ?? null,
        ...(image ? { imagePath: names[0]! } : {}),
      });
      await replaceGroupMembers(tx, group.id, form.group_members);
      const rows = plateRowsWithFiles(plates, names.slice(image ? 1 : 0), group.id, actor.user.id);
      if (rows.length > 0) await insertPlates(tx, rows);
      await writeAudit(tx, actor, {
        action: "hotlist_group_updated",
        detail: {
          group_id: group.id,
          name: form.group_name,
          member_ids: form.group_members,
          image_replaced: Boolean(image),
        },
      });
      if (rows.length > 0) {
        await writeAudit(tx, actor, {
          action: "hotlist_plates_added",
          detail: { group_id: group.id, plates: rows.map((row) => row.plateNumber) },
        });
      }
      return image ? current.imagePath : null;
    });
  const replacedImage = await withWrittenFiles(filesToWrite(deps, image, plates), (names) =>
    refusingRepeats(() => save(names), conflict),
  );
  if (replacedImage) {
    await removeUnusedFiles(deps.files.groupImages, [replacedImage], actor.log, "old group picture");
  }
  return MESSAGES.groupUpdated;
}

/** POST /archive-group (Delete Group): the group is archived and its plates removed; alerts stay. */
export async function archiveGroup(deps: GroupDeps, actor: Actor, groupId: number): Promise<string> {
  const group = await findAccessibleGroup(deps.prisma, actor, groupId, "edit");
  const removed = await inTransaction(deps.prisma, async (tx) => {
    if (!(await archiveGroupRow(tx, group.id))) throw new AppError("NOT_FOUND", GROUP_NOT_FOUND);
    const plates = await deletePlates(tx, { groupId: group.id });
    await writeAudit(tx, actor, {
      action: "hotlist_group_archived",
      detail: { group_id: group.id, name: group.name, plates_removed: plates.count },
    });
    return plates;
  });
  await removeUnusedFiles(
    deps.files.attachments,
    removed.attachments,
    actor.log,
    "attachments of an archived group",
  );
  return MESSAGES.groupArchived;
}
