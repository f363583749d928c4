/** Search time-range presets (000 sections 4 and 9). */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const TIME_PRESETS = [
  { label: "1 Hour", ms: HOUR_MS },
  { label: "24 Hours", ms: DAY_MS },
  { label: "7 Days", ms: 7 * DAY_MS },
  { label: "30 Days", ms: 30 * DAY_MS },
  { label: "90 Days", ms: 90 * DAY_MS },
] as const;

export type TimePresetLabel = (typeof TIME_PRESETS)[number]["label"];

export const DEFAULT_TIME_PRESET: TimePresetLabel = "24 Hours";

/**
 * The preset whose length equals the range exactly, if any: returning to the search form with saved
 * parameters re-marks that preset (000 section 4).
 */
export function findTimePreset(startMs: number, endMs: number): TimePresetLabel | undefined {
  return TIME_PRESETS.find((preset) => preset.ms === endMs - startMs)?.label;
}
