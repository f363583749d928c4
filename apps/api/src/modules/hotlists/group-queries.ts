import type {
  TAlertsDataResponse,
  TEditGroupData,
  TGroupCreateDataResponse,
  TGroupDetailsResponse,
} from "@odin/contract";
import { AppError } from "../../lib/app-error";
import type { Actor } from "../../access/actor";
import { sniffImageType, type VendorImage } from "../../lib/vendor-http";
import { findAccessibleGroup } from "./group-access";
import type { HotlistFiles } from "./hotlist-files";
import { toUtcNaive } from "../../lib/alert-format";
import { cardImageUrl, groupImageUrl, toMember, toPlate, toUsersByAgency } from "./hotlist.mapper";
import { findGroupCards, findGroupMembers, findGroupPlates, findPickableUsers } from "./hotlist.repository";
import type { Database } from "../../lib/database";

/**
 * GET /alerts-data: the caller's groups, the one with the newest alert first (by the read's time), then
 * by name, each with its latest alert's time and its card picture (hotlist.mapper.ts cardImageUrl).
 */
export async function listGroupCards(prisma: Database, actor: Actor): Promise<TAlertsDataResponse> {
  const groups = await findGroupCards(prisma, actor);
  const cards = groups.map((group) => {
    const latest = group.alerts[0];
    return {
      card: {
        id: group.id,
        name: group.name,
        latest_image_url: cardImageUrl(group, latest),
        last_alert: latest ? toUtcNaive(latest.timestamp) : null,
      },
      at: latest?.timestamp.getTime() ?? -Infinity,
    };
  });
  cards.sort((a, b) => b.at - a.at || a.card.name.localeCompare(b.card.name) || a.card.id - b.card.id);
  return cards.map(({ card }) => card);
}

/** GET /alerts/group/{id}/details-data. */
export async function getGroupDetails(
  prisma: Database,
  actor: Actor,
  groupId: number,
): Promise<TGroupDetailsResponse> {
  const group = await findAccessibleGroup(prisma, actor, groupId);
  const [members, plates] = await Promise.all([
    findGroupMembers(prisma, group.id),
    findGroupPlates(prisma, group.id),
  ]);
  return {
    group: {
      id: group.id,
      name: group.name,
      description: group.description,
      created_at: group.createdAt.toISOString(),
      image_url: groupImageUrl(group),
    },
    members: members.map(toMember),
    plates: plates.map(toPlate),
  };
}

/** GET /groups/{id}/edit-data: the group, its members and plates, and who may become a member. */
export async function getEditData(prisma: Database, actor: Actor, groupId: number): Promise<TEditGroupData> {
  const group = await findAccessibleGroup(prisma, actor, groupId, "edit");
  const [members, plates, pickable] = await Promise.all([
    findGroupMembers(prisma, group.id),
    findGroupPlates(prisma, group.id),
    findPickableUsers(prisma, group.agencyId),
  ]);
  return {
    group: {
      name: group.name,
      description: group.description,
      image_url: groupImageUrl(group),
      member_ids: members.map((member) => member.id),
    },
    members: members.map(toMember),
    plates: plates.map(toPlate),
    users_by_agency: toUsersByAgency(pickable.agencyName, pickable.users),
  };
}

/** GET /group-create-data: the caller's agency's users (none for the agency-less owner). */
export async function getCreateData(prisma: Database, actor: Actor): Promise<TGroupCreateDataResponse> {
  const pickable = await findPickableUsers(prisma, actor.user.agencyId);
  return { users_by_agency: toUsersByAgency(pickable.agencyName, pickable.users) };
}

/** GET /groups/{id}/image: the stored picture, to those who may see the group. */
export async function openGroupImage(
  prisma: Database,
  files: HotlistFiles,
  actor: Actor,
  groupId: number,
): Promise<VendorImage> {
  const group = await findAccessibleGroup(prisma, actor, groupId);
  const body = group.imagePath ? await files.groupImages.get(group.imagePath) : null;
  const contentType = body ? sniffImageType(body) : null;
  if (!body || !contentType) throw new AppError("NOT_FOUND", "This group has no picture.");
  return { body, contentType };
}
