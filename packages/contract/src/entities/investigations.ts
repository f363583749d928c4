import { z } from "zod";
import { ZLatitude, ZLongitude, ZSourceProgram, optionalText } from "../common";
import { MESSAGES } from "../messages";
import { plateSearchProblem } from "../plates";
import { ZCaseFields } from "./case-fields";
import { ZSearchResult } from "./detection";
import { searchDateTime } from "./search-request";
import { EARTH_RADIUS_M, toRadians } from "../geo";

/**
 * Investigations beyond one plate (issue 22): Odin's own calls beside the spec's POST /search-data.
 * Each asks for the spec's `justification` with the plate search's rules and messages, and answers
 * records in the search record shape (with `ref`), so the table, map, detail view and exports work as
 * they do for a plate search. How each source fared travels in the same `x-odin-sources` header.
 */

const REQUIRED = MESSAGES.justificationAndDateRangeRequired;

export const INVESTIGATION_TYPES = ["area", "places", "companions", "pattern"] as const;
export type TInvestigationType = (typeof INVESTIGATION_TYPES)[number];

/** [longitude, latitude], GeoJSON's order. */
export const ZLonLat = z.tuple([ZLongitude, ZLatitude]);

/**
 * Where: a GeoJSON Polygon (one outer ring, closed or not, 3 to 200 corners) or a circle, written as a
 * GeoJSON Point with a radius in metres (GeoJSON has no circle).
 */
export const ZSearchArea = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("Polygon"),
    coordinates: z.array(z.array(ZLonLat).min(3).max(201)).length(1, "One outer ring, no holes"),
  }),
  z.object({
    type: z.literal("Point"),
    coordinates: ZLonLat,
    radius_m: z.number().positive().max(50_000),
  }),
]);
export type TSearchArea = z.infer<typeof ZSearchArea>;

/** A camera as GET /search/cameras lists it: "{program}:{camera}" ids (Axis: the integration identifier). */
export const ZCameraRef = z.string().trim().min(3).max(300);

const window = {
  start_time: searchDateTime,
  end_time: searchDateTime,
};

/**
 * What one investigation may cover (issue 36, F17: an 11-year, whole-world area search ran 13-16 s
 * and six at once slowed the whole server). An area or a place is a scene (a month of reads where
 * something happened); a plate's path and its companions look further back, through the plate's
 * own index. Refused with a 400 that names the limit and what was asked.
 */
export const INVESTIGATION_LIMITS = {
  /** Days one area search, or one place of a places search, may cover. */
  placeDays: 31,
  /** km² an area may cover (a circle of the largest radius, 50 km, is about 7,854 km²). */
  areaKm2: 10_000,
  /** Days a plate's companions may be compared over. */
  companionsDays: 90,
  /** Days a plate's pattern may cover. */
  patternDays: 366,
} as const;

const DAY_MS = 86_400_000;
const daysOf = (value: { start_time: string; end_time: string }) =>
  (Date.parse(value.end_time) - Date.parse(value.start_time)) / DAY_MS;
const wholeNumber = (value: number) => Math.ceil(value).toLocaleString("en-US");

/** A refinement that refuses a window longer than `days`, saying so. */
function windowAtMost(days: number, what: string) {
  return (value: { start_time: string; end_time: string }, ctx: z.RefinementCtx) => {
    const asked = daysOf(value);
    if (asked > days)
      ctx.addIssue({
        code: "custom",
        path: ["end_time"],
        message: `${what} may cover at most ${days} days; this one covers ${wholeNumber(asked)}. Narrow the time range.`,
      });
  };
}

const EARTH_RADIUS_KM = EARTH_RADIUS_M / 1000;
/** An area's size in km²: a circle's, or a polygon's on the sphere (the shoelace formula on lon, sin lat). */
export function areaKm2(area: TSearchArea): number {
  if (area.type === "Point") return Math.PI * (area.radius_m / 1000) ** 2;
  const ring = area.coordinates[0]!;
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [lon1, lat1] = ring[i]!;
    const [lon2, lat2] = ring[(i + 1) % ring.length]!;
    sum += toRadians(lon2 - lon1) * (2 + Math.sin(toRadians(lat1)) + Math.sin(toRadians(lat2)));
  }
  return Math.abs((sum * EARTH_RADIUS_KM * EARTH_RADIUS_KM) / 2);
}

