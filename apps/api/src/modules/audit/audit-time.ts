import { wallClockIn } from "../../lib/wall-clock";

/**
 * The audit filters' dates as instants. A calendar day or a date-time without a zone (what date and
 * datetime-local inputs send) is read in the agency's zone (EXPORT_TIME_ZONE), so "the 15th" means
 * the 15th where the agency works, not in UTC.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const clock = wallClockIn(new Date(instant), timeZone);
  const wall = Date.UTC(
    Number(clock.year),
    Number(clock.month) - 1,
    Number(clock.day),
    Number(clock.hour),
    Number(clock.minute),
    Number(clock.second),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** A wall-clock time in `timeZone` ("2026-01-15T08:30") as an instant; twice, to settle across DST. */
export function wallClockToInstant(local: string, timeZone: string): Date {
  const asUtc = Date.parse(`${local}Z`);
  let instant = asUtc - zoneOffsetMs(asUtc, timeZone);
  instant = asUtc - zoneOffsetMs(instant, timeZone);
  return new Date(instant);
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The first instant a `start` filter keeps. */
export function startInstant(value: string, timeZone: string): Date {
  if (DAY.test(value)) return wallClockToInstant(`${value}T00:00:00`, timeZone);
  return HAS_ZONE.test(value) ? new Date(value) : wallClockToInstant(value, timeZone);
}

/** The first instant an `end` filter no longer keeps: a day is kept whole. */
export function endExclusiveInstant(value: string, timeZone: string): Date {
  if (DAY.test(value)) return wallClockToInstant(`${nextDay(value)}T00:00:00`, timeZone);
  const end = HAS_ZONE.test(value) ? new Date(value) : wallClockToInstant(value, timeZone);
  return new Date(end.getTime() + 1);
}
