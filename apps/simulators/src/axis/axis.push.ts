import type { AxisLpvEvent } from "./axis.event";

export interface PushAxisEventsOptions {
  /** Events in flight at once (default 4). */
  concurrency?: number;
  timeoutMs?: number;
}

export interface PushResult {
  sent: number;
  failed: number;
  /** The HTTP status of each event, in input order; 0 when the request itself failed. */
  statuses: number[];
}

/**
 * POSTs LPV events to an ingest URL (Odin's Axis endpoint of one integration), each as its own JSON
 * request with `Authorization: Bearer {token}`, as a camera pushes one event per read.
 */
export async function pushAxisEvents(
  targetUrl: string,
  token: string,
  events: readonly AxisLpvEvent[],
  options: PushAxisEventsOptions = {},
): Promise<PushResult> {
  const statuses = new Array<number>(events.length).fill(0);
  let next = 0;
  const worker = async () => {
    while (next < events.length) {
      const index = next++;
      try {
        const response = await fetch(targetUrl, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify(events[index]),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        await response.arrayBuffer();
        statuses[index] = response.status;
      } catch {
        statuses[index] = 0;
      }
    }
  };
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 4, events.length));
  await Promise.all(Array.from({ length: concurrency }, worker));
  const sent = statuses.filter((status) => status >= 200 && status < 300).length;
  return { sent, failed: events.length - sent, statuses };
}
