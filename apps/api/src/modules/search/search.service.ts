import {
  MESSAGES,
  type TSearchNextRequest,
  type TSearchRequest,
  type TSearchResult,
  type TSourceStatus,
} from "@odin/contract";
import type { Actor } from "../../access/actor";
import type { DetectionSource, SourceQuery } from "../../sources/detection-source";
import { normalizePlate, toPlatePattern } from "../../sources/plate-pattern";
import { isAbsurdReadTime } from "../../sources/read-time";
import { anyActiveGroupSql, attachHotlists } from "./hotlist-badges.repository";
import { rankSimilar } from "./similar-ranking";
import { readSearchScope } from "../../sources/search-scope.repository";
import type { SourceContext } from "../../sources/detection-source";
import { AppError } from "../../lib/app-error";
import type { Database } from "../../lib/database";
import { UNAVAILABLE_MESSAGE } from "../../lib/database-unavailable";
import { writeAuditBatched } from "../audit/audit-batcher";
import type { RecordRefs } from "../exports/record-refs";
import type { CaseFieldRow } from "../accountability/case-fields.repository";
import { caseFieldsForAudit, caseFieldsSql, checkCaseFieldsOf } from "../accountability/case-fields.service";
import { cutPage, pageAsk, searchParamsHash, type PageCursors, type PagePosition } from "./search-pages";

export interface SearchDeps {
  prisma: Database;
  sources: readonly DetectionSource[];
  sourceTimeoutMs: number;
  maxResultsPerSource: number;
  /** Signs each result's `ref` (and keeps the remote sources' answer) for exports (issue 17). */
  refs?: RecordRefs;
  /** Signs the cursors of paged answers (issue 21); absent: `page_size` is ignored. */
  cursors?: PageCursors;
}

/** A search's answer: the results, how each source fared, and the next page's cursor when paged. */
export interface SearchAnswer {
  results: TSearchResult[];
  statuses: TSourceStatus[];
  /** Set when a paged search has more (the x-odin-next-page header). */
  nextCursor?: string;
}

class SourceTimeout extends Error {}

/**
 * PostgreSQL stopped the statement at its statement_timeout (SQLSTATE 57014, issue 36 F17), as the
 * error reaches us from Prisma (P2010 with the SQLSTATE in `meta`, or in the message) or from pg.
 */
export function isStatementTimeout(error: unknown): boolean {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 5; depth++) {
    const { code, meta } = at as { code?: unknown; meta?: { code?: unknown } };
    if (code === "57014" || meta?.code === "57014") return true;
    if (/\b57014\b|canceling statement due to statement timeout/.test(at.message)) return true;
    at = at.cause;
  }
  return false;
}

function toSourceQuery(body: TSearchRequest, limit: number): SourceQuery {
  return {
    plate: toPlatePattern(body.plate, body.match),
    plateState: body.plate_state,
    color: body.vehicle_color,
    make: body.vehicle_make,
    bodyType: body.vehicle_body_type,
    start: new Date(body.start_time),
    end: new Date(body.end_time),
    limit,
  };
}

/**
 * Runs one source within its own time limit; a slow or failing source only reports its status.
 * `ask` replaces the one `search` call when an investigation asks the source several things (issue 22).
 */
export async function runSource(
  source: DetectionSource,
  query: SourceQuery,
  targets: unknown[],
  timeoutMs: number,
  ask: (signal: AbortSignal, warn: (message: string) => void) => Promise<TSearchResult[]> = (signal, warn) =>
    source.search(query, targets, signal, warn),
): Promise<{ status: TSourceStatus; results: TSearchResult[] }> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (targets.length === 0) {
    return { status: { source: source.program, status: "skipped", count: 0, elapsed_ms: 0 }, results: [] };
  }
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new SourceTimeout(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  const warnings: string[] = [];
  try {
    const results = await Promise.race([
      ask(controller.signal, (message) => warnings.push(message)),
      deadline,
    ]);
    const notice = source.coverage?.(query, targets, new Date());
    return {
      status: {
        source: source.program,
        status: warnings.length ? "partial" : "ok",
        count: results.length,
        ...(warnings.length ? { error: warnings.join("; ") } : {}),
        ...(notice ? { notice: notice.text, notice_kinds: [notice.kind] } : {}),
        elapsed_ms: elapsed(),
      },
      results,
    };
  } catch (error) {
    // PostgreSQL's own bound on an investigation's statement is a timeout too, said in words.
    const stopped = isStatementTimeout(error);
    const timedOut = stopped || error instanceof SourceTimeout;
    return {
      status: {
        source: source.program,
        status: timedOut ? "timeout" : "failed",
        count: 0,
        error: stopped
          ? `stopped in the database after ${timeoutMs} ms`
          : error instanceof Error
            ? error.message
            : "the source failed",
        elapsed_ms: elapsed(),
      },
      results: [],
    };
  } finally {
    clearTimeout(timer);
  }
}

