import { describe, expect, it } from "vitest";
import { AXIS_IDENTIFIER_MAX, MESSAGES, ZCreateAxisIntegrationRequest } from "../src/index";

describe("RAVEN camera requests", () => {
  const issues = (identifier: string) =>
    ZCreateAxisIntegrationRequest.safeParse({ name: "Main St", identifier }).error?.issues.map((issue) => [
      issue.path.join("."),
      issue.message,
    ]);

  it("takes an identifier of 3 to AXIS_IDENTIFIER_MAX characters, lower-cased", () => {
    expect(
      ZCreateAxisIntegrationRequest.parse({ name: "Main St", identifier: " HFD-Main-NB " }).identifier,
    ).toBe("hfd-main-nb");
    expect(issues("a".repeat(AXIS_IDENTIFIER_MAX))).toBeUndefined();
  });

  it("refuses a short, long or badly spelled identifier once, with the rules", () => {
    for (const identifier of ["ab", "a".repeat(AXIS_IDENTIFIER_MAX + 1), "no spaces", "-leading"]) {
      expect(issues(identifier)).toEqual([["identifier", MESSAGES.axisIdentifierRules]]);
    }
  });
});
