import type { PrismaClient } from "@odin/db";
import { AppError } from "../../lib/app-error";

/** Every agency by name (owner screens, camera assignment). */
export function findAgencies(prisma: PrismaClient) {
  return prisma.agency.findMany({
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, name: true },
  });
}

/** The agency a form names; an unknown id is the form's mistake (400 on agency_id), not a missing page. */
export async function findAgencyOrFail(prisma: PrismaClient, agencyId: number) {
  const agency = await prisma.agency.findUnique({ where: { id: agencyId } });
  if (!agency) {
    throw new AppError("VALIDATION_FAILED", "Select an agency that exists.", [
      { path: "agency_id", message: "No agency has this id." },
    ]);
  }
  return agency;
}