export interface SourcePlan {
  source: DetectionSource;
  targets: unknown[];
}

/** Which of the requested agencies the caller may search, per source (all it may when none are named). */
export async function planSources(
  deps: Pick<SearchDeps, "sources" | "prisma">,
  actor: Actor,
  agencies: readonly string[],
): Promise<SourcePlan[]> {
  // One statement for what the caller may see with every source (search-scope.repository.ts).
  const { scope } = await readSearchScope(deps.prisma, actor);
  return planSourcesIn(deps, scope, agencies);
}

/** planSources on a scope already read (readSearchScope): the sources answer from its rows. */
async function planSourcesIn(
  deps: Pick<SearchDeps, "sources">,
  scope: SourceContext,
  agencies: readonly string[],
): Promise<SourcePlan[]> {
  const requested = new Set(agencies);
  return Promise.all(
    deps.sources.map(async (source) => {
      const searchable = await source.searchable(scope);
      const targets = requested.size
        ? [...searchable].filter(([key]) => requested.has(key)).map(([, target]) => target)
        : [...searchable.values()];
      return { source, targets };
    }),
  );
}

/**
 * What a search reads before its audit row, in one statement (issue 42 item 0): the caller's scope for
 * every source, its agency's case fields, and whether its agency has any active hotlist group (the badges).
 * Read at every call, nothing kept across requests.
 */
async function readSearchContext(deps: SearchDeps, actor: Actor, agencies: readonly string[]) {
  const { scope, extras } = await readSearchScope(deps.prisma, actor, {
    case_fields: caseFieldsSql(actor),
    any_group: anyActiveGroupSql(actor),
  });
  return {
    plan: await planSourcesIn(deps, scope, agencies),
    caseFields: extras.case_fields as CaseFieldRow | null,
    anyGroup: extras.any_group !== false,
  };
}

/** The programs a plan will ask: what the audit row's programs_queried names. */
export const programsOf = (plan: readonly SourcePlan[]) =>
  plan
    .filter((step) => step.targets.length > 0)
    .map((step) => step.source.program)
    .join(",");

/**
 * POST /search-data: resolves which of the requested agencies the caller may search (all it may
 * search when none are named), commits the audit row, then fans out to every source at once and
 * merges the answers newest first.
 */
export async function searchDetections(
  deps: SearchDeps,
  actor: Actor,
  body: TSearchRequest,
): Promise<SearchAnswer> {
  // The scope and the case fields in one statement; no source is asked before the audit row below,
  // and a refused case field answers 400 before it is written, as before.
  const { plan, caseFields, anyGroup } = await readSearchContext(deps, actor, body.agencies);
  checkCaseFieldsOf(caseFields, body);

  // Audit first, then work (issue 17): the row is committed before any source is asked. A search
  // whose row cannot be written asks no source and answers 503 (the caller may retry).
  let auditId: number;
  try {
    // With the other searches of the caller's agency that are writing theirs now (audit-batcher.ts).
    auditId = await writeAuditBatched(deps.prisma, actor, {
      action: "search",
      queryParameters: {
        plate: body.plate ?? null,
        ...(body.match ? { match: body.match } : {}),
        plate_state: body.plate_state ?? null,
        vehicle_color: body.vehicle_color ?? null,
        vehicle_make: body.vehicle_make ?? null,
        vehicle_body_type: body.vehicle_body_type ?? null,
        justification: body.justification,
        ...caseFieldsForAudit(body),
        start_time: body.start_time,
        end_time: body.end_time,
        agencies: body.agencies,
        filters: body.filters,
      },
      justification: body.justification,
      programsQueried: programsOf(plan),
      // The plate as every screen and rule counts it (issue 36); query_parameters keep it as typed.
      ...(body.plate ? { plate: normalizePlate(body.plate) } : {}),
    });
  } catch (error) {
    actor.log.error({ err: error }, "the search's audit row could not be written: no source was asked");
    throw new AppError("UNAVAILABLE", UNAVAILABLE_MESSAGE);
  }

  const query = toSourceQuery(body, deps.maxResultsPerSource);
  if (body.page_size && deps.cursors && query.plate?.kind !== "similar") {
    return searchPage(deps, actor, body, plan, anyGroup, null, auditId, searchParamsHash(body));
  }
  const outcomes = await Promise.all(
    plan.map((step) => runSource(step.source, query, step.targets, deps.sourceTimeoutMs)),
  );
  const merged = flagAbsurdDates(outcomes.flatMap((outcome) => outcome.results));
  const ranked =
    query.plate?.kind === "similar"
      ? rankSimilar(query.plate.value, merged)
      : merged.sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
  return {
    results: await finish(deps, actor, ranked, anyGroup),
    statuses: outcomes.map((outcome) => outcome.status),
  };
}

