import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { ENDPOINT_EXAMPLES, ENDPOINTS } from "../src/index";

describe("the OpenAPI document's examples (issue 38)", () => {
  const cases = Object.entries(ENDPOINT_EXAMPLES).map(([key, example]) => ({ key, example }));

  it.each(cases)("$key names a call and its schemas accept the example", ({ key, example }) => {
    const endpoint = ENDPOINTS.find((entry) => `${entry.method} ${entry.path}` === key);
    expect(endpoint, `no call ${key}`).toBeDefined();
    if (example.request !== undefined) {
      const body = (endpoint as { body?: ZodType }).body;
      expect(body?.safeParse(example.request).error).toBeUndefined();
    }
    if (example.response !== undefined) {
      const response = endpoint!.response;
      expect(response).not.toBe("binary");
      expect((response as ZodType).safeParse(example.response).error).toBeUndefined();
    }
  });
});
