import {
  DEFAULT_TIME_PRESET,
  findTimePreset,
  MESSAGES,
  TIME_PRESETS,
  type TSearchRequest,
  type TSearchResult,
  type TSourceStatus,
  type TimePresetLabel,
  type TPlateMatch,
} from "@odin/contract";
import { toCaseFieldsRequest } from "@/components/forms/case-fields";
import { DATE_TIME_TO_MINUTE } from "@/lib/format";

/** The four flags of the search form (000 §3). */
export const FILTER_FLAGS = ["top_rack", "back_rack", "bumper_stickers", "window_stickers"] as const;
export type FilterFlag = (typeof FILTER_FLAGS)[number];

/**
 * The search form's values. Times are `datetime-local` strings (local time, minutes) as the inputs
 * hold them; `preset` is the marked preset, or null after a custom edit.
 */
export interface SearchForm {
  plate: string;
  /** How the plate is compared (Odin's addition): Similar by default; wildcards always act as wildcards. */
  match: TPlateMatch;
  justification: string;
  /** Odin's own (issue 23): blank means not given. */
  case_number: string;
  offense_category: string;
  plate_state: string;
  vehicle_color: string;
  vehicle_make: string;
  vehicle_body_type: string;
  start: string;
  end: string;
  preset: TimePresetLabel | null;
  agencies: string[];
  filters: Record<FilterFlag, boolean>;
}

/** What a search sends and what /results keeps to refine it: the contract's request, as sent. */
export type SearchParams = TSearchRequest;

const pad = (value: number) => String(value).padStart(2, "0");

/** A Date as a `datetime-local` value in the browser's zone. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (local time) as a Date; null when blank or not a date. */
export function fromLocalInput(value: string): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The range of a preset ending now. */
export function presetRange(preset: TimePresetLabel, now: Date = new Date()): { start: string; end: string } {
  const length = TIME_PRESETS.find((entry) => entry.label === preset)!.ms;
  return { start: toLocalInput(new Date(now.getTime() - length)), end: toLocalInput(now) };
}

/** A fresh form: everything blank, no agency ticked, the last 24 hours (000 §4; also what Clear does). */
export function defaultSearchForm(now: Date = new Date()): SearchForm {
  return {
    plate: "",
    match: "similar",
    justification: "",
    case_number: "",
    offense_category: "",
    plate_state: "",
    vehicle_color: "",
    vehicle_make: "",
    vehicle_body_type: "",
    ...presetRange(DEFAULT_TIME_PRESET, now),
    preset: DEFAULT_TIME_PRESET,
    agencies: [],
    filters: { top_rack: false, back_rack: false, bumper_stickers: false, window_stickers: false },
  };
}

const LABEL_TIME = DATE_TIME_TO_MINUTE;

/** The label under the presets: '{preset} (from {start} to {end})', or 'No time range selected'. */
export function rangeLabel(form: Pick<SearchForm, "preset" | "start" | "end">): string {
  const start = fromLocalInput(form.start);
  const end = fromLocalInput(form.end);
  if (!form.preset || !start || !end) return MESSAGES.noTimeRangeSelected;
  return MESSAGES.timeRangeLabel(form.preset, LABEL_TIME.format(start), LABEL_TIME.format(end));
}

/**
 * The spec's check before sending (000 §5): a justification that is not blank, and both dates. Null
 * when the form may be sent, else the alert's text.
 */
export function validateSearchForm(form: SearchForm): string | null {
  if (!form.justification.trim() || !fromLocalInput(form.start) || !fromLocalInput(form.end)) {
    return MESSAGES.justificationAndDateRangeRequired;
  }
  return null;
}

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

const MINUTE_MS = 60_000;
const floorToMinute = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;

/**
 * The form as the search request (plate trimmed and lower-cased; blanks left out). The end field names
 * a minute, and the search covers that minute to its last millisecond: a read the camera sent seconds
 * ago (after the minute began) is found by a search ending "now".
 */
export function toSearchRequest(form: SearchForm): SearchParams {
  return {
    plate: optional(form.plate)?.toLowerCase(),
    ...(optional(form.plate) ? { match: form.match } : {}),
    plate_state: optional(form.plate_state),
    vehicle_color: optional(form.vehicle_color),
    vehicle_make: optional(form.vehicle_make),
    vehicle_body_type: optional(form.vehicle_body_type),
    justification: form.justification.trim(),
    ...toCaseFieldsRequest(form),
    start_time: fromLocalInput(form.start)!.toISOString(),
    end_time: new Date(floorToMinute(fromLocalInput(form.end)!.getTime()) + MINUTE_MS - 1).toISOString(),
    agencies: [...form.agencies],
    filters: { ...form.filters },
  };
}

/** Back from /results: the previous request refills the form, and a range of a preset's length re-marks it. */
export function fromSearchRequest(params: SearchParams): SearchForm {
  const start = new Date(params.start_time);
  const end = new Date(params.end_time);
  return {
    plate: params.plate ?? "",
    match: params.match ?? "similar",
    justification: params.justification,
    case_number: params.case_number ?? "",
    offense_category: params.offense_category ?? "",
    plate_state: params.plate_state ?? "",
    vehicle_color: params.vehicle_color ?? "",
    vehicle_make: params.vehicle_make ?? "",
    vehicle_body_type: params.vehicle_body_type ?? "",
    start: toLocalInput(start),
    end: toLocalInput(end),
    preset: findTimePreset(floorToMinute(start.getTime()), floorToMinute(end.getTime())) ?? null,
    agencies: [...(params.agencies ?? [])],
    filters: {
      top_rack: params.filters?.top_rack ?? false,
      back_rack: params.filters?.back_rack ?? false,
      bumper_stickers: params.filters?.bumper_stickers ?? false,
      window_stickers: params.filters?.window_stickers ?? false,
    },
  };
}

/** Navigation state of /results (000 §1: searchResults and previousSearchParams), plus how each source fared. */
export interface ResultsState {
  searchResults: TSearchResult[];
  previousSearchParams: SearchParams;
  sourceStatuses: TSourceStatus[];
  /**
   * A paged answer (issue 21): the cursor of the next page still to load; absent or null when every page
   * is loaded (or the search was not paged).
   */
  nextCursor?: string | null;
  /**
   * Where an investigation looked (issue 40 item 3), in words: "within 500 m of 41.76580, -72.67340",
   * "in the drawn area (5 corners)", "at Main St at Pratt St". Absent for a plate search.
   */
  where?: string;
}

/** Navigation state of /search when coming back to refine. */
export interface RefineState {
  previousSearchParams: SearchParams;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

export function readResultsState(state: unknown): ResultsState | null {
  if (!isObject(state) || !Array.isArray(state.searchResults) || !isObject(state.previousSearchParams))
    return null;
  return {
    searchResults: state.searchResults as TSearchResult[],
    previousSearchParams: state.previousSearchParams as SearchParams,
    sourceStatuses: Array.isArray(state.sourceStatuses) ? (state.sourceStatuses as TSourceStatus[]) : [],
    ...(typeof state.where === "string" ? { where: state.where } : {}),
    // A state kept before paging (issue 21) has no cursor: all of it is loaded.
    ...(typeof state.nextCursor === "string" && state.nextCursor ? { nextCursor: state.nextCursor } : {}),
  };
}

export function readRefineState(state: unknown): RefineState | null {
  if (!isObject(state) || !isObject(state.previousSearchParams)) return null;
  const params = state.previousSearchParams as SearchParams;
  return typeof params.start_time === "string" && typeof params.end_time === "string"
    ? { previousSearchParams: params }
    : null;
}
