import type {
  TAreaSearchRequest,
  TCaseFields,
  TCompanionsSearchRequest,
  TCompanionsSearchResponse,
  TInvestigationType,
  TPatternSearchRequest,
  TPatternSearchResponse,
  TPlacesSearchRequest,
  TPlacesSearchResponse,
  TSearchCamerasResponse,
  TSearchResult,
  TSourceStatus,
} from "@odin/contract";
import PQueue from "p-queue";
import type { Actor } from "../../access/actor";
import { AppError } from "../../lib/app-error";
import { UNAVAILABLE_MESSAGE } from "../../lib/database-unavailable";
import type { SourceQuery, SourceWindow } from "../../sources/detection-source";
import type { SourcePlace } from "../../sources/place";
import { normalizePlate } from "../../sources/plate-pattern";
import { caseFieldsForAudit, checkCaseFields } from "../accountability/case-fields.service";
import { writeAudit } from "../../lib/audit-rows.repository";
import { releaseInvestigationSlot, takeInvestigationSlot } from "./investigation-slots.repository";
import { planSources, programsOf, runSource, type SearchDeps, type SourcePlan } from "./search.service";

/** How many investigations one user may run at once, across every API process (issue 36, F17). */
export interface InvestigationLimits {
  perUser: number;
  /** A slot a dead process left taken runs out after this long. */
  holdSeconds: number;
}

export const INVESTIGATION_BUSY_MESSAGE = (limit: number) =>
  `You already have ${limit === 1 ? "an investigation" : `${limit} investigations`} running: wait for ${limit === 1 ? "it" : "one"} to finish, then try again.`;

/** The user already runs as many investigations as they may (429; the route adds Retry-After). */
export class InvestigationBusy extends AppError {
  constructor(limit: number) {
    super("RATE_LIMITED", INVESTIGATION_BUSY_MESSAGE(limit));
    this.name = "InvestigationBusy";
  }
}

/**
 * Runs one investigation in one of the user's slots: refused with 429 (Retry-After) when the user
 * already runs `perUser` of them, before the audit row or any source; the slot is given back however
 * the investigation ends (answer, error or the client gone).
 */
export async function withInvestigationSlot<T>(
  deps: { prisma: SearchDeps["prisma"]; investigations: InvestigationLimits },
  actor: Actor,
  work: () => Promise<T>,
): Promise<T> {
  const { perUser, holdSeconds } = deps.investigations;
  if (!(await takeInvestigationSlot(deps.prisma, actor.user.id, perUser, holdSeconds)))
    throw new InvestigationBusy(perUser);
  try {
    return await work();
  } finally {
    await releaseInvestigationSlot(deps.prisma, actor.user.id).catch((error: unknown) =>
      actor.log?.warn({ err: error }, "an investigation slot could not be given back; it runs out by itself"),
    );
  }
}

/**
 * Investigations beyond one plate (issue 22), on the plate search's rules: the caller's agency scope
 * (planSources), one audit row naming the query type and its parameters committed before any source
 * is asked (503 when it cannot be), every source that can answer, and records with their signed `ref`.
 */

type Statuses = TSourceStatus[];

/** The most plate reads travelling-with compares: each is one camera window to ask the sources. */
export const MAX_COMPANION_TARGET_READS = 300;
/** Windows asked of a remote source at once. */
const WINDOW_CONCURRENCY = 4;

const byTimeAsc = (a: TSearchResult, b: TSearchResult) => Date.parse(a.timestamp) - Date.parse(b.timestamp);
const byTimeDesc = (a: TSearchResult, b: TSearchResult) => byTimeAsc(b, a);

/**
 * What every query type does first, in this order: the case fields the agency requires (400, nothing
 * audited), which sources the caller may ask (planSources), the plate normalised, then the audit row
 * naming the query type and its parameters, committed before any source is asked (503 when it cannot
 * be). Answers the plan and the plate; asking the sources is each query type's own.
 */
