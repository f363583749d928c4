import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { SourceProgram, TSearchNextRequest, TSearchRequest, TSearchResult } from "@odin/contract";

/**
 * Paged search answers (issue 21 item 3; docs/scaling.md "Answers that page").
 *
 * A search with `page_size` asks every source for its newest `page_size + 1` reads (plus the few it
 * showed at the cursor's instant) instead of its whole limit, merges them newest first and answers the
 * newest `page_size`: exact, because that page lies within every source's own newest `page_size`. The
 * cursor of the next page is the last shown read's time, the reads shown at exactly that time (so a tie
 * is neither lost nor shown twice), how many reads each source has given so far (its per-source limit
 * holds across pages) and which sources have nothing more. Sources are asked again with the range ending
 * at the cursor's time, so no source needs a keyset of its own: Odin's table, Rekor and Axon are asked
 * the same way.
 *
 * The cursor is signed (HMAC-SHA256) and binds the user, the search's audit row (written before any
 * work; a next page writes none of its own), a hash of the search's parameters (a cursor cannot continue
 * another search) and an expiry.
 */

/** How long a cursor can be continued: the background load of the rest takes seconds. */
export const CURSOR_TTL_SECONDS = 60 * 60;

const PREFIX = "op1";

export interface PagePosition {
  /** The last shown read's time (ISO, as results carry it). */
  t: string;
  /** Keys (`program:id`) of the reads shown at exactly `t`. */
  k: string[];
  /** Reads each source has given so far. */
  n: Partial<Record<SourceProgram, number>>;
  /** Sources with nothing more to give. */
  d: SourceProgram[];
}

interface CursorPayload extends PagePosition {
  /** Audit row of the search. */
  a: number;
  /** User id. */
  u: number;
  /** Hash of the search's parameters. */
  h: string;
  /** Expiry, epoch seconds. */
  e: number;
}

export interface OpenedCursor extends PagePosition {
  auditId: number;
}

/** The key a read is known by across sources and pages. */
export const resultKey = (result: Pick<TSearchResult, "source_program" | "id">) =>
  `${result.source_program}:${result.id}`;

