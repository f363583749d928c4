import { timingSafeEqual } from "node:crypto";
import type { TRekorWebhookResponse } from "@odin/contract";
import { hashToken } from "@odin/db";
import type { z } from "zod";
import { hasNewMatch, insertAlertsForReads } from "../alerts/matching/alert-matcher";
import type { RemoteRead } from "../../sources/remote-read";
import { AppError } from "../../lib/app-error";
import { inTransaction, type Database } from "../../lib/database";
import type { ImageStore } from "../../storage/image-store";
import { recordRemotePlates } from "../../sources/distinct-plates.repository";
import { sniffImageType, type VendorImage } from "../../lib/vendor-http";
import { learnCamera } from "../../sources/rekor/rekor-cameras.repository";
import { alreadyAlerted, findRekorKey, lockSighting, type SightingRule } from "./rekor-webhook.repository";
import { mapRekorFrame, mapRekorGroup } from "../../sources/rekor/rekor.webhook.mapper";
import {
  ZRekorAlprGroup,
  ZRekorAlprResults,
  ZRekorHeartbeat,
  type TRekorAlprGroup,
  type TRekorAlprResults,
  type TRekorHeartbeat,
} from "../../sources/rekor/rekor.webhook.payload";

export interface RekorWebhookDeps {
  prisma: Database;
  images: ImageStore;
}

export interface KnownKey {
  id: number;
  agencyId: number;
  agencyName: string;
  tokenHash: Buffer | null;
}

/** Where alert pictures live in the image store (`alerts/{key id}/…`). */
export const ALERT_IMAGE_AREA = "alerts";

const REFUSED = "The webhook token is not valid for this Rekor key.";
const RECEIVED: TRekorWebhookResponse = { status: "received" };

/**
 * Rekor webhooks: a Rekor agent POSTs each vehicle pass (`alpr_group`) to its key's URL with the key's
 * webhook token. Rekor reads are searched remotely, so the read is not stored (its plate is recorded
 * in distinct_plates, as Axis ingest records its reads', for Similar search): it is matched
 * against the hotlists of the key's agency and a match writes alerts (with the plate crop, when the
 * agent sent one). Replays write nothing (the alert's unique read key), and the answer is the same
 * whether or not the plate matched.
 */
export function createRekorWebhook(deps: RekorWebhookDeps) {
  /**
   * Read on every push (one primary-key lookup), not cached: a rotated webhook token or a deleted key
   * must be refused at once, on every replica.
   */
  async function keyFor(keyId: number): Promise<KnownKey | null> {
    const row = await findRekorKey(deps.prisma, keyId);
    if (!row) return null;
    return {
      id: row.id,
      agencyId: row.agencyId,
      agencyName: row.agencyName,
      tokenHash: row.webhookTokenHash ? Buffer.from(row.webhookTokenHash) : null,
    };
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
    switch (body.data_type) {
      case "alpr_group":
        await receiveGroup(key, parse(ZRekorAlprGroup, body));
        return RECEIVED;
      case "alpr_results":
        await receiveFrame(key, parse(ZRekorAlprResults, body));
        return RECEIVED;
      case "heartbeat":
        await receiveHeartbeat(key, parse(ZRekorHeartbeat, body));
        return RECEIVED;
      default:
        // Other kinds (alpr_alert: Rekor's own hotlist hits) are acknowledged, so the agent does not retry.
        return { status: "ignored" };
    }
  }

  async function receiveGroup(key: KnownKey, group: TRekorAlprGroup): Promise<void> {
    const camera = await learnCamera(deps.prisma, key, group, {
      label: group.web_server_config?.camera_label ?? null,
    });
    const read = mapRekorGroup(group, { key, camera: camera ?? undefined });
    // Similar search finds its candidates among the distinct plates: Rekor's count as Axis's do.
    await recordRemotePlates(deps.prisma, [read], "rekor_reads", { counted: true });
    // The frames (alpr_results) that make up this pass may already have raised the alert.
    const frames = (group.uuids ?? []).filter((uuid) => uuid !== group.best_uuid);
    await alertOnce(key, read, group.best_plate?.plate_crop_jpeg, { frames });
  }

  async function receiveFrame(key: KnownKey, frame: TRekorAlprResults): Promise<void> {
    const camera = await learnCamera(deps.prisma, key, frame, { label: null });
    const reads = mapRekorFrame(frame, { key, camera: camera ?? undefined });
    await recordRemotePlates(deps.prisma, reads, "rekor_reads", { counted: false });
    for (const [index, read] of reads.entries()) {
      // An agent sends a frame many times a second while a car passes: one sighting, one alert.
      await alertOnce(key, read, frame.results[index]?.plate_crop_jpeg, { windowMs: SIGHTING_WINDOW_MS });
    }
  }

  async function receiveHeartbeat(key: KnownKey, heartbeat: TRekorHeartbeat): Promise<void> {
    for (const stream of heartbeat.video_streams ?? []) {
      if (!stream.camera_id) continue;
      await learnCamera(
        deps.prisma,
        key,
        { ...heartbeat, camera_id: stream.camera_id },
        { label: stream.camera_name ?? null, authoritativeName: true },
      );
    }
  }

  /**
   * Writes the read's alerts unless this sighting already raised them (a replay, the frames of the same
   * pass, or frames within the sighting window), storing the plate crop only for a new alert. A
   * transaction-scoped lock per key and plate serialises concurrent deliveries of one sighting.
   */
  async function alertOnce(
    key: KnownKey,
    read: Omit<RemoteRead, "imagePath">,
    crop: string | null | undefined,
    sighting: SightingRule,
  ): Promise<void> {
    const agencies = [key.agencyId];
    if (!(await hasNewMatch(deps.prisma, "Rekor", read, agencies))) return;
    const picture = decodePicture(crop);
    const imagePath = picture
      ? await deps.images.put(ALERT_IMAGE_AREA, key.id, read.timestamp, picture, "plate")
      : null;
    try {
      const written = await inTransaction(deps.prisma, async (tx) => {
        await lockSighting(tx, key.id, read.plateNormalized);
        if (await alreadyAlerted(tx, key, read, sighting)) return [];
        return insertAlertsForReads(tx, "Rekor", [{ ...read, imagePath }], agencies);
      });
      // Another delivery of the same sighting got there first: its alerts keep their own picture.
      if (written.length === 0 && imagePath) await deps.images.remove([imagePath]);
    } catch (error) {
      if (imagePath) await deps.images.remove([imagePath]).catch(() => undefined);
      throw error;
    }
  }

  return { receive };
}

/** How long the frames of one pass count as one sighting at one camera (agents group within seconds). */
const SIGHTING_WINDOW_MS = 2 * 60_000;

/** Validates one kind of push, or a 400 naming the failing fields. */
function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    path: issue.path.join("."),
    message: issue.message,
  }));
  const kind = (body as { data_type?: string }).data_type;
  throw new AppError("VALIDATION_FAILED", `${kind}: ${details[0]?.path}: ${details[0]?.message}`, details);
}

export type RekorWebhook = ReturnType<typeof createRekorWebhook>;

/** The plate crop, when it is a picture; anything else is ignored (an alert without a picture is fine). */
function decodePicture(base64: string | null | undefined): VendorImage | null {
  if (!base64) return null;
  const body = Buffer.from(base64, "base64");
  const contentType = sniffImageType(body);
  return contentType ? { body, contentType } : null;
}