async function beginInvestigation(
  deps: SearchDeps,
  actor: Actor,
  type: TInvestigationType,
  body: InvestigationBody & { plate: string },
): Promise<Investigation<string>>;
async function beginInvestigation(
  deps: SearchDeps,
  actor: Actor,
  type: TInvestigationType,
  body: InvestigationBody,
): Promise<Investigation<undefined>>;
async function beginInvestigation(
  deps: SearchDeps,
  actor: Actor,
  type: TInvestigationType,
  body: InvestigationBody,
): Promise<Investigation<string | undefined>> {
  await checkCaseFields(deps.prisma, actor, body);
  const plan = await planSources(deps, actor, body.agencies);
  const plate = body.plate === undefined ? undefined : normalizePlate(body.plate);
  try {
    await writeAudit(deps.prisma, actor, {
      action: "search",
      queryParameters: {
        query_type: type,
        ...(JSON.parse(JSON.stringify(body)) as Record<string, unknown>),
        ...caseFieldsForAudit(body),
      },
      justification: body.justification,
      programsQueried: programsOf(plan),
      ...(plate ? { plate } : {}),
    });
  } catch (error) {
    actor.log.error(
      { err: error },
      `the ${type} search's audit row could not be written: no source was asked`,
    );
    throw new AppError("UNAVAILABLE", UNAVAILABLE_MESSAGE);
  }
  return {
    plan,
    plate,
    ask: async (query) => {
      const outcome = await fanOut(deps, plan, query);
      refuseWhenAllTimedOut(deps, type, outcome.statuses);
      return outcome;
    },
  };
}

/** What narrows each query type, for the message of an investigation that ran out of time. */
const NARROWER: Record<TInvestigationType, string> = {
  area: "a shorter time range, a smaller area or fewer cameras",
  places: "shorter time windows, smaller areas or fewer cameras",
  companions: "a shorter time range",
  pattern: "a shorter time range",
};

/**
 * When every source asked ran out of its time (SEARCH_SOURCE_TIMEOUT_MS: the source's answer, or
 * PostgreSQL's statement_timeout on Odin's own reads), the investigation has no answer to give: 504
 * saying to narrow it, rather than an empty answer that reads as "nothing there" (issue 36, F17).
 * The audit row was written before any source was asked.
 */
function refuseWhenAllTimedOut(deps: SearchDeps, type: TInvestigationType, statuses: Statuses) {
  const asked = statuses.filter((status) => status.status !== "skipped");
  if (asked.length === 0 || asked.some((status) => status.status !== "timeout")) return;
  throw new AppError(
    "UPSTREAM_TIMEOUT",
    `The search was stopped after ${deps.sourceTimeoutMs / 1000} s without an answer. Narrow it (${NARROWER[type]}) and try again.`,
  );
}

interface Investigation<Plate> {
  plan: SourcePlan[];
  /** The request's plate, normalised as the audit row records it. */
  plate: Plate;
  /** Asks every planned source the same question (fanOut). */
  ask: (query: SourceQuery) => ReturnType<typeof fanOut>;
}

type InvestigationBody = TCaseFields & {
  justification: string;
  agencies: readonly string[];
  plate?: string;
};

interface Vehicle {
  plate_state?: string | undefined;
  vehicle_color?: string | undefined;
  vehicle_make?: string | undefined;
  vehicle_body_type?: string | undefined;
}

function sourceQuery(
  deps: SearchDeps,
  window: { start_time: string; end_time: string },
  vehicle: Vehicle,
  extra: Partial<SourceQuery> = {},
): SourceQuery {
  return {
    plate: undefined,
    plateState: vehicle.plate_state,
    color: vehicle.vehicle_color,
    make: vehicle.vehicle_make,
    bodyType: vehicle.vehicle_body_type,
    start: new Date(window.start_time),
    end: new Date(window.end_time),
    limit: deps.maxResultsPerSource,
    ...extra,
  };
}

/** Asks every planned source the same question, each within its time limit. */
async function fanOut(deps: SearchDeps, plan: SourcePlan[], query: SourceQuery) {
  const outcomes = await Promise.all(
    plan.map((step) => runSource(step.source, query, step.targets, deps.sourceTimeoutMs)),
  );
  return { results: outcomes.flatMap((outcome) => outcome.results), statuses: outcomes.map((o) => o.status) };
}

