import type { TCameraHealthState } from "@odin/contract";

const LABELS: Record<TCameraHealthState, string> = {
  reporting: "Reporting",
  silent: "Silent",
  waiting: "Waiting for a first read",
  paused: "Paused",
};

const CLASSES: Record<TCameraHealthState, string> = {
  reporting: "badge badge--ok",
  silent: "badge badge--danger",
  waiting: "badge badge--muted",
  paused: "badge badge--muted",
};

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** How long a camera has been silent, "45 min", "7 h" or "3 d", measured on the server's clock. */
export function silentFor(lastReadAt: string, checkedAt: string): string {
  const ms = Math.max(0, Date.parse(checkedAt) - Date.parse(lastReadAt));
  if (ms < HOUR_MS) return `${Math.floor(ms / MINUTE_MS)} min`;
  if (ms < 48 * HOUR_MS) return `${Math.floor(ms / HOUR_MS)} h`;
  return `${Math.floor(ms / (24 * HOUR_MS))} d`;
}

/**
 * A camera's health state as a badge: Silent stands out (with how long, "Silent for 7 h", when the
 * last read and the time of the check are given), waiting and paused stay quiet.
 */
export function CameraStateBadge({
  state,
  lastReadAt,
  checkedAt,
}: {
  state: TCameraHealthState;
  lastReadAt?: string | null;
  checkedAt?: string;
}) {
  const label =
    state === "silent" && lastReadAt && checkedAt
      ? `Silent for ${silentFor(lastReadAt, checkedAt)}`
      : LABELS[state];
  return <span className={CLASSES[state]}>{label}</span>;
}
