import { READ_REPLICA_LAG_HEADER, type TSourceStatus } from "@odin/contract";
import type { Actor } from "../../access/actor";
import type { ReadReplicas } from "../../lib/read-replicas";

/** From this lag on, the RAVEN status says that its newest reads may be missing. */
const BEHIND_NOTICE_MS = 1000;

function behindNotice(status: TSourceStatus, lagMs: number): TSourceStatus {
  const seconds = Math.ceil(lagMs / 1000);
  const text = `Read from a copy of the database ${seconds} s behind: reads of the last ${seconds} s may be missing.`;
  return {
    ...status,
    notice: status.notice ? `${status.notice} ${text}` : text,
    notice_kinds: [...(status.notice_kinds ?? []), "replica_behind"],
  };
}

/**
 * Runs a search's work reading its reads from a read replica when one is fit for the caller (issue 42
 * item 1; lib/read-replicas.ts): the audit row and everything else it writes still go to the primary.
 * The answer says when a replica answered (x-odin-replica-lag-ms) and, when it was a second or more
 * behind, RAVEN's status says so in words (Rekor and Axon are asked at the vendor, not in Odin's database).
 */
export async function readFromReplica<T extends { statuses: TSourceStatus[] }>(
  replicas: ReadReplicas | undefined,
  actor: Actor,
  /** Where the answer's headers go (the route's reply). */
  reply: { header(name: string, value: string): unknown },
  work: () => Promise<T>,
): Promise<T> {
  if (!replicas?.configured) return work();
  const { value, from } = await replicas.reading(actor, work);
  if (!from) return value;
  reply.header(READ_REPLICA_LAG_HEADER, String(from.lagMs));
  if (from.lagMs < BEHIND_NOTICE_MS) return value;
  return {
    ...value,
    statuses: value.statuses.map((status) =>
      status.source === "Axis" && status.status !== "skipped" ? behindNotice(status, from.lagMs) : status,
    ),
  };
}