const SEVERITY: TSourceStatus["status"][] = ["skipped", "ok", "partial", "timeout", "failed"];

/** One status per source over several fan-outs: the worst status, summed counts, every message once. */
export function mergeStatuses(runs: Statuses[]): Statuses {
  const merged = new Map<string, TSourceStatus>();
  for (const status of runs.flat()) {
    const before = merged.get(status.source);
    if (!before) {
      merged.set(status.source, { ...status });
      continue;
    }
    const worst =
      SEVERITY.indexOf(status.status) > SEVERITY.indexOf(before.status) ? status.status : before.status;
    const join = (a?: string, b?: string) =>
      [...new Set([a, b].filter((text): text is string => !!text))].join("; ") || undefined;
    const error = join(before.error, status.error);
    const notice = join(before.notice, status.notice);
    const kinds = [...new Set([...(before.notice_kinds ?? []), ...(status.notice_kinds ?? [])])];
    merged.set(status.source, {
      source: status.source,
      status: worst,
      count: before.count + status.count,
      ...(error ? { error } : {}),
      ...(notice ? { notice } : {}),
      ...(kinds.length ? { notice_kinds: kinds } : {}),
      elapsed_ms: Math.max(before.elapsed_ms, status.elapsed_ms),
    });
  }
  return [...merged.values()];
}

/** Adds every record's signed `ref` in one go, keeping each list's own order. */
async function attachRefs(
  deps: SearchDeps,
  actor: Actor,
  lists: TSearchResult[][],
): Promise<TSearchResult[][]> {
  if (!deps.refs) return lists;
  const flat = await deps.refs.attach(actor, lists.flat());
  let at = 0;
  return lists.map((list) => flat.slice(at, (at += list.length)));
}

const placeOf = (body: { area?: SourcePlace["area"]; cameras?: string[] | undefined }): SourcePlace => ({
  area: body.area,
  cameras: body.cameras,
});

/** POST /search/area: every read at the place in the window, any plate, newest first. */
export async function searchArea(deps: SearchDeps, actor: Actor, body: TAreaSearchRequest) {
  const { ask } = await beginInvestigation(deps, actor, "area", body);
  const { results, statuses } = await ask(sourceQuery(deps, body, body, { place: placeOf(body) }));
  const [withRefs] = await attachRefs(deps, actor, [results.sort(byTimeDesc)]);
  return { results: withRefs!, statuses };
}

/**
 * POST /search/places: each place in its own window, then the plates read at all of them (or at least
 * `min_places`), most places first, then most reads.
 */
export async function searchPlaces(
  deps: SearchDeps,
  actor: Actor,
  body: TPlacesSearchRequest,
): Promise<{ answer: TPlacesSearchResponse; statuses: Statuses }> {
  const { ask } = await beginInvestigation(deps, actor, "places", body);
  const runs = await Promise.all(
    body.places.map((place) => ask(sourceQuery(deps, place, body, { place: placeOf(place) }))),
  );
  const byPlate = new Map<string, { places: Set<number>; reads: Map<string, TSearchResult> }>();
  runs.forEach((run, index) => {
    for (const read of run.results) {
      const key = normalizePlate(read.plate);
      const entry = byPlate.get(key) ?? { places: new Set<number>(), reads: new Map() };
      entry.places.add(index);
      entry.reads.set(`${read.source_program}:${read.id}`, read);
      byPlate.set(key, entry);
    }
  });
  const needed = body.min_places ?? body.places.length;
  const matches = [...byPlate]
    .filter(([, entry]) => entry.places.size >= needed)
    .map(([plate, entry]) => ({
      plate,
      places: [...entry.places].sort((a, b) => a - b),
      reads: [...entry.reads.values()].sort(byTimeAsc),
    }))
    .sort(
      (a, b) =>
        b.places.length - a.places.length ||
        b.reads.length - a.reads.length ||
        a.plate.localeCompare(b.plate),
    );
  const withRefs = await attachRefs(
    deps,
    actor,
    matches.map((match) => match.reads),
  );
  return {
    answer: { plates: matches.map((match, index) => ({ ...match, reads: withRefs[index]! })) },
    statuses: mergeStatuses(runs.map((run) => run.statuses)),
  };
}

