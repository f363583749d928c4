import { describe, expect, it } from "vitest";
import {
  MESSAGES,
  ZSearchRequest,
  defaultPlateMatch,
  parseSearchSourcesHeader,
  SEARCH_SOURCES_HEADER,
} from "../src/index";

const valid = {
  justification: "Case 24-1187",
  start_time: "2025-01-14T10:00:00.000Z",
  end_time: "2025-01-15T10:00:00.000Z",
};

const messagesOf = (input: unknown) =>
  ZSearchRequest.safeParse(input).error?.issues.map((issue) => issue.message);

describe("ZSearchRequest", () => {
  it("trims then lower-cases the plate", () => {
    expect(ZSearchRequest.parse({ ...valid, plate: "  AB 12C  " }).plate).toBe("ab 12c");
  });

  it("treats a missing, null or blank plate and blank selects as not set", () => {
    const parsed = ZSearchRequest.parse({ ...valid, plate: "   ", plate_state: "", vehicle_make: null });
    expect(parsed.plate).toBeUndefined();
    expect(parsed.plate_state).toBeUndefined();
    expect(parsed.vehicle_make).toBeUndefined();
    expect(ZSearchRequest.parse(valid).plate).toBeUndefined();
  });

  it("keeps set optional fields", () => {
    const parsed = ZSearchRequest.parse({
      ...valid,
      plate_state: "CT",
      vehicle_color: "Gold/Beige",
      vehicle_body_type: "SUV",
    });
    expect(parsed).toMatchObject({
      plate_state: "CT",
      vehicle_color: "Gold/Beige",
      vehicle_body_type: "SUV",
    });
  });

  it("rejects a whitespace-only or missing justification with the spec's message", () => {
    expect(messagesOf({ ...valid, justification: "   " })).toEqual([
      MESSAGES.justificationAndDateRangeRequired,
    ]);
    expect(messagesOf({ ...valid, justification: undefined })).toEqual([
      "Justification and date range are required.",
    ]);
  });

  it("trims the justification", () => {
    expect(ZSearchRequest.parse({ ...valid, justification: "  why  " }).justification).toBe("why");
  });

  it("rejects missing or blank dates with the spec's message", () => {
    expect(messagesOf({ justification: "x" })).toEqual([
      MESSAGES.justificationAndDateRangeRequired,
      MESSAGES.justificationAndDateRangeRequired,
    ]);
    expect(messagesOf({ ...valid, end_time: "" })).toEqual([MESSAGES.justificationAndDateRangeRequired]);
  });

  it("rejects a malformed date or one without a zone", () => {
    expect(messagesOf({ ...valid, start_time: "yesterday" })).toEqual([MESSAGES.invalidDateTime]);
    expect(messagesOf({ ...valid, start_time: "2025-01-14T10:00" })).toEqual([MESSAGES.invalidDateTime]);
  });

  it("rejects an end before the start, on end_time", () => {
    const result = ZSearchRequest.safeParse({
      ...valid,
      start_time: valid.end_time,
      end_time: valid.start_time,
    });
    expect(result.error?.issues).toMatchObject([{ path: ["end_time"], message: MESSAGES.endBeforeStart }]);
  });

  it("accepts an empty range (end equal to start) and offsets", () => {
    expect(ZSearchRequest.safeParse({ ...valid, end_time: valid.start_time }).success).toBe(true);
    expect(ZSearchRequest.safeParse({ ...valid, end_time: "2025-01-15T10:00:00-05:00" }).success).toBe(true);
  });

  it("defaults agencies to [] and every filter to false", () => {
    const parsed = ZSearchRequest.parse(valid);
    expect(parsed.agencies).toEqual([]);
    expect(parsed.filters).toEqual({
      top_rack: false,
      back_rack: false,
      bumper_stickers: false,
      window_stickers: false,
    });
    expect(ZSearchRequest.parse({ ...valid, filters: { back_rack: true } }).filters.back_rack).toBe(true);
  });

  it("keeps the agency references as strings", () => {
    const agencies = ["12", "https://ct.evidence.com", "axis-7"];
    expect(ZSearchRequest.parse({ ...valid, agencies }).agencies).toEqual(agencies);
    expect(ZSearchRequest.safeParse({ ...valid, agencies: [12] }).success).toBe(false);
  });
});

describe("the plate match (Odin's addition)", () => {
  it("is optional, one of exact, partial and similar, and defaults by what was typed", () => {
    expect(ZSearchRequest.parse(valid).match).toBeUndefined();
    expect(ZSearchRequest.parse({ ...valid, match: "similar" }).match).toBe("similar");
    expect(ZSearchRequest.safeParse({ ...valid, match: "fuzzy" }).success).toBe(false);
    expect(defaultPlateMatch("MU1217O")).toBe("similar");
    expect(defaultPlateMatch("MU12*")).toBe("partial");
    expect(defaultPlateMatch("MU1?17O")).toBe("partial");
  });
});

describe("the x-odin-sources header", () => {
  it("is named once and parsed leniently", () => {
    expect(SEARCH_SOURCES_HEADER).toBe("x-odin-sources");
    const status = [
      { source: "Axon", status: "timeout", count: 0, error: "no answer in 8000 ms", elapsed_ms: 8003 },
    ];
    expect(parseSearchSourcesHeader(JSON.stringify(status))).toEqual(status);
    expect(parseSearchSourcesHeader(null)).toEqual([]);
    expect(parseSearchSourcesHeader("not json")).toEqual([]);
    expect(parseSearchSourcesHeader('[{"source":"Other"}]')).toEqual([]);
  });
});
