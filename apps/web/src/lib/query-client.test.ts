import { describe, expect, it } from "vitest";
import { ApiError, parseRetryAfter } from "@/lib/api-client";
import { MAX_QUERY_RETRIES, queryRetryDelay, shouldRetryQuery } from "@/lib/query-client";

const failure = (status: number, extra: { code?: string; retryAfterMs?: number } = {}) =>
  new ApiError("failed", { status, ...extra });

describe("shouldRetryQuery", () => {
  it("asks again when the server could not be reached or failed on its side", () => {
    expect(shouldRetryQuery(0, failure(0))).toBe(true);
    expect(shouldRetryQuery(0, failure(500))).toBe(true);
    expect(shouldRetryQuery(1, failure(503, { retryAfterMs: 5_000 }))).toBe(true);
  });

  it("does not ask again after a refusal, a time-out or anything that is not an API error", () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429])
      expect(shouldRetryQuery(0, failure(status))).toBe(false);
    expect(shouldRetryQuery(0, failure(0, { code: "TIMEOUT" }))).toBe(false);
    expect(shouldRetryQuery(0, new Error("bad JSON"))).toBe(false);
  });

  it(`stops after ${MAX_QUERY_RETRIES} retries, and when the server asks to wait longer than it would`, () => {
    expect(shouldRetryQuery(MAX_QUERY_RETRIES, failure(503))).toBe(false);
    expect(shouldRetryQuery(0, failure(503, { retryAfterMs: 120_000 }))).toBe(false);
  });
});

describe("queryRetryDelay", () => {
  it("waits as long as the server's Retry-After asks", () => {
    expect(queryRetryDelay(0, failure(503, { retryAfterMs: 7_000 }))).toBe(7_000);
  });

  it("otherwise doubles from one second", () => {
    expect([0, 1, 2].map((n) => queryRetryDelay(n, failure(502)))).toEqual([1_000, 2_000, 4_000]);
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates, and nothing else", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("5", now)).toBe(5_000);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
  });
});
