import type { User } from "@odin/db";
import { DEFAULT_LOCKOUT_MS, lockoutSecondsLeft } from "../../identity/sign-in-failures.repository";
import { AppError } from "../../lib/app-error";

export const lockedMessage = (minutes: number) =>
  `Too many wrong attempts: your account is locked for ${minutes} more minute${minutes === 1 ? "" : "s"}, ` +
  "or until your agency's admin unlocks it. Try again later.";

/**
 * Refuses a check of the current password or a two-step code while the account is locked (five
 * wrong ones, given here or on the sign-in form, within 15 minutes): 429 with Retry-After, so a
 * stolen session cannot keep guessing (issue 36, F21).
 */
export function refuseWhileLockedOut(
  reply: { header(name: string, value: string): unknown },
  user: Pick<User, "lockedAt">,
  lockoutMs = DEFAULT_LOCKOUT_MS,
  now = new Date(),
): void {
  const seconds = lockoutSecondsLeft(user, now, lockoutMs);
  if (seconds === 0) return;
  reply.header("retry-after", String(seconds));
  throw new AppError("RATE_LIMITED", lockedMessage(Math.ceil(seconds / 60)));
}