/**
 * Every result carries a signed reference an export can be made from (the one place refs are added),
 * and the active hotlist groups of the caller's agency its plate is on (issues 20 and 40); `anyGroup`
 * false: the agency has no active group (read with the scope), so there is nothing to look up.
 */
async function finish(
  deps: SearchDeps,
  actor: Actor,
  results: TSearchResult[],
  anyGroup: boolean,
): Promise<TSearchResult[]> {
  const referenced = deps.refs ? await deps.refs.attach(actor, results) : results;
  return anyGroup ? attachHotlists(deps.prisma, actor, referenced) : referenced;
}

/**
 * POST /search-data/next (issue 21): the page after the cursor, under the caller's access now. It
 * writes no audit row: the cursor names the search's, written before the first page, and is bound to
 * this user and these parameters. A cursor that is not Odin's, another user's or search's, or expired
 * gets 400.
 */
export async function searchNextPage(
  deps: SearchDeps,
  actor: Actor,
  body: TSearchNextRequest,
): Promise<SearchAnswer> {
  const paramsHash = searchParamsHash(body);
  const position = deps.cursors?.open(body.cursor, { userId: actor.user.id, paramsHash });
  if (!position || !body.page_size) throw new AppError("VALIDATION_FAILED", MESSAGES.searchPageCursorInvalid);
  const { plan, anyGroup } = await readSearchContext(deps, actor, body.agencies);
  actor.log.info({ auditId: position.auditId, after: position.t }, "search: next page");
  return searchPage(deps, actor, body, plan, anyGroup, position, position.auditId, paramsHash);
}

/** One page of a paged search (search-pages.ts): each source asked for a page's worth after the cursor. */
async function searchPage(
  deps: SearchDeps,
  actor: Actor,
  body: TSearchRequest,
  plan: SourcePlan[],
  anyGroup: boolean,
  position: PagePosition | null,
  auditId: number,
  /** The search's parameters as the cursor binds them (searchParamsHash), worked out once per page. */
  paramsHash: string,
): Promise<SearchAnswer> {
  const pageSize = body.page_size ?? deps.maxResultsPerSource;
  const query = toSourceQuery(body, deps.maxResultsPerSource);
  const answers = await Promise.all(
    plan.map(async (step) => {
      const ask = pageAsk(step.source.program, pageSize, deps.maxResultsPerSource, position, query.end);
      if (ask.limit === undefined) return { step, ask, outcome: null };
      const pageQuery = { ...query, end: ask.end, limit: ask.limit };
      return {
        step,
        ask,
        outcome: await runSource(step.source, pageQuery, step.targets, deps.sourceTimeoutMs),
      };
    }),
  );
  const { page, next } = cutPage(
    answers.map(({ step, ask, outcome }) => ({
      program: step.source.program,
      asked: outcome ? ask.limit : undefined,
      results: outcome?.results ?? [],
      failed: outcome ? outcome.status.status === "failed" || outcome.status.status === "timeout" : false,
    })),
    pageSize,
    deps.maxResultsPerSource,
    position,
  );
  // Each asked source's count is what it has on this page.
  const statuses = answers.flatMap(({ step, outcome }) =>
    outcome
      ? [
          {
            ...outcome.status,
            count: page.filter((result) => result.source_program === step.source.program).length,
          },
        ]
      : [],
  );
  const nextCursor =
    next && deps.cursors
      ? deps.cursors.seal(next, { auditId, userId: actor.user.id, paramsHash })
      : undefined;
  return {
    results: await finish(deps, actor, flagAbsurdDates(page), anyGroup),
    statuses,
    ...(nextCursor ? { nextCursor } : {}),
  };
}

/**
 * Marks every read whose date is absurd (sources/read-time.ts), whichever source answered: Axis stores
 * the flag at ingest, Rekor and Axon reads are judged here against the present.
 */
function flagAbsurdDates(results: TSearchResult[]): TSearchResult[] {
  const now = new Date();
  return results.map((result) =>
    result.absurd_date || !isAbsurdReadTime(new Date(result.timestamp), now)
      ? result
      : { ...result, absurd_date: true },
  );
}