/** One source's reads in the windows: in one statement when it can, else one `search` per window. */
async function readsInWindows(
  deps: SearchDeps,
  step: SourcePlan,
  windows: SourceWindow[],
  base: SourceQuery,
): Promise<{ results: TSearchResult[]; status: TSourceStatus }> {
  const { source, targets } = step;
  const windowsOf = windows.length ? targets : [];
  return runSource(source, base, windowsOf, deps.sourceTimeoutMs, async (signal, warn) => {
    if (source.searchWindows) return source.searchWindows(windows, base, targets);
    // At most WINDOW_CONCURRENCY windows at the source at once; the answers keep the windows' order.
    const answers = await new PQueue({ concurrency: WINDOW_CONCURRENCY }).addAll(
      windows.map(
        (window) => () =>
          source.search(
            { ...base, start: window.start, end: window.end, place: { cameraNames: [window.cameraName] } },
            targets,
            signal,
            warn,
          ),
      ),
    );
    return answers.flat();
  });
}

/**
 * POST /search/companions: the plate's reads in the range, then every read by the same camera within
 * `gap_seconds` of each; a companion is a plate met at `min_count` different cameras or more.
 */
export async function searchCompanions(
  deps: SearchDeps,
  actor: Actor,
  body: TCompanionsSearchRequest,
): Promise<{ answer: TCompanionsSearchResponse; statuses: Statuses }> {
  const { plan, plate, ask } = await beginInvestigation(deps, actor, "companions", body);

  const first = await ask(sourceQuery(deps, body, {}, { plate: { kind: "exact", value: plate } }));
  const target = first.results.filter((read) => normalizePlate(read.plate) === plate).sort(byTimeAsc);
  const compared = target.filter((read) => read.camera_name).slice(-MAX_COMPANION_TARGET_READS);
  const gapMs = body.gap_seconds * 1000;

  const second = await Promise.all(
    plan.map((step) => {
      const windows = compared
        .filter((read) => read.source_program === step.source.program)
        .map((read) => ({
          cameraName: read.camera_name!,
          start: new Date(Date.parse(read.timestamp) - gapMs),
          end: new Date(Date.parse(read.timestamp) + gapMs),
        }));
      const base = sourceQuery(deps, body, {}, { limit: deps.maxResultsPerSource });
      return readsInWindows(deps, step, windows, base);
    }),
  );

  refuseWhenAllTimedOut(
    deps,
    "companions",
    second.map((outcome) => outcome.status),
  );

  // Pair every nearby read with the plate's reads it was near: same program, same camera, within the gap.
  const companions = new Map<
    string,
    { cameras: Set<string>; meetings: Set<string>; reads: Map<string, TSearchResult> }
  >();
  const seen = second.flatMap((outcome) => outcome.results);
  for (const read of seen) {
    const other = normalizePlate(read.plate);
    if (other === plate || !read.camera_name) continue;
    const time = Date.parse(read.timestamp);
    for (const mine of compared) {
      if (mine.source_program !== read.source_program || mine.camera_name !== read.camera_name) continue;
      if (Math.abs(Date.parse(mine.timestamp) - time) > gapMs) continue;
      const entry = companions.get(other) ?? { cameras: new Set(), meetings: new Set(), reads: new Map() };
      entry.cameras.add(`${read.source_program}|${read.agency ?? ""}|${read.camera_name}`);
      entry.meetings.add(`${mine.source_program}:${mine.id}`);
      entry.reads.set(`${read.source_program}:${read.id}`, read);
      companions.set(other, entry);
    }
  }
  const ranked = [...companions]
    .filter(([, entry]) => entry.cameras.size >= body.min_count)
    .map(([other, entry]) => ({
      plate: other,
      count: entry.meetings.size,
      cameras: entry.cameras.size,
      reads: [...entry.reads.values()].sort(byTimeAsc),
    }))
    .sort((a, b) => b.cameras - a.cameras || b.count - a.count || a.plate.localeCompare(b.plate));

  const [targetWithRefs, ...companionReads] = await attachRefs(deps, actor, [
    target,
    ...ranked.map((companion) => companion.reads),
  ]);
  const statuses = mergeStatuses([first.statuses, second.map((outcome) => outcome.status)]);
  if (target.length > compared.length) {
    const asked = statuses.find((status) => status.status !== "skipped");
    if (asked) {
      asked.notice = [
        asked.notice,
        `Only the plate's latest ${MAX_COMPANION_TARGET_READS} reads were compared: narrow the range to compare all.`,
      ]
        .filter(Boolean)
        .join(" ");
      asked.notice_kinds = [...new Set([...(asked.notice_kinds ?? []), "compared_latest" as const])];
    }
  }
  return {
    answer: {
      target: targetWithRefs!,
      companions: ranked.map((companion, index) => ({ ...companion, reads: companionReads[index]! })),
    },
    statuses,
  };
}

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** Day of week (0 = Monday) and hour of an instant in a time zone. */
function dayAndHour(format: Intl.DateTimeFormat, instant: Date): [number, number] {
  const parts = format.formatToParts(instant);
  const day = WEEKDAYS.indexOf(parts.find((part) => part.type === "weekday")?.value ?? "Mon");
  const hour = Number(parts.find((part) => part.type === "hour")?.value ?? 0) % 24;
  return [Math.max(0, day), hour];
}

