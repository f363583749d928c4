import type { TSourceStatus } from "@odin/contract";
import { Notice } from "@/components/ui";

/** How the screens name each source (Axis cameras are RAVEN in the UI). */
export const SOURCE_LABEL: Record<TSourceStatus["source"], string> = {
  Rekor: "Rekor",
  Axon: "Axon",
  Axis: "RAVEN",
};

/**
 * What a source's notice is about, told by the server's wording (sources' `coverage`, the Axon place
 * notice, the travelling-with cap in investigations.service.ts), each with a heading that fits it.
 */
const KINDS: { test: RegExp; title: (label: string) => string }[] = [
  { test: /keeps \d+ days of reads/, title: (label) => `Some reads are older than ${label} keeps` },
  {
    test: /cannot be asked by camera or place/,
    title: (label) => `${label} was searched by time, not by place`,
  },
  {
    test: /Only the plate's latest \d+ reads were compared/,
    title: () => "Not every read of the plate was compared",
  },
];

/** The heading of one source's notice: its kind's, or a general one when it says several things. */
export function sourceNoticeTitle(status: Pick<TSourceStatus, "source" | "notice">): string {
  const label = SOURCE_LABEL[status.source];
  const kinds = KINDS.filter((kind) => kind.test.test(status.notice ?? ""));
  return kinds.length === 1 ? kinds[0]!.title(label) : `About ${label}'s answer`;
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
