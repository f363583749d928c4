import { checkPasswordStrength } from "@odin/contract";
import { describe, expect, it } from "vitest";
import { generateTemporaryPassword, TEMPORARY_PASSWORD_LENGTH } from "./temporary-password";

describe("generateTemporaryPassword", () => {
  it("always meets the password rules, without look-alike characters", () => {
    for (let i = 0; i < 200; i++) {
      const password = generateTemporaryPassword();
      expect(password).toHaveLength(TEMPORARY_PASSWORD_LENGTH);
      expect(checkPasswordStrength(password)).toEqual([]);
      expect(password).not.toMatch(/[0O1lI]/);
    }
  });

  it("differs from one reset to the next", () => {
    const passwords = new Set(Array.from({ length: 50 }, generateTemporaryPassword));
    expect(passwords.size).toBe(50);
  });
});