/** POST /search/pattern: the plate's reads as a path, its cameras (most reads first) and its week grid. */
export async function searchPattern(
  deps: SearchDeps,
  actor: Actor,
  body: TPatternSearchRequest,
): Promise<{ answer: TPatternSearchResponse; statuses: Statuses }> {
  const { plate, ask } = await beginInvestigation(deps, actor, "pattern", body);
  const { results, statuses } = await ask(
    sourceQuery(deps, body, {}, { plate: { kind: "exact", value: plate } }),
  );
  const reads = results.filter((read) => normalizePlate(read.plate) === plate).sort(byTimeAsc);
  const timeZone = body.time_zone ?? "UTC";
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    hour: "2-digit",
    hourCycle: "h23",
  });
  const grid = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  const cameras = new Map<string, TPatternSearchResponse["cameras"][number]>();
  for (const read of reads) {
    const [day, hour] = dayAndHour(format, new Date(read.timestamp));
    grid[day]![hour]! += 1;
    const name = read.camera_name ?? "Unknown camera";
    const key = `${read.source_program}|${read.agency ?? ""}|${name}`;
    const camera = cameras.get(key);
    if (camera) {
      camera.count += 1;
      camera.last_seen = read.timestamp;
    } else {
      cameras.set(key, {
        source_program: read.source_program,
        camera_name: name,
        agency: read.agency ?? null,
        latitude: read.latitude ?? null,
        longitude: read.longitude ?? null,
        count: 1,
        first_seen: read.timestamp,
        last_seen: read.timestamp,
      });
    }
  }
  const [withRefs] = await attachRefs(deps, actor, [reads]);
  return {
    answer: {
      reads: withRefs!,
      cameras: [...cameras.values()].sort(
        (a, b) => b.count - a.count || a.camera_name.localeCompare(b.camera_name),
      ),
      grid,
      time_zone: timeZone,
    },
    statuses,
  };
}

/** GET /search/cameras: the cameras an area search can name, per source, within the caller's scope. */
export async function listSearchCameras(
  deps: Pick<SearchDeps, "sources" | "prisma">,
  actor: Actor,
): Promise<TSearchCamerasResponse> {
  const plan = await planSources(deps, actor, []);
  const lists = await Promise.all(
    plan.map(async (step) => (step.source.cameras ? step.source.cameras(step.targets) : null)),
  );
  const notices: TSearchCamerasResponse["notices"] = [];
  plan.forEach((step, index) => {
    if (lists[index] === null && step.targets.length > 0)
      notices.push({
        source: step.source.program,
        notice: `${step.source.program} cameras cannot be listed (they ride in patrol cars): draw an area to include their reads.`,
      });
  });
  return { cameras: lists.flatMap((list) => list ?? []), notices };
}