function areaAtMost(value: { area?: TSearchArea | undefined }, ctx: z.RefinementCtx) {
  if (!value.area) return;
  const asked = areaKm2(value.area);
  if (asked > INVESTIGATION_LIMITS.areaKm2)
    ctx.addIssue({
      code: "custom",
      path: ["area"],
      message: `An area may cover at most ${INVESTIGATION_LIMITS.areaKm2.toLocaleString("en-US")} km²; this one covers ${wholeNumber(asked)} km². Draw a smaller area.`,
    });
}
const endNotBeforeStart = {
  path: ["end_time"],
  message: MESSAGES.endBeforeStart,
};
const validWindow = (value: { start_time: string; end_time: string }) =>
  !(Date.parse(value.end_time) < Date.parse(value.start_time));

/** A place: an area drawn on the map, or cameras picked from the list (or both: reads in either). */
const place = {
  area: ZSearchArea.optional(),
  cameras: z.array(ZCameraRef).max(200).optional(),
};
const hasPlace = (value: { area?: unknown; cameras?: readonly string[] | undefined }) =>
  value.area !== undefined || (value.cameras?.length ?? 0) > 0;
const placeRequired = { path: ["area"], message: MESSAGES.investigationPlaceRequired };

/**
 * What every investigation shares with the plate search: why (the justification, and the case fields
 * of issue 23, required when the agency says so), and which sources.
 */
