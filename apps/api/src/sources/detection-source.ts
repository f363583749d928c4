import type { SourceProgram, TSearchCamera, TSearchResult, TSourceNoticeKind } from "@odin/contract";
import type { SecretBox } from "@odin/db";
import type { Database } from "../lib/database";
import type { ImageHandles } from "./image-handle";
import type { PlatePattern } from "./plate-pattern";
import type { SourcePlace } from "./place";

/** What the source adapters need: the database, the secrets box (vendor keys) and the image handles. */
export interface SourceDeps {
  prisma: Database;
  /**
   * The primary, for what a search writes as it goes (issue 40 item 6: the newest read a Rekor answer
   * carried per camera); `prisma` may be a read replica's handle. Absent: `prisma`.
   */
  writer?: Database;
  secrets: SecretBox;
  handles: ImageHandles;
  /** DETECTION_RETENTION_DAYS: how long RAVEN reads are kept for agencies without their own figure. */
  defaultRetentionDays?: number;
  /**
   * How long one statement of an investigation (an area, places, travelling-with) may run in
   * PostgreSQL (issue 36, F17): SEARCH_SOURCE_TIMEOUT_MS, so the database stops when the answer would
   * be given up anyway. Plate searches are index lookups and keep their single round trip.
   */
  statementTimeoutMs?: number;
}

/** One search as every source receives it: already validated, normalised and scoped. */
export interface SourceQuery {
  plate: PlatePattern | undefined;
  plateState: string | undefined;
  color: string | undefined;
  make: string | undefined;
  bodyType: string | undefined;
  start: Date;
  end: Date;
  /** The most results one source may return; the service says so when a source hits it. */
  limit: number;
  /** Only reads at this place (issue 22's investigations); absent: anywhere. */
  place?: SourcePlace;
}

/** One camera over a short time (travelling-with): reads by the camera that read the plate, near then. */
export interface SourceWindow {
  cameraName: string;
  start: Date;
  end: Date;
}

/**
 * A camera program Odin searches. Adding a fourth vendor is one folder implementing this and one line
 * in sources/registry.ts. `targets` are the request's `agencies` entries this source serves, already
 * narrowed to what the caller's agency may search.
 */
/** A source's notice: the sentence, and what it is about (the contract's notice kinds). */
export interface SourceNotice {
  kind: TSourceNoticeKind;
  text: string;
}

export interface DetectionSource<Target = unknown> {
  readonly program: SourceProgram;
  /** What the caller may search with this source, keyed by the string the search form sends. */
  searchable(context: SourceContext): Promise<Map<string, Target>>;
  /**
   * The results of every target that answered. When some targets fail and others answer, the source
   * returns what it has and calls `warn` once per failure (the search then reports it as partial);
   * when none answer, it throws. They must be the source's newest reads up to `query.end`, at most
   * `query.limit`: paged answers (modules/search/search-pages.ts) ask for the next page by moving the
   * end back, so a source that answered other reads than its newest would leave newer ones out.
   */
  search(
    query: SourceQuery,
    targets: Target[],
    signal: AbortSignal,
    warn?: (message: string) => void,
  ): Promise<TSearchResult[]>;
  /**
   * What the source cannot answer for this query although its targets were searched: a sentence for
   * the results screen and what it is about (issue 17: a range longer than what the source keeps;
   * issue 22: a place the source cannot be asked by). Undefined: nothing.
   */
  coverage?(query: SourceQuery, targets: Target[], now: Date): SourceNotice | undefined;
  /**
   * Reads in several camera windows at once (travelling-with, issue 22), any plate; `query` gives the
   * vehicle filters and the limit. Absent: the service asks `search` once per window.
   */
  searchWindows?(windows: SourceWindow[], query: SourceQuery, targets: Target[]): Promise<TSearchResult[]>;
  /** The cameras of these targets an area search can name (absent: the source's cameras cannot be listed). */
  cameras?(targets: Target[]): Promise<TSearchCamera[]>;
}

export interface SourceContext {
  /** The caller's agency, or "all" for the owner, or null (a user without an agency searches nothing). */
  agency: number | "all" | null;
}
