/**
 * A user's quiet hours (issue 24): e-mail and push alerts of groups not marked urgent wait until they
 * end. Stored as minutes of the day (0-1439) in the agency's time zone; an end before the start spans
 * midnight (22:00 to 06:00). The live screen is never held.
 */
export interface QuietHours {
  start: number;
  end: number;
}

/** Minutes since midnight of `at` on the clocks of `timeZone`. */
function minutesOfDayIn(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part("hour") * 60 + part("minute");
}

/**
 * When the quiet hours under way at `now` end, or null when `now` is outside them (or there are none).
 * Counted in minutes on the zone's clock from `now`, so across a daylight-saving change the end may
 * be off by the hour the clocks moved (a delivery is then held an hour less or more, never lost).
 */
export function quietHoursEnd(now: Date, hours: QuietHours | null, timeZone: string): Date | null {
  if (!hours || hours.start === hours.end) return null;
  const minute = minutesOfDayIn(now, timeZone);
  const inside =
    hours.start < hours.end
      ? minute >= hours.start && minute < hours.end
      : minute >= hours.start || minute < hours.end;
  if (!inside) return null;
  const minutesLeft = (hours.end - minute + 1440) % 1440;
  const startOfMinute = now.getTime() - (now.getTime() % 60_000);
  return new Date(startOfMinute + minutesLeft * 60_000);
}

/** The user's quiet hours from their columns (both set, or none). */
export function quietHoursOf(user: {
  quietHoursStart: number | null;
  quietHoursEnd: number | null;
}): QuietHours | null {
  return user.quietHoursStart === null || user.quietHoursEnd === null
    ? null
    : { start: user.quietHoursStart, end: user.quietHoursEnd };
}