const base = {
  justification: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(2000),
  ...ZCaseFields.shape,
  agencies: z.array(z.string().trim().min(1).max(2048)).max(1000).default([]),
};
const vehicle = {
  plate_state: optionalText(40),
  vehicle_color: optionalText(40),
  vehicle_make: optionalText(60),
  vehicle_body_type: optionalText(40),
};
const plate = z
  .string({ error: MESSAGES.investigationPlateRequired })
  .trim()
  .toUpperCase()
  .min(1, MESSAGES.investigationPlateRequired)
  .max(20)
  // Issue 36 (F18): the plate search's rule; `-` or `.` alone is no plate.
  .superRefine((value, ctx) => {
    const problem = plateSearchProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** POST /search/area: every read inside the area (or at the cameras) in the window, any plate. */
export const ZAreaSearchRequest = z
  .object({ ...base, ...vehicle, ...window, ...place })
  .refine(validWindow, endNotBeforeStart)
  .refine(hasPlace, placeRequired)
  .superRefine(windowAtMost(INVESTIGATION_LIMITS.placeDays, "An area search"))
  .superRefine(areaAtMost);
export type TAreaSearchRequest = z.infer<typeof ZAreaSearchRequest>;
export type TAreaSearchRequestInput = z.input<typeof ZAreaSearchRequest>;

export const ZPlaceWindow = z
  .object({ label: optionalText(80), ...window, ...place })
  .refine(validWindow, endNotBeforeStart)
  .refine(hasPlace, placeRequired)
  .superRefine(windowAtMost(INVESTIGATION_LIMITS.placeDays, "A place's time window"))
  .superRefine(areaAtMost);

/** POST /search/places: plates read at every place (or at least `min_places` of them), each in its window. */
export const ZPlacesSearchRequest = z
  .object({
    ...base,
    ...vehicle,
    places: z
      .array(ZPlaceWindow)
      .min(2, MESSAGES.investigationPlacesCount)
      .max(5, MESSAGES.investigationPlacesCount),
    /** At least this many places; absent: all of them. */
    min_places: z.number().int().min(1).max(5).optional(),
  })
  .refine((value) => value.min_places === undefined || value.min_places <= value.places.length, {
    path: ["min_places"],
    message: "min_places cannot exceed the number of places.",
  });
export type TPlacesSearchRequest = z.infer<typeof ZPlacesSearchRequest>;
export type TPlacesSearchRequestInput = z.input<typeof ZPlacesSearchRequest>;

export const DEFAULT_COMPANION_GAP_SECONDS = 60;
export const DEFAULT_COMPANION_MIN_COUNT = 3;

/** POST /search/companions: plates read by the same cameras within `gap_seconds` of the plate. */
export const ZCompanionsSearchRequest = z
  .object({
    ...base,
    ...window,
    plate,
    gap_seconds: z.number().int().min(1).max(900).default(DEFAULT_COMPANION_GAP_SECONDS),
    /** Co-occurrences needed, each at a different camera. */
    min_count: z.number().int().min(1).max(50).default(DEFAULT_COMPANION_MIN_COUNT),
  })
  .refine(validWindow, endNotBeforeStart)
  .superRefine(windowAtMost(INVESTIGATION_LIMITS.companionsDays, "A companions search"));
export type TCompanionsSearchRequest = z.infer<typeof ZCompanionsSearchRequest>;
export type TCompanionsSearchRequestInput = z.input<typeof ZCompanionsSearchRequest>;

/** POST /search/pattern: one plate's reads as a path, its cameras and its day-of-week x hour grid. */
export const ZPatternSearchRequest = z
  .object({
    ...base,
    ...window,
    plate,
    /** The IANA zone the grid's days and hours are counted in (the browser's); UTC when absent. */
    time_zone: z
      .string()
      .trim()
      .max(64)
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat("en-US", { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, "Unknown time zone")
      .optional(),
  })
  .refine(validWindow, endNotBeforeStart)
  .superRefine(windowAtMost(INVESTIGATION_LIMITS.patternDays, "A pattern search"));
export type TPatternSearchRequest = z.infer<typeof ZPatternSearchRequest>;
export type TPatternSearchRequestInput = z.input<typeof ZPatternSearchRequest>;

/** A plate found at several places: which places (0-based indexes of the request's), and its reads. */
export const ZPlaceMatch = z.object({
  plate: z.string(),
  places: z.array(z.number().int().nonnegative()),
  reads: z.array(ZSearchResult),
});

export const ZPlacesSearchResponse = z.object({
  /** Best first: most places matched, then most reads. */
  plates: z.array(ZPlaceMatch),
});
export type TPlacesSearchResponse = z.infer<typeof ZPlacesSearchResponse>;

/** A companion: its reads next to the plate's (same camera, within the gap), oldest first. */
export const ZCompanion = z.object({
  plate: z.string(),
  /** Co-occurrences, and how many distinct cameras they were at. */
  count: z.number().int().nonnegative(),
  cameras: z.number().int().nonnegative(),
  reads: z.array(ZSearchResult),
});

export const ZCompanionsSearchResponse = z.object({
  /** The plate's own reads in the range, oldest first: the path the companions are compared with. */
  target: z.array(ZSearchResult),
  /** Best first: most distinct cameras, then most co-occurrences. */
  companions: z.array(ZCompanion),
});
export type TCompanionsSearchResponse = z.infer<typeof ZCompanionsSearchResponse>;

export const ZPatternCamera = z.object({
  source_program: ZSourceProgram,
  camera_name: z.string(),
  agency: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  count: z.number().int().positive(),
  first_seen: z.string(),
  last_seen: z.string(),
});

export const ZPatternSearchResponse = z.object({
  /** The plate's reads, oldest first: its path over time. */
  reads: z.array(ZSearchResult),
  /** Most reads first. */
  cameras: z.array(ZPatternCamera),
  /** grid[day][hour]: reads per day of week (0 = Monday) and hour, in `time_zone`. */
  grid: z.array(z.array(z.number().int().nonnegative()).length(24)).length(7),
  time_zone: z.string(),
});
export type TPatternSearchResponse = z.infer<typeof ZPatternSearchResponse>;

/** A camera the caller may search by: what the area search's camera list offers. */
export const ZSearchCamera = z.object({
  id: z.string(),
  source_program: ZSourceProgram,
  name: z.string(),
  agency: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export const ZSearchCamerasResponse = z.object({
  cameras: z.array(ZSearchCamera),
  /** Sources whose cameras cannot be listed, and why (Axon's are in patrol cars). */
  notices: z.array(z.object({ source: ZSourceProgram, notice: z.string() })),
});
export type TSearchCamera = z.infer<typeof ZSearchCamera>;
export type TSearchCamerasResponse = z.infer<typeof ZSearchCamerasResponse>;
