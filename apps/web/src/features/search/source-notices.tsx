import type { TSourceNoticeKind, TSourceStatus } from "@odin/contract";
import { Notice } from "@/components/ui";

/** How the screens name each source (Axis cameras are RAVEN in the UI). */
export const SOURCE_LABEL: Record<TSourceStatus["source"], string> = {
  Rekor: "Rekor",
  Axon: "Axon",
  Axis: "RAVEN",
};

/** The heading for each kind of notice (the contract's `notice_kinds`, issue 22). */
const TITLES: Record<TSourceNoticeKind, (label: string) => string> = {
  retention: (label) => `Some reads are older than ${label} keeps`,
  place_unsupported: (label) => `${label} was searched by time, not by place`,
  compared_latest: () => "Not every read of the plate was compared",
  replica_behind: (label) => `${label}'s newest reads may be missing`,
};

/**
 * A server that predates `notice_kinds` is read by its wording (sources' `coverage`, the Axon place
 * notice, the travelling-with cap in investigations.service.ts).
 */
const BY_WORDING: { test: RegExp; kind: TSourceNoticeKind }[] = [
  { test: /keeps \d+ days of reads/, kind: "retention" },
  { test: /cannot be asked by camera or place/, kind: "place_unsupported" },
  { test: /Only the plate's latest \d+ reads were compared/, kind: "compared_latest" },
];

/** The heading of one source's notice: its kind's, or a general one when it says several things. */
export function sourceNoticeTitle(status: Pick<TSourceStatus, "source" | "notice" | "notice_kinds">): string {
  const label = SOURCE_LABEL[status.source];
  const kinds =
    status.notice_kinds ??
    BY_WORDING.filter((entry) => entry.test.test(status.notice ?? "")).map((entry) => entry.kind);
  return kinds.length === 1 ? TITLES[kinds[0]!](label) : `About ${label}'s answer`;
}

/** One notice per source that has something to say about its answer. */
export function SourceNotices({ statuses }: { statuses: readonly TSourceStatus[] }) {
  return (
    <>
      {statuses
        .filter((status) => status.notice)
        .map((status) => (
          <Notice key={status.source} title={sourceNoticeTitle(status)}>
            {status.notice}
          </Notice>
        ))}
    </>
  );
}
