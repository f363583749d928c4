import type { SecretBox } from "@odin/db";
import type { TCameraSilentWebhookEvent } from "@odin/contract";
import { postWebhook, signatureSchemeOf } from "../../delivery/webhook-channel";
import type { Database } from "../../lib/database";
import type { Mailer } from "../../mail/mailer";
import { listCameraActivity, type CameraRecord } from "./camera-health.service";
import {
  claimSilence,
  findAdminEmails,
  findEnabledWebhooks,
  recordNoticeOutcome,
} from "./camera-silence.repository";

export interface CameraSilenceDeps {
  prisma: Database;
  secrets: Pick<SecretBox, "decrypt">;
  mailer: Mailer;
  publicUrl: string;
  /** CAMERA_SILENT_ALERT_HOURS. */
  silentAlertAfterHours: number;
  webhookTimeoutMs: number;
}

const HOUR_MS = 3_600_000;
/** Where the web app shows camera health (the integrations hub). */
export const CAMERA_HEALTH_SCREEN = "/integrations";

const programName = (source: CameraRecord["source"]) => (source === "Axis" ? "RAVEN" : source);

/**
 * Issue 40 item 6: tells the agency's admins (e-mail) and its enabled webhooks about each camera
 * that has sent nothing for `silentAlertAfterHours`, once per silence. A paused camera and one that
 * never read are not silent. Each silence is claimed by inserting its row (camera, last read) first,
 * so concurrent runs never tell twice; a message that fails is not retried (the failure is kept on the
 * row, and the camera stays Silent on the health screen).
 */
export async function notifySilentCameras(
  deps: CameraSilenceDeps,
  now = new Date(),
): Promise<{ silent: number; notified: number }> {
  const threshold = deps.silentAlertAfterHours * HOUR_MS;
  const silent = (await listCameraActivity(deps.prisma, "all", now)).filter(
    (camera): camera is CameraRecord & { lastReadAt: Date } =>
      !camera.paused &&
      camera.lastReadAt !== null &&
      now.getTime() - camera.lastReadAt.getTime() >= threshold,
  );
  let notified = 0;
  for (const camera of silent) {
    const id = await claimSilence(deps.prisma, {
      agencyId: camera.agencyId,
      cameraKey: camera.id,
      cameraName: camera.name,
      lastReadAt: camera.lastReadAt,
    });
    if (id === null) continue;
    notified++;
    await recordNoticeOutcome(deps.prisma, id, await tellAgency(deps, camera, `cam_silent_${id}`, now));
  }
  return { silent: silent.length, notified };
}

async function tellAgency(
  deps: CameraSilenceDeps,
  camera: CameraRecord & { lastReadAt: Date },
  eventId: string,
  now: Date,
) {
  const hours = Math.floor((now.getTime() - camera.lastReadAt.getTime()) / HOUR_MS);
  const healthUrl = `${deps.publicUrl.replace(/\/+$/, "")}${CAMERA_HEALTH_SCREEN}`;
  const failures: string[] = [];
  let emailsSent = 0;
  for (const admin of await findAdminEmails(deps.prisma, camera.agencyId)) {
    try {
      await deps.mailer.send({
        to: admin.email,
        subject: `Odin: camera "${camera.name}" silent for ${hours} hours`,
        text: [
          `The ${programName(camera.source)} camera "${camera.name}" (${camera.agencyName}) has sent no read for ${hours} hours.`,
          `Last read: ${camera.lastReadAt.toISOString()}`,
          "",
          "Hotlist alerts cannot come from a camera that reads nothing. Check its power, network and vendor account.",
          `Camera health: ${healthUrl}`,
          "",
          "You are told once per silence: again only after the camera has read again and gone silent again.",
        ].join("\n"),
      });
      emailsSent++;
    } catch (error) {
      failures.push(`e-mail to ${admin.email}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const event: TCameraSilentWebhookEvent = {
    id: eventId,
    type: "camera.silent",
    created_at: now.toISOString(),
    camera: {
      id: camera.id,
      source: camera.source,
      name: camera.name,
      agency: camera.agencyName,
      last_read_at: camera.lastReadAt.toISOString(),
      silent_hours: hours,
      health_url: healthUrl,
    },
  };
  const body = JSON.stringify(event);
  let webhooksSent = 0;
  for (const hook of await findEnabledWebhooks(deps.prisma, camera.agencyId)) {
    const result = await postWebhook(
      {
        url: hook.url,
        secret: deps.secrets.decrypt(hook.secretSealed),
        scheme: signatureSchemeOf(hook.signatureScheme),
      },
      { id: eventId, type: event.type, body },
      deps.webhookTimeoutMs,
    );
    if (result.ok) webhooksSent++;
    else failures.push(`webhook ${hook.id}: ${result.error ?? "failed"}`);
  }
  return { emailsSent, webhooksSent, failures };
}
