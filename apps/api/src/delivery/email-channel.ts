import type { Database } from "../lib/database";
import type { Mailer } from "../mail/mailer";
import type { ImageStore } from "../storage/image-store";
import { parseStoredImagePath } from "../storage/image-store";
import type { ClaimedDelivery } from "./delivery-queue.repository";
import { findEmailRecipient, loadAlertForDelivery } from "./delivery.repository";
import { quietHoursEnd, quietHoursOf } from "./quiet-hours";
import { PermanentDeliveryError, type DeliveryChannel, type DeliveryOutcome } from "./delivery-worker";

export interface EmailChannelDeps {
  prisma: Database;
  mailer: Mailer;
  images: Pick<ImageStore, "get">;
  /** ODIN_PUBLIC_URL: the alert page's link. */
  publicUrl: string;
  /** The clock quiet hours are read on (tests set it). */
  now?: () => Date;
}

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/** The alert page of the web app (screens.tsx). */
export function alertPageUrl(publicUrl: string, alertId: number): string {
  return `${publicUrl.replace(/\/+$/, "")}/alert-history-detail/${alertId}`;
}

/**
 * The Message-ID of an alert e-mail: derived from the delivery row (one per alert and recipient), so
 * every attempt of one delivery, a resend after a process died between the SMTP server taking it and
 * the row being marked sent included, carries the same id and a mail client or the recipient's server
 * shows or drops it as the same message. The domain is ODIN_PUBLIC_URL's host.
 */
export function alertMessageId(publicUrl: string, delivery: Pick<ClaimedDelivery, "id" | "alertId">): string {
  let host = "odin.local";
  try {
    host = new URL(publicUrl).hostname || host;
  } catch {
    // keep the default
  }
  return `<alert-${delivery.alertId}.delivery-${delivery.id}@${host}>`;
}

function formatTime(at: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
    timeZoneName: "short",
  }).format(at);
  return text;
}

/**
 * Alert e-mails (issue 24 item 2) through the existing mailer (SMTP, or the outbox in development):
 * plate, group, reason, camera, time in the agency's zone and a link to the alert page. The read's
 * picture is attached only when the group's agency allows pictures in e-mail and Odin stored it.
 * Checked again at send time: a recipient who left the group, was removed, or turned alert e-mails
 * off gets nothing (the delivery is recorded as cancelled). During the recipient's quiet hours an
 * alert of a group not marked urgent is held until they end (issue 24).
 */
export function createEmailChannel(deps: EmailChannelDeps): DeliveryChannel {
  return {
    async send(delivery: ClaimedDelivery): Promise<DeliveryOutcome> {
      const alert = await loadAlertForDelivery(deps.prisma, delivery.alertId);
      if (!alert) return { kind: "cancelled", note: "the alert no longer exists" };
      const user =
        delivery.userId === null
          ? null
          : await findEmailRecipient(deps.prisma, delivery.userId, alert.groupId);
      if (!user) return { kind: "cancelled", note: "the recipient is no longer a member of the group" };
      if (!user.emailAlerts) return { kind: "cancelled", note: "the recipient turned alert e-mails off" };
      if (!user.email.includes("@")) throw new PermanentDeliveryError("the recipient has no e-mail address");

      const agency = alert.group.agency;
      const held = holdForQuietHours(alert.group, user, agency.timeZone, deps.now?.() ?? new Date());
      if (held) return held;
      const lines = [
        `Hotlist alert: ${alert.plate}${alert.state ? ` (${alert.state})` : ""}`,
        "",
        `Group: ${alert.group.name}`,
        `Reason: ${alert.reason}`,
        `Camera: ${alert.camera ?? "unknown"}${alert.agencyName ? ` (${alert.agencyName})` : ""}`,
        `Read at: ${formatTime(alert.timestamp, agency.timeZone)}`,
        ...(alert.matchRule && alert.matchRule !== "exact" ? [`Match: ${alert.matchRule}`] : []),
        "",
        `Open the alert: ${alertPageUrl(deps.publicUrl, alert.id)}`,
      ];
      let note: string | undefined;
      const attachments: NonNullable<Parameters<Mailer["send"]>[0]["attachments"]> = [];
      if (agency.alertEmailPictures && alert.imagePath) {
        const image = parseStoredImagePath(alert.imagePath) ? await deps.images.get(alert.imagePath) : null;
        if (image) {
          attachments.push({
            filename: `alert-${alert.id}.${EXTENSIONS[image.contentType] ?? "jpg"}`,
            content: image.body,
            contentType: image.contentType,
          });
        } else note = "sent without the picture (not stored by Odin)";
      }
      try {
        await deps.mailer.send({
          to: user.email,
          subject: `Odin alert: ${alert.plate} on ${alert.group.name}`,
          text: lines.join("\n"),
          messageId: alertMessageId(deps.publicUrl, delivery),
          headers: { "X-Odin-Delivery": `dlv_${delivery.id}` },
          ...(attachments.length > 0 ? { attachments } : {}),
        });
      } catch (error) {
        throw smtpFailure(error);
      }
      return note ? { kind: "sent", note } : { kind: "sent" };
    },
  };
}

/**
 * An SMTP 5xx answer is a refusal for good (no such mailbox, relaying denied): recorded as failed.
 * A 4xx answer, a refused or dropped connection, a timeout: tried again after the backoff.
 */
function smtpFailure(error: unknown): Error {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code === "number" && code >= 500 && code < 600) {
    return new PermanentDeliveryError(`the mail server refused the message: ${message}`);
  }
  return new Error(`the message could not be handed to the mail server: ${message}`);
}

/**
 * Quiet hours (issue 24): for a group not marked urgent, a delivery falling in the recipient's quiet
 * hours is held until they end (the queue tries it again then; the attempt is not counted). Used by
 * every channel that reaches a person (e-mail, push); never by the live screen or webhooks.
 */
export function holdForQuietHours(
  group: { urgent: boolean },
  user: { quietHoursStart: number | null; quietHoursEnd: number | null },
  timeZone: string,
  now: Date,
): DeliveryOutcome | null {
  if (group.urgent) return null;
  const until = quietHoursEnd(now, quietHoursOf(user), timeZone);
  return until
    ? { kind: "held", until, note: `held for the recipient's quiet hours until ${until.toISOString()}` }
    : null;
}
