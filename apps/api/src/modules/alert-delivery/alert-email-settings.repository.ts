import type { Prisma } from "@odin/db";

type Db = Pick<Prisma.TransactionClient, "agency">;

/** Whether the agency's alert e-mails carry the read's picture (null: no such agency). */
export async function findAlertEmailPictures(db: Db, agencyId: number): Promise<boolean | null> {
  const agency = await db.agency.findUnique({
    where: { id: agencyId },
    select: { alertEmailPictures: true },
  });
  return agency?.alertEmailPictures ?? null;
}

/** Sets it (inside the transaction of its audit row); returns what is stored. */
export async function updateAlertEmailPictures(
  db: Db,
  agencyId: number,
  pictures: boolean,
): Promise<boolean> {
  const agency = await db.agency.update({
    where: { id: agencyId },
    data: { alertEmailPictures: pictures },
    select: { alertEmailPictures: true },
  });
  return agency.alertEmailPictures;
}
