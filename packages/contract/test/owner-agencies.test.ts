import { describe, expect, it } from "vitest";
import { MESSAGES, ZAgencyCreateRequest, ZAgencyUpdateRequest, canonicalTimeZone } from "../src/index";

describe("agency requests (issue 15)", () => {
  it("trims the name, upper-cases the code, defaults the zone and the retention", () => {
    expect(ZAgencyCreateRequest.parse({ name: "  Hartford PD ", code: " hpd " })).toEqual({
      name: "Hartford PD",
      code: "HPD",
      time_zone: "America/New_York",
      retention_days: null,
    });
    expect(
      ZAgencyCreateRequest.parse({ name: "A", code: "A1", time_zone: "europe/paris", retention_days: "90" }),
    ).toMatchObject({ time_zone: "Europe/Paris", retention_days: 90 });
    expect(
      ZAgencyCreateRequest.parse({ name: "A", code: "A1", retention_days: "" }).retention_days,
    ).toBeNull();
  });

  it("refuses a bad code, zone or retention, naming the field", () => {
    const issues = (body: object) =>
      ZAgencyCreateRequest.safeParse({ name: "A", code: "AB", ...body }).error?.issues.map((issue) => [
        issue.path.join("."),
        issue.message,
      ]);
    expect(issues({ code: "H" })).toEqual([["code", MESSAGES.agencyCodeInvalid]]);
    expect(issues({ code: "H-PD" })).toEqual([["code", MESSAGES.agencyCodeInvalid]]);
    expect(issues({ code: "ABCDEFGHIJK" })).toEqual([["code", MESSAGES.agencyCodeInvalid]]);
    expect(issues({ time_zone: "Mars/Olympus_Mons" })).toEqual([["time_zone", MESSAGES.timeZoneInvalid]]);
    expect(issues({ time_zone: "+05:00" })).toEqual([["time_zone", MESSAGES.timeZoneInvalid]]);
    expect(issues({ retention_days: 0 })).toEqual([["retention_days", MESSAGES.retentionDaysInvalid]]);
    expect(issues({ retention_days: "1.5" })).toEqual([["retention_days", MESSAGES.retentionDaysInvalid]]);
    expect(issues({ name: " " })).toEqual([["name", MESSAGES.agencyNameRequired]]);
  });

  it("an update changes only what it sends, and must send something", () => {
    expect(ZAgencyUpdateRequest.parse({ retention_days: null })).toEqual({ retention_days: null });
    expect(ZAgencyUpdateRequest.safeParse({}).error?.issues[0]?.message).toBe(MESSAGES.nothingToChange);
  });

  it("knows IANA zones", () => {
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    expect(canonicalTimeZone("America/Chicago")).toBe("America/Chicago");
    expect(canonicalTimeZone("EST5EDT-nowhere")).toBeNull();
  });
});
