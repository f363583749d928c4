import type { AxonIntegration } from "@odin/db";
import { insertAlertsForReads } from "../alerts/matching/alert-matcher";
import type { RemoteRead } from "../../sources/remote-read";
import { inTransaction } from "../../lib/database";
import type { SourceDeps } from "../../sources/detection-source";
import { normalizePlate } from "../../sources/plate-pattern";
import { agenciesThatMaySee } from "../../sources/read-viewers.repository";
import {
  advanceAxonPollCursor,
  claimAxonPoll,
  findAxonIntegration,
} from "../../sources/axon/axon-poll.repository";
import { resolveAxonUrl } from "../../sources/axon/axon.mapper";
import type { TAxonRead } from "../../sources/axon/axon.payload";
import { axonClientFor } from "../../sources/axon/axon.source";

/** Each poll asks again for this much before the cursor: reads that reached Axon a little late. */
export const AXON_POLL_OVERLAP_MS = 2 * 60_000;
/** A first poll (no cursor yet) looks back this far, not over the integration's whole history. */
export const AXON_FIRST_POLL_LOOKBACK_MS = 15 * 60_000;
/** The client's own bound on one walk through the reads pages (200 pages of 500). */
const MAX_READS_PER_POLL = 100_000;
const POLL_TIMEOUT_MS = 60_000;

/**
 * One Axon read as the matcher's read. Pure. The picture is referenced by its absolute URL under the
 * integration (fetched with the integration's token when the alert is opened), not copied.
 */
export function toRemoteRead(
  read: TAxonRead,
  integration: Pick<AxonIntegration, "agencyName" | "baseUrl">,
): RemoteRead {
  return {
    sourceReadId: read.read_id,
    plate: read.plate,
    plateNormalized: normalizePlate(read.plate),
    state: read.state?.trim().toUpperCase() || null,
    timestamp: new Date(read.captured_at),
    camera: read.camera?.name ?? null,
    agencyName: integration.agencyName,
    imagePath: read.image_url ? (resolveAxonUrl(integration.baseUrl, read.image_url)?.href ?? null) : null,
    latitude: read.location?.lat ?? null,
    longitude: read.location?.lon ?? null,
  };
}

export interface AxonPollResult {
  integrationId: number;
  reads: number;
  alerts: number;
  /** Where the next poll resumes (ISO 8601): the end of this poll's window. */
  cursor: string;
}

export interface AxonPollOptions {
  now?: Date;
  /**
   * Skip the integration when it was polled less than this long ago (by this or another API process):
   * the poll is claimed by setting last_polled_at first.
   */
  minGapMs?: number;
}

/**
 * One poll of one integration: the reads captured since the cursor (minus an overlap) through the
 * app's Axon client (its cached token), matched against the hotlists, their alerts written and the
 * cursor advanced in one transaction, so a failed poll is simply repeated (replays alert nobody twice).
 * Null when there is no such integration or another process has just polled it.
 */
export async function pollAxonIntegration(
  deps: SourceDeps,
  integrationId: number,
  options: AxonPollOptions = {},
): Promise<AxonPollResult | null> {
  const now = options.now ?? new Date();
  const { prisma } = deps;
  if (options.minGapMs) {
    if (!(await claimAxonPoll(prisma, integrationId, now, options.minGapMs))) return null;
  }
  const integration = await findAxonIntegration(prisma, integrationId);
  if (!integration) return null;

  const since = integration.pollCursor ? Date.parse(integration.pollCursor) : Number.NaN;
  const start = new Date(
    (Number.isNaN(since) ? now.getTime() - AXON_FIRST_POLL_LOOKBACK_MS : since) - AXON_POLL_OVERLAP_MS,
  );
  const reads = await axonClientFor(deps).searchReads(
    integration,
    { start, end: now, plate: undefined, state: undefined, limit: MAX_READS_PER_POLL },
    AbortSignal.timeout(POLL_TIMEOUT_MS),
    (read) => toRemoteRead(read, integration),
  );
  const cursor = now.toISOString();
  const written = await inTransaction(prisma, async (tx) => {
    // The agencies that may search the integration (read-viewers.repository.ts, the rule search uses).
    const agencies = await agenciesThatMaySee(tx, "Axon", integration.id);
    const alerts = await insertAlertsForReads(tx, "Axon", reads, agencies);
    // ISO instants in UTC order as text: a slower concurrent poll never moves the cursor back.
    await advanceAxonPollCursor(tx, integration.id, cursor, now);
    return alerts;
  });
  return { integrationId, reads: reads.length, alerts: written.length, cursor };
}
