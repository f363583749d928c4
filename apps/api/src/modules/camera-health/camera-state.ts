import type { TCameraHealthFigures, TCameraHealthState } from "@odin/contract";

export interface CameraActivity {
  lastReadAt: Date | null;
  /** Null where Odin does not keep the reads (Rekor is searched at Rekor). */
  reads24h: number | null;
  paused?: boolean;
}

/**
 * The one rule of camera health: a paused camera is `paused`; one that never reported is `waiting`
 * (just installed, nothing to worry about yet); one whose last read is older than the silent time is
 * `silent`; any other is `reporting`.
 */
export function cameraState(
  activity: CameraActivity,
  now: Date,
  silentAfterMinutes: number,
): TCameraHealthState {
  if (activity.paused) return "paused";
  if (!activity.lastReadAt) return "waiting";
  return now.getTime() - activity.lastReadAt.getTime() > silentAfterMinutes * 60_000 ? "silent" : "reporting";
}

export function healthFigures(
  activity: CameraActivity,
  now: Date,
  silentAfterMinutes: number,
): TCameraHealthFigures {
  return {
    last_read_at: activity.lastReadAt?.toISOString() ?? null,
    reads_24h: activity.reads24h,
    state: cameraState(activity, now, silentAfterMinutes),
  };
}

/** The later of two instants, either of which may be unknown. */
export function laterOf(a: Date | null, b: Date | null): Date | null {
  if (!a || !b) return a ?? b;
  return a.getTime() >= b.getTime() ? a : b;
}
