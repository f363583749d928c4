import { timingSafeEqual } from "node:crypto";
import { MESSAGES, type TAxisIngestResponse, type TAxisLpvEvent } from "@odin/contract";
import { hashToken } from "@odin/db";
import { AppError } from "../../lib/app-error";
import type { Database } from "../../lib/database";
import type { ImageStore } from "../../storage/image-store";
import { sniffImageType, type VendorImage } from "../../lib/vendor-http";
import { createDetectionWriter } from "./axis-batch-insert";
import { findAxisIntegrationForIngest, findAxisReadId, noteAxisLastEvent } from "./axis-ingest.repository";
import { mapAxisEvent } from "../../sources/axis/axis.mapper";

interface KnownIntegration {
  id: number;
  agencyId: number;
  tokenHash: Buffer;
  label: string | null;
  latitude: number | null;
  longitude: number | null;
  paused: boolean;
  deleted: boolean;
  loadedAt: number;
}

export interface AxisIngestDeps {
  prisma: Database;
  images: ImageStore;
}

/**
 * An integration's settings are re-read this often. Changes made through this process (rotate, pause,
 * delete: modules/integrations/axis-integrations.service.ts) call `forget` and apply at once; other
 * API replicas see them within this time.
 */
const INTEGRATION_CACHE_MS = 30_000;
/** `last_event_at` is diagnostics: written at most this often per integration, not once per read. */
const LAST_EVENT_WRITE_MS = 10_000;

const REFUSED = "The ingest token is not valid for this integration.";

/**
 * Axis ingest: a camera pushes one LPV event at a time to its integration's URL with its bearer token.
 * Each event is checked, its pictures stored, then the row inserted (batched with the reads arriving
 * at the same moment, axis-batch-insert.ts) with ON CONFLICT DO NOTHING on (integration, vendor event
 * id), together with the hotlist alerts it raises: a repeated push is one row and no second alert, and a
 * failed insert removes the pictures it wrote, so nothing is ever half-written.
 */
