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

/** A camera's health state as a badge: Silent stands out, waiting and paused stay quiet. */
export function CameraStateBadge({ state }: { state: TCameraHealthState }) {
  return <span className={CLASSES[state]}>{LABELS[state]}</span>;
}
