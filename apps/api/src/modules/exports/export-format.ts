import {
  BODY_TYPES,
  isValidMapPoint,
  MESSAGES,
  SOURCE_PROGRAM_LABELS,
  type TExportRecord,
} from "@odin/contract";
import { wallClockIn } from "../../lib/wall-clock";

/** How exports write a record's fields, one place for the PDF, the CSV and record.json. */

/** `MM/DD/YYYY HH:MM:SS ZONE` in 24-hour time, as the results table writes it (000 §2). */
export function formatTimestamp(value: Date | string | null | undefined, timeZone: string): string {
  if (!value) return MESSAGES.notAvailable;
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return MESSAGES.notAvailable;
  const part = wallClockIn(date, timeZone);
  return `${part.month}/${part.day}/${part.year} ${part.hour}:${part.minute}:${part.second} ${part.timeZoneName}`;
}

/** YYYY-MM-DD of a moment in a zone, for file names (000 §9). */
export function isoDateIn(date: Date, timeZone: string): string {
  const part = wallClockIn(date, timeZone);
  return `${part.year}-${part.month}-${part.day}`;
}

const BODY_TYPE_LABELS = new Map<string, string>(BODY_TYPES.map(({ value, label }) => [value, label]));

export function bodyTypeLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  return BODY_TYPE_LABELS.get(value) ?? value;
}

export const sourceLabel = (record: Pick<TExportRecord, "source_program">) =>
  SOURCE_PROGRAM_LABELS[record.source_program];

/** "41.76580, -72.67340", or N/A when the point is not one a map would show (000 §5). */
export function formatCoordinates(record: Pick<TExportRecord, "latitude" | "longitude">): string {
  if (!isValidMapPoint(record.latitude, record.longitude)) return MESSAGES.notAvailable;
  return `${record.latitude!.toFixed(5)}, ${record.longitude!.toFixed(5)}`;
}

/** The screen's placeholders are not addresses: a record carrying one is treated as having none. */
const PLACEHOLDERS = new Set<string>([MESSAGES.loading, MESSAGES.unavailable, MESSAGES.notAvailable]);

export function givenAddress(record: Pick<TExportRecord, "address">): string | null {
  const address = record.address?.trim();
  return address && !PLACEHOLDERS.has(address) ? address : null;
}

export const orNotAvailable = (value: string | null | undefined): string =>
  value?.trim() ? value.trim() : MESSAGES.notAvailable;

/** A plate as a file name part: letters, digits, - and _ only. */
export function safeFileName(plate: string): string {
  const safe = plate
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9_-]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 24);
  return safe || "UNKNOWN";
}

/**
 * The hotlist groups of the caller's agency a record's plate is on when the export was made (issue 40
 * item 1), as the report and the archive's CSV print them: "Stolen Vehicles (Stolen), Hartford Police
 * Department; Wanted (Warrant), …"; empty when it is on none.
 */
export function hotlistsLine(record: Pick<TExportRecord, "hotlists">): string {
  return (record.hotlists ?? [])
    .map(
      (listed) =>
        `${listed.group_name}${listed.reason ? ` (${listed.reason})` : ""}` +
        (listed.agency_name ? `, ${listed.agency_name}` : ""),
    )
    .join("; ");
}
