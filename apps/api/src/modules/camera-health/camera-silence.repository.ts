import type { PrismaClient } from "@odin/db";

type Db = Pick<PrismaClient, "$queryRaw" | "$executeRaw">;

export interface SilenceClaim {
  agencyId: number;
  cameraKey: string;
  cameraName: string;
  lastReadAt: Date;
}

/**
 * Claims one silence (a camera and the last read it follows): one INSERT on the unique key, so of
 * concurrent claimers exactly one gets the row's id; the others, and every later run while the camera
 * stays silent, get null.
 */
export async function claimSilence(db: Db, claim: SilenceClaim): Promise<bigint | null> {
  const rows = await db.$queryRaw<{ id: bigint }[]>`
    INSERT INTO camera_silence_notices (agency_id, camera_key, camera_name, last_read_at)
    VALUES (${claim.agencyId}, ${claim.cameraKey}, ${claim.cameraName}, ${claim.lastReadAt})
    ON CONFLICT (camera_key, last_read_at) DO NOTHING
    RETURNING id`;
  return rows[0]?.id ?? null;
}

/** What a claimed notice reached. */
export async function recordNoticeOutcome(
  db: Db,
  id: bigint,
  outcome: { emailsSent: number; webhooksSent: number; failures: string[] },
): Promise<void> {
  await db.$executeRaw`
    UPDATE camera_silence_notices
    SET emails_sent = ${outcome.emailsSent}, webhooks_sent = ${outcome.webhooksSent},
      failures = ${outcome.failures.length > 0 ? outcome.failures.join("; ") : null}
    WHERE id = ${id}`;
}

/** The agency's admins who can be e-mailed (approved, not deleted). */
export function findAdminEmails(prisma: PrismaClient, agencyId: number) {
  return prisma.user.findMany({
    where: { agencyId, role: "admin", deletedAt: null, approved: true },
    select: { email: true },
    orderBy: { id: "asc" },
  });
}

/** The agency's enabled webhooks, with their sealed secrets. */
export function findEnabledWebhooks(prisma: PrismaClient, agencyId: number) {
  return prisma.alertWebhook.findMany({
    where: { agencyId, enabled: true },
    select: { id: true, url: true, secretSealed: true, signatureScheme: true },
    orderBy: { id: "asc" },
  });
}
