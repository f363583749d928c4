import type { TGroupMember, THotlistPlate, TUsersByAgency } from "@odin/contract";
import { alertImageUrl } from "../../lib/alert-format";
import type { PlateWithAdder } from "./hotlist.repository";

/**
 * The address of a group's picture (GET /groups/{id}/image, bearer token), or null without one. The
 * `v` query names the stored file, so a new picture gets a new URL and browsers may cache each one.
 */
export function groupImageUrl(group: { id: number; imagePath: string | null }): string | null {
  if (!group.imagePath) return null;
  return `/groups/${group.id}/image?v=${group.imagePath.slice(0, 8)}`;
}

/**
 * The picture of a group's card: its latest alert's, as the alert history shows it (the alert image
 * proxy, or an Axis alert's read), else the group's own, else none.
 */
export function cardImageUrl(
  group: { id: number; imagePath: string | null },
  latest: { imagePath: string | null; axisDetectionId: bigint | null } | undefined,
): string | null {
  if (latest?.imagePath) return alertImageUrl(latest.imagePath);
  if (latest?.axisDetectionId) return `/axis/proxy-detection-image?id=${latest.axisDetectionId.toString()}`;
  return groupImageUrl(group);
}

export function toPlate(plate: PlateWithAdder): THotlistPlate {
  return {
    id: plate.id,
    plate_number: plate.plateNumber,
    state: plate.state,
    reason: plate.reason,
    notes: plate.notes,
    created_at: plate.createdAt.toISOString(),
    added_by_name: plate.addedBy?.name ?? null,
    added_by_agency: plate.addedBy?.agency?.name ?? null,
    attachment_path: plate.attachmentPath,
    match_strategy: plate.matchStrategy === "lenient" ? "lenient" : "exact",
  };
}

export function toMember(user: { id: number; name: string; email: string }): TGroupMember {
  return { id: user.id, name: user.name, email: user.email };
}

export function toUsersByAgency(agencyName: string | null, users: TGroupMember[]): TUsersByAgency {
  return agencyName ? { [agencyName]: users.map(toMember) } : {};
}