export function createAxisIngest(deps: AxisIngestDeps) {
  const integrations = new Map<string, KnownIntegration>();
  const writer = createDetectionWriter(deps.prisma);
  const lastEventWritten = new Map<number, number>();

  async function integrationFor(identifier: string): Promise<KnownIntegration | null> {
    const cached = integrations.get(identifier);
    if (cached && Date.now() - cached.loadedAt < INTEGRATION_CACHE_MS) return cached;
    const row = await findAxisIntegrationForIngest(deps.prisma, identifier);
    if (!row) {
      integrations.delete(identifier);
      return null;
    }
    const known: KnownIntegration = {
      id: row.id,
      agencyId: row.axisAgency.agencyId,
      tokenHash: Buffer.from(row.ingestTokenHash),
      label: row.label,
      latitude: row.latitude,
      longitude: row.longitude,
      paused: row.pausedAt !== null,
      deleted: row.deletedAt !== null,
      loadedAt: Date.now(),
    };
    integrations.set(identifier, known);
    return known;
  }

  /**
   * The integration the bearer token opens, or a 401 that does not say whether the identifier exists.
   * Only a caller holding the valid token learns that it is deleted (410) or paused (423): both are
   * 4xx, which a push client takes as final rather than retrying the same read.
   */
  async function authenticate(
    identifier: string,
    authorization: string | undefined,
  ): Promise<KnownIntegration> {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
    if (!token)
      throw new AppError("UNAUTHENTICATED", "An ingest token is required (Authorization: Bearer …).");
    const integration = await integrationFor(identifier);
    const given = Buffer.from(hashToken(token));
    if (
      !integration ||
      given.length !== integration.tokenHash.length ||
      !timingSafeEqual(given, integration.tokenHash)
    ) {
      throw new AppError("UNAUTHENTICATED", REFUSED);
    }
    if (integration.deleted) throw new AppError("GONE", MESSAGES.axisPushDeleted);
    if (integration.paused) throw new AppError("LOCKED", MESSAGES.axisPushPaused);
    return integration;
  }

  function decodePicture(field: "image" | "plateImage", base64: string | undefined): VendorImage | null {
    if (!base64) return null;
    const body = Buffer.from(base64, "base64");
    const contentType = sniffImageType(body);
    if (!contentType) {
      throw new AppError("VALIDATION_FAILED", `${field} is not a base64 JPEG, PNG or WebP picture.`, [
        { path: field, message: "must be a base64 JPEG, PNG or WebP picture" },
      ]);
    }
    return { body, contentType };
  }

  async function ingest(
    identifier: string,
    authorization: string | undefined,
    event: TAxisLpvEvent,
  ): Promise<{ created: boolean; answer: TAxisIngestResponse }> {
    const integration = await authenticate(identifier, authorization);
    const fields = mapAxisEvent(event, integration);
    // An absurd time (a camera clock in 1970 or next year) is stored, flagged, and alerts nobody
    // (sources/read-time.ts); only a time that is no time at all is refused.
    if (Number.isNaN(fields.timestamp.getTime())) {
      throw new AppError("VALIDATION_FAILED", "capture_timestamp is not a time.", [
        { path: "capture_timestamp", message: "must be epoch milliseconds" },
      ]);
    }
    if (!fields.plateNormalized) {
      throw new AppError("VALIDATION_FAILED", "plateText holds no plate characters.", [
        { path: "plateText", message: "must hold the plate's characters" },
      ]);
    }
    const vehicle = decodePicture("image", event.image);
    const plate = decodePicture("plateImage", event.plateImage);

    // A repeat with pictures is answered without writing them again (without pictures the insert's
    // ON CONFLICT is the cheaper check).
    if (vehicle || plate) {
      const existing = await findExisting(integration.id, fields.vendorEventId);
      if (existing !== null)
        return { created: false, answer: { status: "duplicate", id: existing.toString() } };
    }

    const written: string[] = [];
    try {
      const imagePath = vehicle
        ? await deps.images.put("axis", integration.id, fields.timestamp, vehicle)
        : null;
      if (imagePath) written.push(imagePath);
      const plateImagePath = plate
        ? await deps.images.put("axis", integration.id, fields.timestamp, plate, "plate")
        : null;
      if (plateImagePath) written.push(plateImagePath);

      const { image: _image, plateImage: _plateImage, ...raw } = event;
      const outcome = await writer.insert({
        ...fields,
        agencyId: integration.agencyId,
        axisIntegrationId: integration.id,
        imagePath,
        plateImagePath,
        raw,
      });
      const id = outcome.id;
      if (!outcome.created) {
        // Another push of the same read was stored first: keep its row, drop these pictures.
        await deps.images.remove(written);
        return { created: false, answer: { status: "duplicate", id: id.toString() } };
      }
      noteLastEvent(integration.id, fields.timestamp);
      return { created: true, answer: { status: "stored", id: id.toString() } };
    } catch (error) {
      await deps.images.remove(written).catch(() => undefined);
      throw error;
    }
  }

  function findExisting(integrationId: number, vendorEventId: string): Promise<bigint | null> {
    return findAxisReadId(deps.prisma, integrationId, vendorEventId);
  }

  function noteLastEvent(integrationId: number, at: Date): void {
    const now = Date.now();
    if (now - (lastEventWritten.get(integrationId) ?? 0) < LAST_EVENT_WRITE_MS) return;
    lastEventWritten.set(integrationId, now);
    void noteAxisLastEvent(deps.prisma, integrationId, at).catch(() => undefined);
  }

  /** Drops the cached settings of an integration, so its new token or state applies to the next push. */
  function forget(identifier: string): void {
    integrations.delete(identifier);
  }

  return { ingest, forget };
}

export type AxisIngest = ReturnType<typeof createAxisIngest>;
