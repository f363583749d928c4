import type { TAlertEmailSettings, TAlertEmailSettingsUpdate } from "@odin/contract";
import type { Actor } from "../../access/actor";
import { requireOwnAgency } from "../../access/tenancy";
import { AppError } from "../../lib/app-error";
import { writeAudit } from "../../lib/audit-rows.repository";
import { inTransaction, type Database } from "../../lib/database";
import { findAlertEmailPictures, updateAlertEmailPictures } from "./alert-email-settings.repository";

export const AGENCY_NOT_FOUND = "Your agency was not found.";

/** GET /api/admin/alert-email-settings: the admin's own agency's setting. */
export async function getAlertEmailSettings(prisma: Database, actor: Actor): Promise<TAlertEmailSettings> {
  const pictures = await findAlertEmailPictures(prisma, requireOwnAgency(actor));
  if (pictures === null) throw new AppError("NOT_FOUND", AGENCY_NOT_FOUND);
  return { alert_email_pictures: pictures };
}

/**
 * PUT /api/admin/alert-email-settings: the admin's own agency only (the body names no agency, so an
 * admin cannot reach another's). The audit row, with the value before and after, is written first in
 * the transaction that makes the change: both commit or neither does.
 */
export async function setAlertEmailSettings(
  prisma: Database,
  actor: Actor,
  body: TAlertEmailSettingsUpdate,
): Promise<TAlertEmailSettings> {
  const agencyId = requireOwnAgency(actor);
  return inTransaction(prisma, async (tx) => {
    const before = await findAlertEmailPictures(tx, agencyId);
    if (before === null) throw new AppError("NOT_FOUND", AGENCY_NOT_FOUND);
    await writeAudit(tx, actor, {
      action: "alert_email_settings_changed",
      detail: { alert_email_pictures: { before, after: body.alert_email_pictures } },
    });
    return { alert_email_pictures: await updateAlertEmailPictures(tx, agencyId, body.alert_email_pictures) };
  });
}
