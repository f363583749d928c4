import { MESSAGES } from "@odin/contract";

const TIMESTAMP_OPTIONS: Intl.DateTimeFormatOptions = {
  month: "2-digit",
  day: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
  timeZoneName: "short",
};
const TIMESTAMP = new Intl.DateTimeFormat("en-US", TIMESTAMP_OPTIONS);

/** `MM/DD/YYYY, HH:MM` in 24-hour time, in the browser's zone: a time range's ends, a lock's end. */
export const DATE_TIME_TO_MINUTE = new Intl.DateTimeFormat("en-US", {
  month: "2-digit",
  day: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * A detection's time as the results table shows it (000 §2): `MM/DD/YYYY HH:MM:SS` in 24-hour time
 * with the zone, in the browser's zone. N/A when missing or not a date.
 */
export function formatTimestamp(
  iso: string | null | undefined,
  format: Intl.DateTimeFormat = TIMESTAMP,
): string {
  if (!iso) return MESSAGES.notAvailable;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MESSAGES.notAvailable;
  const part = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.month}/${part.day}/${part.year} ${part.hour}:${part.minute}:${part.second} ${part.timeZoneName}`;
}

const HAS_ZONE = /(?:[zZ]|[+-]\d{2}:?\d{2})$/;

/**
 * Alert times travel as UTC written without a zone marker (001 §3); `new Date()` would read such a
 * string as local time, so the marker is added before parsing. A value that carries a zone is kept.
 */
export function utcNaiveToIso(value: string): string {
  return HAS_ZONE.test(value) ? value : `${value}Z`;
}

/** A UTC-without-zone time (an alert's) in the browser's zone, as every timestamp is shown. */
export function formatUtcNaive(value: string | null | undefined, format?: Intl.DateTimeFormat): string {
  return formatTimestamp(value ? utcNaiveToIso(value) : value, format);
}

/** A formatter for another zone (tests, or an agency that wants its own zone everywhere). */
export function timestampFormat(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat("en-US", { ...TIMESTAMP_OPTIONS, timeZone });
}

/** A value or N/A, for the detail and popup fields. */
export function orNotAvailable(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === "" ? MESSAGES.notAvailable : String(value);
}
