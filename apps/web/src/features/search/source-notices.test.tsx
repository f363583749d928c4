import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SourceNotices, sourceNoticeTitle } from "./source-notices";

// The server's wording (sources/axis/axis.source.ts coverage, sources/axon/axon.source.ts, investigations.service.ts).
const RETENTION =
  "RAVEN keeps 30 days of reads: reads before 2026-10-01 are no longer stored, so this search cannot find them.";
const AXON_PLACE =
  "Axon's reads API cannot be asked by camera or place: Odin read every Axon read of the time window and kept those whose patrol-car position lies in the area (or at the named cameras).";
const CAP = "Only the plate's latest 300 reads were compared: narrow the range to compare all.";

describe("source notices", () => {
  it("gives each kind of notice a heading that fits it", () => {
    expect(sourceNoticeTitle({ source: "Axis", notice: RETENTION })).toBe(
      "Some reads are older than RAVEN keeps",
    );
    expect(sourceNoticeTitle({ source: "Axon", notice: AXON_PLACE })).toBe(
      "Axon was searched by time, not by place",
    );
    expect(sourceNoticeTitle({ source: "Rekor", notice: CAP })).toBe(
      "Not every read of the plate was compared",
    );
    expect(sourceNoticeTitle({ source: "Axon", notice: `${AXON_PLACE} ${CAP}` })).toBe("About Axon's answer");
  });

  it("takes the kinds the server names over the wording (notice_kinds, issue 22)", () => {
    // Reworded or translated notices keep their headings; the kinds decide.
    expect(
      sourceNoticeTitle({
        source: "Axis",
        notice: "Reads older than 30 days are gone.",
        notice_kinds: ["retention"],
      }),
    ).toBe("Some reads are older than RAVEN keeps");
    expect(
      sourceNoticeTitle({ source: "Axon", notice: "By time only.", notice_kinds: ["place_unsupported"] }),
    ).toBe("Axon was searched by time, not by place");
    expect(
      sourceNoticeTitle({
        source: "Axon",
        notice: "Two things.",
        notice_kinds: ["place_unsupported", "compared_latest"],
      }),
    ).toBe("About Axon's answer");
    // A server that names kinds is believed even when the wording would say otherwise.
    expect(sourceNoticeTitle({ source: "Rekor", notice: CAP, notice_kinds: [] })).toBe(
      "About Rekor's answer",
    );
  });

  it("shows one notice per source that has one, under its own heading", () => {
    render(
      <SourceNotices
        statuses={[
          { source: "Axis", status: "ok", count: 1, elapsed_ms: 3, notice: RETENTION },
          { source: "Rekor", status: "ok", count: 1, elapsed_ms: 3 },
          { source: "Axon", status: "ok", count: 0, elapsed_ms: 3, notice: AXON_PLACE },
        ]}
      />,
    );
    const notices = screen.getAllByRole("status");
    expect(notices).toHaveLength(2);
    expect(notices[0]).toHaveTextContent("Some reads are older than RAVEN keeps");
    expect(notices[1]).toHaveTextContent("Axon was searched by time, not by place");
    expect(screen.queryByText(/Some reads are older than a source keeps/)).toBeNull();
  });
});
