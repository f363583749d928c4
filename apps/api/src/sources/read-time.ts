/** Reads dated before this are absurd: no plate reader Odin meets predates it (issue 19). */
export const EARLIEST_PLAUSIBLE_READ = new Date("2000-01-01T00:00:00Z");
/** How far past its receipt a read may be dated (camera clocks drift, zones get confused). */
export const FUTURE_READ_TOLERANCE_MS = 24 * 60 * 60_000;

/**
 * Whether a read's capture time is absurd: before 2000, or more than a day after Odin received it (a
 * camera with a reset or wrong clock). Such a read is still stored and searchable, flagged
 * (`detections.absurd_date`, `absurd_date` in search results), but raises no alert: its time cannot be
 * trusted, and an alert dated 1970 or next year would mislead the officer who acts on it. The one place
 * the rule is written; every ingest path calls it.
 */
export function isAbsurdReadTime(captured: Date, received: Date = new Date()): boolean {
  const time = captured.getTime();
  if (Number.isNaN(time)) return true;
  return time < EARLIEST_PLAUSIBLE_READ.getTime() || time > received.getTime() + FUTURE_READ_TOLERANCE_MS;
}
