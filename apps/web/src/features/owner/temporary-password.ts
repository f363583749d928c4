import { checkPasswordStrength } from "@odin/contract";
import { getPasswordMinLength } from "@/lib/config";

// Without look-alikes (0/O, 1/l/I), since the owner reads the password out or types it into a message.
const UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const LOWER = "abcdefghijkmnopqrstuvwxyz";
const DIGITS = "23456789";
const SPECIAL = "!#$%*+-=?@";
const ALL = UPPER + LOWER + DIGITS + SPECIAL;

export const TEMPORARY_PASSWORD_LENGTH = 14;

function pick(alphabet: string, random: number): string {
  return alphabet[random % alphabet.length]!;
}

/**
 * A random temporary password for the owner's reset (001 §6, §9: "a fixed temporary password", whose
 * value the spec does not show). Odin generates one per reset instead of a shared fixed value, which
 * anyone who learnt it could use on every reset account; it always meets the password rules.
 */
export function generateTemporaryPassword(): string {
  for (;;) {
    const minLength = getPasswordMinLength();
    const random = crypto.getRandomValues(new Uint32Array(Math.max(TEMPORARY_PASSWORD_LENGTH, minLength)));
    const chars = [
      pick(UPPER, random[0]!),
      pick(LOWER, random[1]!),
      pick(DIGITS, random[2]!),
      pick(SPECIAL, random[3]!),
      ...Array.from(random.slice(4), (value) => pick(ALL, value)),
    ];
    // Shuffle so the guaranteed characters are not always first (Fisher-Yates on fresh randomness).
    const order = crypto.getRandomValues(new Uint32Array(chars.length));
    for (let i = chars.length - 1; i > 0; i--) {
      const j = order[i]! % (i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const password = chars.join("");
    if (checkPasswordStrength(password, minLength).length === 0) return password;
  }
}
