import type { PrismaClient } from "@odin/db";
import type { TRekorSearchAnswer } from "./rekor.payload";

/** A camera's newest read in one search answer. */
export interface SearchedRead {
  keyId: number;
  cameraId: string;
  agentUid: string;
  site: string | null;
  readAt: Date;
}

/** The newest read of each camera (key, camera id) in the answers; rows without a camera are skipped. */
export function newestReadsOf(
  answers: { target: { id: number }; rows: TRekorSearchAnswer }[],
): SearchedRead[] {
  const newest = new Map<string, SearchedRead>();
  for (const { target, rows } of answers) {
    for (const { fields } of rows) {
      if (fields.camera_id == null) continue;
      const key = `${target.id}:${fields.camera_id}`;
      const known = newest.get(key);
      if (known && known.readAt >= fields.epoch_time_start) continue;
      newest.set(key, {
        keyId: target.id,
        cameraId: fields.camera_id,
        agentUid: fields.agent_uid,
        site: fields.site ?? null,
        readAt: fields.epoch_time_start,
      });
    }
  }
  return [...newest.values()];
}

/**
 * Issue 40 item 6: camera health from every source. Rekor's reads stay at Rekor, so the newest read
 * time each search answer carried is written on the camera's row (`last_read_in_search_at`), a camera
 * Odin had not heard of is learnt as a push would learn it (its key's agency). One statement per
 * search, never read-then-write: GREATEST keeps concurrent searches from moving it backwards, and a
 * row already as new is not written at all. A read time in the future (a camera's wrong clock) counts
 * as now. Another agent's camera with a colliding id is left alone, as `learnCamera` does.
 */
export async function recordSearchedReads(
  db: Pick<PrismaClient, "$executeRaw">,
  reads: SearchedRead[],
): Promise<number> {
  if (reads.length === 0) return 0;
  return db.$executeRaw`
    INSERT INTO rekor_cameras AS c (rekor_api_key_id, camera_id, site_name, agent_uid, agency_id,
      last_read_in_search_at, updated_at)
    SELECT r.key_id, r.camera_id, r.site, r.agent_uid, k.agency_id, LEAST(r.read_at, now()), now()
    FROM unnest(${reads.map((read) => read.keyId)}::int[], ${reads.map((read) => read.cameraId)}::text[],
      ${reads.map((read) => read.site)}::text[], ${reads.map((read) => read.agentUid)}::text[],
      ${reads.map((read) => read.readAt)}::timestamptz[]) AS r(key_id, camera_id, site, agent_uid, read_at)
    JOIN rekor_api_keys k ON k.id = r.key_id
    ORDER BY r.key_id, r.camera_id
    ON CONFLICT (rekor_api_key_id, camera_id) DO UPDATE SET
      last_read_in_search_at = GREATEST(c.last_read_in_search_at, EXCLUDED.last_read_in_search_at),
      site_name = COALESCE(c.site_name, EXCLUDED.site_name),
      agent_uid = COALESCE(c.agent_uid, EXCLUDED.agent_uid)
    WHERE (c.last_read_in_search_at IS NULL OR c.last_read_in_search_at < EXCLUDED.last_read_in_search_at)
      AND (c.agent_uid IS NULL OR c.agent_uid = EXCLUDED.agent_uid)`;
}

/**
 * Records a search answer's reads after the answer, without holding it up: nothing awaits the write,
 * and a failure only loses this answer's figures (the next search writes them again).
 */
export function noteSearchedReads(
  db: Pick<PrismaClient, "$executeRaw">,
  answers: { target: { id: number }; rows: TRekorSearchAnswer }[],
): void {
  void recordSearchedReads(db, newestReadsOf(answers)).catch(() => undefined);
}
