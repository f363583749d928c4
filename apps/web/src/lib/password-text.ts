import { checkPasswordStrength, passwordRules } from "@odin/contract";
import { getPasswordMinLength } from "./config";

/** Every password rule in one line, shown under a new-password field, with the length the server enforces. */
export function passwordHint(): string {
  const rules = passwordRules(getPasswordMinLength());
  return `Needs ${rules.map((rule) => rule.message.toLowerCase()).join(", ")}.`;
}

/** The rules a password misses as one sentence rather than one line per rule; undefined when it meets them. */
export function missingPasswordRules(password: string): string | undefined {
  const missing = checkPasswordStrength(password, getPasswordMinLength()).map((rule) => rule.toLowerCase());
  return missing.length > 0 ? `The password needs ${missing.join(", ")}.` : undefined;
}
