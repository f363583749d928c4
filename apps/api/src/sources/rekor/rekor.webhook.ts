import { timingSafeEqual } from "node:crypto";
import type { TRekorWebhookResponse } from "@odin/contract";
import { hashToken, type PrismaClient } from "@odin/db";
import { hasNewMatch, insertAlertsForReads } from "../../alerts/alert-matcher";
import { AppError } from "../../lib/app-error";
import type { ImageStore } from "../../storage/image-store";
import { sniffImageType, type VendorImage } from "../vendor-http";
import { mapRekorGroup } from "./rekor.webhook.mapper";
import { ZRekorAlprGroup } from "./rekor.webhook.payload";

export interface RekorWebhookDeps {
  prisma: PrismaClient;
  images: ImageStore;
}

interface KnownKey {
  id: number;
  agencyId: number;
  agencyName: string;
  tokenHash: Buffer | null;
  loadedAt: number;
}

/** A key's settings are re-read this often, so a rotated webhook token or a deleted key takes effect. */
const KEY_CACHE_MS = 30_000;
/** Where alert pictures live in the image store (`alerts/{key id}/…`). */
export const ALERT_IMAGE_AREA = "alerts";

const REFUSED = "The webhook token is not valid for this Rekor key.";
const RECEIVED: TRekorWebhookResponse = { status: "received" };

/**
 * Rekor webhooks: a Rekor agent POSTs each vehicle pass (`alpr_group`) to its key's URL with the key's
 * webhook token. Rekor reads are searched remotely, so nothing of the read is stored: it is matched
 * against the hotlists of the key's agency and a match writes alerts (with the plate crop, when the
 * agent sent one). Replays write nothing (the alert's unique read key), and the answer is the same
 * whether or not the plate matched.
 */
export function createRekorWebhook(deps: RekorWebhookDeps) {
  const keys = new Map<number, KnownKey>();

  async function keyFor(keyId: number): Promise<KnownKey | null> {
    const cached = keys.get(keyId);
    if (cached && Date.now() - cached.loadedAt < KEY_CACHE_MS) return cached;
    const row = await deps.prisma.rekorApiKey.findUnique({ where: { id: keyId } });
    if (!row) {
      keys.delete(keyId);
      return null;
    }
    const known: KnownKey = {
      id: row.id,
      agencyId: row.agencyId,
      agencyName: row.agencyName,
      tokenHash: row.webhookTokenHash ? Buffer.from(row.webhookTokenHash) : null,
      loadedAt: Date.now(),
    };
    keys.set(keyId, known);
    return known;
  }

  /** The key the bearer token opens, or a 401 that does not say whether the key exists. */
  async function authenticate(keyId: number, authorization: string | undefined): Promise<KnownKey> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
    if (!token)
      throw new AppError("UNAUTHENTICATED", "A webhook token is required (Authorization: Bearer …).");
    const key = await keyFor(keyId);
    const given = Buffer.from(hashToken(token));
    if (!key?.tokenHash || given.length !== key.tokenHash.length || !timingSafeEqual(given, key.tokenHash)) {
      throw new AppError("UNAUTHENTICATED", REFUSED);
    }
    return key;
  }

  async function receive(
    keyId: number,
    authorization: string | undefined,
    body: { data_type: string },
  ): Promise<TRekorWebhookResponse> {
    const key = await authenticate(keyId, authorization);
    // Heartbeats and other kinds are acknowledged, so the agent does not retry them.
    if (body.data_type !== "alpr_group") return { status: "ignored" };
    const parsed = ZRekorAlprGroup.safeParse(body);
    if (!parsed.success) {
      const details = parsed.error.issues.map((issue) => ({
        path: issue.path.join("."),
        message: issue.message,
      }));
      throw new AppError(
        "VALIDATION_FAILED",
        `alpr_group: ${details[0]?.path}: ${details[0]?.message}`,
        details,
      );
    }
    const group = parsed.data;
    const camera = group.camera_id
      ? await deps.prisma.rekorCamera.findUnique({
          where: { rekorApiKeyId_cameraId: { rekorApiKeyId: key.id, cameraId: group.camera_id } },
        })
      : null;
    const read = mapRekorGroup(group, { key, camera: camera ?? undefined });
    const agencies = [key.agencyId];
    if (!(await hasNewMatch(deps.prisma, "Rekor", read, agencies))) return RECEIVED;

    const crop = decodePicture(group.best_plate?.plate_crop_jpeg);
    const imagePath = crop
      ? await deps.images.put(ALERT_IMAGE_AREA, key.id, read.timestamp, crop, "plate")
      : null;
    try {
      const written = await insertAlertsForReads(deps.prisma, "Rekor", [{ ...read, imagePath }], agencies);
      // Another delivery of the same read got there first: its alerts keep their own picture.
      if (written.length === 0 && imagePath) await deps.images.remove([imagePath]);
    } catch (error) {
      if (imagePath) await deps.images.remove([imagePath]).catch(() => undefined);
      throw error;
    }
    return RECEIVED;
  }

  return { receive };
}

export type RekorWebhook = ReturnType<typeof createRekorWebhook>;

/** The plate crop, when it is a picture; anything else is ignored (an alert without a picture is fine). */
function decodePicture(base64: string | null | undefined): VendorImage | null {
  if (!base64) return null;
  const body = Buffer.from(base64, "base64");
  const contentType = sniffImageType(body);
  return contentType ? { body, contentType } : null;
}
