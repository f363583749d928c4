import { afterEach, describe, expect, it } from "vitest";
import { missingPasswordRules, passwordHint } from "./password-text";

describe("password text under a new-password field", () => {
  afterEach(() => {
    delete window.__ODIN_CONFIG__;
  });

  it("lists the spec's rules when the server says nothing of its length", () => {
    expect(passwordHint()).toBe(
      "Needs at least 8 characters, an uppercase letter, a lowercase letter, a digit, a special character.",
    );
    expect(missingPasswordRules("Abcdefg1!")).toBeUndefined();
  });

  it("says the length the server enforces (PASSWORD_MIN_LENGTH from /app-config.js)", () => {
    window.__ODIN_CONFIG__ = { oidc: null, ownerUsername: null, passwords: { minLength: 12 } };
    expect(passwordHint()).toMatch(/^Needs at least 12 characters, /);
    expect(missingPasswordRules("Abcdefg1!")).toBe("The password needs at least 12 characters.");
    expect(missingPasswordRules("Abcdefg1!xyz")).toBeUndefined();
  });
});
