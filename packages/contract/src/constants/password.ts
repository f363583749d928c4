/**
 * Password requirements listed on the change-password screen (001 section 2). The spec says the server
 * enforces them without showing how; Odin enforces exactly this list, on the server and in the form.
 */
export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_RULES = [
  { id: "length", pattern: /^[\s\S]{8,}$/u, message: "At least 8 characters" },
  { id: "uppercase", pattern: /\p{Lu}/u, message: "An uppercase letter" },
  { id: "lowercase", pattern: /\p{Ll}/u, message: "A lowercase letter" },
  { id: "digit", pattern: /\d/u, message: "A digit" },
  { id: "special", pattern: /[^\p{L}\p{N}\s]/u, message: "A special character" },
] as const;

export type PasswordRuleId = (typeof PASSWORD_RULES)[number]["id"];

/** The messages of the rules the password does not meet; empty when it is strong enough. */
export function checkPasswordStrength(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.pattern.test(password)).map((rule) => rule.message);
}
