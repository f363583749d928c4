import { describe, expect, it } from "vitest";
import { formatTimestamp, orNotAvailable, timestampFormat } from "./format";

describe("formatTimestamp", () => {
  it("writes MM/DD/YYYY HH:MM:SS in 24-hour time with the zone", () => {
    const newYork = timestampFormat("America/New_York");
    expect(formatTimestamp("2026-11-21T18:05:09.000Z", newYork)).toBe("11/21/2026 13:05:09 EST");
    expect(formatTimestamp("2026-07-04T03:00:00Z", newYork)).toBe("07/03/2026 23:00:00 EDT");
    expect(formatTimestamp("2026-01-02T00:00:00Z", timestampFormat("UTC"))).toBe("01/02/2026 00:00:00 UTC");
  });

  it("answers N/A for a missing or broken time", () => {
    expect(formatTimestamp(null)).toBe("N/A");
    expect(formatTimestamp("")).toBe("N/A");
    expect(formatTimestamp("yesterday")).toBe("N/A");
  });

  it("orNotAvailable keeps values and turns blanks into N/A", () => {
    expect(orNotAvailable("CT")).toBe("CT");
    expect(orNotAvailable(0)).toBe("0");
    expect(orNotAvailable("")).toBe("N/A");
    expect(orNotAvailable(null)).toBe("N/A");
  });
});