/** Newest first; reads of the same instant in a fixed order, so every page agrees on it. */
export function byTimeThenKey(a: TSearchResult, b: TSearchResult): number {
  const difference = Date.parse(b.timestamp) - Date.parse(a.timestamp);
  if (difference !== 0) return difference;
  const ka = resultKey(a);
  const kb = resultKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** The parameters a cursor is bound to: everything that decides what is searched. */
export function searchParamsHash(body: TSearchRequest | TSearchNextRequest): string {
  const { cursor: _cursor, ...params } = body as TSearchNextRequest;
  return createHash("sha256").update(canonicalJson(params)).digest("base64url");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export interface PageCursors {
  seal(position: PagePosition, bind: { auditId: number; userId: number; paramsHash: string }): string;
  /** The position, or null for a cursor that is not Odin's, not this user's or search's, or expired. */
  open(cursor: string, bind: { userId: number; paramsHash: string }): OpenedCursor | null;
}

export function createPageCursors(key: string, now: () => number = Date.now): PageCursors {
  const sign = (body: string) => createHmac("sha256", key).update(body).digest();
  return {
    seal(position, bind) {
      const payload: CursorPayload = {
        ...position,
        a: bind.auditId,
        u: bind.userId,
        h: bind.paramsHash,
        e: Math.floor(now() / 1000) + CURSOR_TTL_SECONDS,
      };
      const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
      return `${PREFIX}.${body}.${sign(body).toString("base64url")}`;
    },
    open(cursor, bind) {
      const [prefix, body, signature, extra] = cursor.split(".");
      if (prefix !== PREFIX || !body || !signature || extra !== undefined) return null;
      const given = Buffer.from(signature, "base64url");
      const expected = sign(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let payload: CursorPayload;
      try {
        payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as CursorPayload;
      } catch {
        return null;
      }
      if (payload.u !== bind.userId || payload.h !== bind.paramsHash) return null;
      if (payload.e < Math.floor(now() / 1000)) return null;
      return { auditId: payload.a, t: payload.t, k: payload.k, n: payload.n, d: payload.d };
    },
  };
}

/** What one source is asked for on a page: how many reads, and up to when. */
export interface PageAsk {
  /** Undefined: the source has nothing more (or gave its limit); it is not asked. */
  limit: number | undefined;
  /** The range's end for this page: the cursor's time (inclusive), or the search's own end. */
  end: Date;
}

export function pageAsk(
  program: SourceProgram,
  pageSize: number,
  maxPerSource: number,
  position: PagePosition | null,
  searchEnd: Date,
): PageAsk {
  if (!position) return { limit: Math.min(pageSize, maxPerSource) + 1, end: searchEnd };
  const left = maxPerSource - (position.n[program] ?? 0);
  if (position.d.includes(program) || left <= 0) return { limit: undefined, end: searchEnd };
  // Reads stored with finer than millisecond time map to the millisecond: the end takes the whole
  // millisecond, and what was shown is dropped by key below.
  return {
    limit: Math.min(pageSize, left) + 1 + position.k.length,
    end: new Date(Date.parse(position.t) + 1),
  };
}

export interface SourcePageAnswer {
  program: SourceProgram;
  /** What the source was asked for; undefined: not asked. */
  asked: number | undefined;
  /** Its reads, as the source answered them (newest first, at most `asked`). */
  results: TSearchResult[];
  /** The source failed or timed out on this page: it is not asked again. */
  failed: boolean;
}

/**
 * The page: the newest `pageSize` of what the sources answered after the cursor, and the position of
 * the next page (null: nothing more anywhere).
 */
export function cutPage(
  answers: SourcePageAnswer[],
  pageSize: number,
  maxPerSource: number,
  position: PagePosition | null,
): { page: TSearchResult[]; next: PagePosition | null } {
  const shown = new Set(position?.k ?? []);
  const after = position ? Date.parse(position.t) : Number.POSITIVE_INFINITY;
  const pending = new Map<SourceProgram, TSearchResult[]>();
  const exhausted = new Set<SourceProgram>();
  for (const answer of answers) {
    if (answer.asked === undefined) continue;
    const left = maxPerSource - (position?.n[answer.program] ?? 0);
    const unseen = answer.results
      .filter((result) => Date.parse(result.timestamp) <= after && !shown.has(resultKey(result)))
      .sort(byTimeThenKey);
    pending.set(answer.program, unseen.slice(0, left));
    // Fewer than asked: the source gave everything up to the cursor.
    if (answer.failed || answer.results.length < answer.asked) exhausted.add(answer.program);
  }
  const page = [...pending.values()].flat().sort(byTimeThenKey).slice(0, pageSize);
  const last = page.at(-1);

  const n: Partial<Record<SourceProgram, number>> = { ...(position?.n ?? {}) };
  for (const result of page) n[result.source_program] = (n[result.source_program] ?? 0) + 1;
  const done = new Set<SourceProgram>(position?.d ?? []);
  for (const [program, reads] of pending) {
    const onPage = page.filter((result) => result.source_program === program).length;
    const capped = (n[program] ?? 0) >= maxPerSource;
    if (capped || (exhausted.has(program) && reads.length === onPage)) done.add(program);
  }
  for (const answer of answers) if (answer.asked === undefined) done.add(answer.program);

  const more = answers.some((answer) => !done.has(answer.program));
  if (!last || !more) return { page, next: null };
  const t = last.timestamp;
  const atT = page.filter((result) => Date.parse(result.timestamp) === Date.parse(t)).map(resultKey);
  const k = position && Date.parse(position.t) === Date.parse(t) ? [...position.k, ...atT] : atT;
  return { page, next: { t, k, n, d: [...done] } };
}
