/**
 * Odin's password policy (issue 18 item 4; NIST SP 800-63B §3.1.1.2, which CJIS 5.6.2.1 follows), on
 * top of the rules the spec lists on the change-password screen (contract PASSWORD_RULES, checked by
 * ZNewPassword): a minimum length (PASSWORD_MIN_LENGTH, default 12), not in the offline list of
 * common and breached passwords shipped with Odin (@zxcvbn-ts/language-common: about 49,000
 * passwords seen in breaches), not the username, not one of the user's last 5 passwords.
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { verifyPassword } from "@odin/db";
import { AppError } from "../lib/app-error";
import type { Database, Transaction } from "../lib/database";
import { findRecentPasswordHashes, PASSWORD_HISTORY_DEPTH } from "./password-history.repository";

export { PASSWORD_HISTORY_DEPTH };
export const DEFAULT_PASSWORD_MIN_LENGTH = 12;

export const POLICY_MESSAGES = {
  tooShort: (min: number) => `At least ${min} characters`,
  common:
    "Not a common or breached password: this one is in the list Odin ships of passwords seen in breaches",
  username: "Not the username",
  reused: `Not one of your last ${PASSWORD_HISTORY_DEPTH} passwords`,
  currentRequired: "Enter your current password.",
  currentWrong: "The current password is not correct.",
} as const;

/** Odin's rules as listed beside the spec's on a password form. */
export function policyRuleList(minLength: number): string[] {
  return [
    POLICY_MESSAGES.tooShort(minLength),
    "Not a common or breached password",
    POLICY_MESSAGES.username,
    POLICY_MESSAGES.reused,
  ];
}

let common: Set<string> | undefined;

/** True when the password (case-insensitively) is in the shipped list of common and breached passwords. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}

type Db = Database | Transaction;

export interface PolicySubject {
  /** Null for an account not created yet. */
  id: number | null;
  username: string;
  passwordHash?: string | null;
}

/** The rules the password breaks (their messages); empty when it may be set. */
export async function passwordPolicyProblems(
  db: Db,
  minLength: number,
  user: PolicySubject,
  password: string,
): Promise<string[]> {
  const problems: string[] = [];
  if ([...password].length < minLength) problems.push(POLICY_MESSAGES.tooShort(minLength));
  if (isCommonPassword(password)) problems.push(POLICY_MESSAGES.common);
  if (password.trim().toLowerCase() === user.username.trim().toLowerCase())
    problems.push(POLICY_MESSAGES.username);
  if (user.id !== null && (await isRecentPassword(db, user, password))) problems.push(POLICY_MESSAGES.reused);
  return problems;
}

/** Refuses with 400 VALIDATION_FAILED naming every rule broken, on the new_password field. */
export async function assertPasswordPolicy(
  db: Db,
  minLength: number,
  user: PolicySubject,
  password: string,
  field = "new_password",
): Promise<void> {
  const problems = await passwordPolicyProblems(db, minLength, user, password);
  if (problems.length === 0) return;
  throw new AppError(
    "VALIDATION_FAILED",
    `The new password does not meet the password rules: ${problems.join("; ")}.`,
    problems.map((message) => ({ path: field, message })),
  );
}

async function isRecentPassword(db: Db, user: PolicySubject, password: string): Promise<boolean> {
  const hashes = await findRecentPasswordHashes(db, user.id!, PASSWORD_HISTORY_DEPTH);
  if (user.passwordHash && !hashes.includes(user.passwordHash)) hashes.unshift(user.passwordHash);
  for (const hash of hashes.slice(0, PASSWORD_HISTORY_DEPTH)) {
    if (await verifyPassword(password, hash)) return true;
  }
  return false;
}
