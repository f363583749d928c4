import { AGENCY_CODE_MAX, ZAgencyCreateRequest, ZSearchRequestFields } from "@odin/contract";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { boundsOf, maxLengthOf } from "./limits";

describe("maxLengthOf", () => {
  it("reads a string's maximum through optional, default and pipes", () => {
    expect(maxLengthOf(z.string().trim().min(1).max(20))).toBe(20);
    expect(maxLengthOf(z.string().max(60).optional())).toBe(60);
    expect(maxLengthOf(z.string().max(5).nullish().default(null))).toBe(5);
    expect(
      maxLengthOf(
        z
          .string()
          .max(7)
          .transform((text) => text.length),
      ),
    ).toBe(7);
    expect(maxLengthOf(z.preprocess((value) => value, z.string().max(9)))).toBe(9);
  });

  it("reads the contract's limits", () => {
    expect(maxLengthOf(ZSearchRequestFields.shape.justification)).toBe(2000);
    expect(maxLengthOf(ZAgencyCreateRequest.shape.code)).toBe(AGENCY_CODE_MAX);
  });

  it("refuses a schema without a maximum", () => {
    expect(() => maxLengthOf(z.string())).toThrow(/no maximum length/);
  });
});

describe("boundsOf", () => {
  it("reads a number's bounds through a default", () => {
    expect(boundsOf(z.number().int().min(1).max(900).default(60))).toEqual({ min: 1, max: 900 });
  });

  it("refuses a number without both bounds", () => {
    expect(() => boundsOf(z.number())).toThrow(/no minimum and maximum/);
    expect(() => boundsOf(z.number().int().min(1))).toThrow(/no minimum and maximum/);
  });
});
