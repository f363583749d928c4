import { checkPasswordStrength, PASSWORD_RULES } from "@odin/contract";

/** Every password rule in one line, shown under a new-password field. */
export const PASSWORD_HINT = `Needs ${PASSWORD_RULES.map((rule) => rule.message.toLowerCase()).join(", ")}.`;

/** The rules a password misses as one sentence rather than one line per rule; undefined when it meets them. */
export function missingPasswordRules(password: string): string | undefined {
  const missing = checkPasswordStrength(password).map((rule) => rule.toLowerCase());
  return missing.length > 0 ? `The password needs ${missing.join(", ")}.` : undefined;
}
