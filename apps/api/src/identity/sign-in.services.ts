import type { SecretBox } from "@odin/db";
import type { Database } from "../lib/database";
import { findUserById } from "./accounts.repository";
import { enrolAtSignIn, finishEnrolledSignIn, signInWithCode } from "./mfa/mfa-sign-in";
import { enrolmentInProgress } from "./mfa/mfa.service";
import { signInWithPassword } from "./password-sign-in";
import { addressWaitSeconds, type AddressLimit } from "./sign-in-failures.repository";

type From = { ip: string; requestId: string };

/**
 * What the built-in provider's sign-in pages receive (issue 39 item 2): the password step, the second
 * factor (a code, or its first set-up) and the per-address limit, bound to the database and the secrets
 * that seal the second factors.
 */
export function signInServiceFactory({
  database,
  secrets,
  lockoutMs,
  signInLimit,
}: {
  database: Database;
  secrets: SecretBox;
  lockoutMs: number;
  /** SIGN_IN_FAILURES_PER_ADDRESS: failed sign-ins per address across usernames. */
  signInLimit?: AddressLimit;
}) {
  const mfaDeps = { prisma: database, secrets, builtIn: true, lockoutMs };
  return {
    /** Seconds an address must wait after too many failures across usernames (0: it may try). */
    addressWaitSeconds: async (ip: string) =>
      signInLimit && signInLimit.max > 0 ? addressWaitSeconds(database, ip, new Date(), signInLimit) : 0,
    signInWithPassword: (username: string, password: string, from: From) =>
      signInWithPassword(database, username, password, new Date(), from, lockoutMs, signInLimit),
    /** The set-up under way of a user who must add a second factor at sign-in. */
    enrolmentOf: async (userId: number) => enrolmentInProgress(mfaDeps, await findUserById(database, userId)),
    signInWithCode: (userId: number, code: string, from: From) => signInWithCode(mfaDeps, userId, code, from),
    enrolAtSignIn: (userId: number, code: string, from: From) => enrolAtSignIn(mfaDeps, userId, code, from),
    finishEnrolledSignIn: (userId: number, from: From) => finishEnrolledSignIn(database, userId, from),
  };
}
export type SignInService = ReturnType<typeof signInServiceFactory>;
