import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ERROR_CODES, ERROR_STATUS, ZApiError, apiError, toFieldIssues } from "../src/index";

describe("errors", () => {
  it("maps every code to an HTTP error status", () => {
    expect(ERROR_CODES).toContain("VALIDATION_FAILED");
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
    expect(ERROR_STATUS.NOT_FOUND).toBe(404);
    expect(ERROR_STATUS.UPSTREAM_FAILED).toBe(502);
  });

  it("has one shape, with optional field details", () => {
    expect(ZApiError.safeParse(apiError("FORBIDDEN", "Access Denied")).success).toBe(true);
    expect(apiError("FORBIDDEN", "Access Denied")).toEqual({
      error: { code: "FORBIDDEN", message: "Access Denied" },
    });
    expect(ZApiError.safeParse({ error: { code: "TEAPOT", message: "x" } }).success).toBe(false);
    expect(ZApiError.safeParse({ message: "x" }).success).toBe(false);
  });

  it("turns zod issues into details", () => {
    const result = z
      .object({ records: z.array(z.object({ latitude: z.number() })) })
      .safeParse({ records: [{}] });
    const details = toFieldIssues(result.error?.issues ?? []);
    expect(details).toEqual([{ path: "records.0.latitude", message: expect.any(String) }]);
    expect(ZApiError.parse(apiError("VALIDATION_FAILED", "Invalid request", details)).error.details).toEqual(
      details,
    );
  });
});
