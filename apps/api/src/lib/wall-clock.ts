/** An instant's fields as the wall clock of a time zone shows them. */
export type WallClock = Record<
  "year" | "month" | "day" | "hour" | "minute" | "second" | "timeZoneName",
  string
>;

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * `date` on the wall clock of `timeZone`: two-digit fields in 24-hour time and the zone's short name
 * ("EST"). One formatter per zone, kept: making one costs far more than using it.
 */
export function wallClockIn(date: Date, timeZone: string): WallClock {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZoneName: "short",
    });
    formats.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value])) as WallClock;
}
