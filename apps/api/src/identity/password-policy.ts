/**
 * Odin's password policy (issue 18 item 4; NIST SP 800-63B §3.1.1.2, which CJIS 5.6.2.1 follows), on
 * top of the rules the spec lists on the change-password screen (contract PASSWORD_RULES, checked by
 * ZNewPassword): a minimum length (PASSWORD_MIN_LENGTH, default 12), not in the offline list of
 * common and breached passwords shipped with Odin (@zxcvbn-ts/language-common: about 49,000
 * passwords seen in breaches), nor one of its words, or a season, month or day, dressed up with a
 * capital, digits and symbols (`Password123!`, `Summer2025!`), not the username, not one of the
 * user's last 5 passwords. The owner's password meets the same policy (setup page, `odin setup`).
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
  commonWord:
    "Not a common word with digits or symbols added (like Password1! or Summer2025!): add more words instead",
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
    "Not a common word with digits or symbols added",
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

/**
 * Words people dress up with a capital, digits and a "!" (seasons, months, days, the product and its
 * users' trade): most are in the breached list already, listed here so the rule does not depend on it.
 */
const DRESSED_UP_WORDS = new Set([
  ..."spring summer autumn fall winter".split(" "),
  ..."january february march april may june july august september october november december".split(" "),
  ..."monday tuesday wednesday thursday friday saturday sunday".split(" "),
  ..."password passw0rd welcome changeme letmein qwerty admin administrator login secret".split(" "),
  ..."police sheriff officer trooper deputy detective patrol badge station precinct odin".split(" "),
]);

// Look-alike characters ("P@ssw0rd"), read back as the letters they stand for.
const LOOK_ALIKES: Record<string, string> = {
  "@": "a",
  "4": "a",
  "0": "o",
  "1": "i",
  "3": "e",
  $: "s",
  "5": "s",
  "7": "t",
};

/**
 * True when the password is one word of the breached list (or of DRESSED_UP_WORDS) with only a
 * capital, digits and symbols added before or after it: `Password123!`, `Welcome2024!`, `P@ssw0rd1`.
 * These meet every composition rule and are among the first guesses of any password sprayer.
 */
export function isDressedUpCommonWord(password: string): boolean {
  const core = password
    .toLowerCase()
    .replace(/[^\p{L}]+$/u, "")
    .replace(/^[^\p{L}]+/u, "");
  if (core.length < 3) return false;
  const plain = [...core].map((char) => LOOK_ALIKES[char] ?? char).join("");
  return [core, plain].some(
    (word) => /^\p{L}+$/u.test(word) && (DRESSED_UP_WORDS.has(word) || isCommonPassword(word)),
  );
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
  else if (isDressedUpCommonWord(password)) problems.push(POLICY_MESSAGES.commonWord);
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
