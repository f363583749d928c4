import { ZAddUserRequest, ZNewPassword } from "@odin/contract";
import { generateToken, type User } from "@odin/db";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import { assertPasswordPolicy, DEFAULT_PASSWORD_MIN_LENGTH } from "../../identity/password-policy";
import { isUniqueViolation } from "../admin/users.repository";
import {
  findOwnerAccount,
  findSetupToken,
  insertOwner,
  replaceSetupTokens,
  useSetupToken,
} from "./setup.repository";
import type { Database } from "../../lib/database";

/** How long a printed setup link works. */
export const SETUP_LINK_TTL_MS = 60 * 60 * 1000;

export interface SetupDeps {
  prisma: Database;
  /** OWNER_USERNAME: the setup creates exactly this account. */
  ownerUsername: string;
  /** True with the built-in provider (Odin keeps the password); false with an external issuer. */
  odinKeepsPasswords: boolean;
  /** PASSWORD_MIN_LENGTH (12 when not given): the owner's password meets everyone's policy. */
  passwordMinLength?: number;
}

export const SETUP_MESSAGES = {
  ownerExists: (username: string) => `Odin already has its owner ('${username}'): nothing was changed.`,
  wrongUsername: (ownerUsername: string, given: string) =>
    `The owner's username is set by OWNER_USERNAME, which is '${ownerUsername}'. Use '${ownerUsername}', ` +
    `or set OWNER_USERNAME=${given} for Odin and for this setup.`,
  subjectRequired:
    "Odin signs in through an external issuer here: give the owner's subject (the 'sub' of their tokens at the issuer).",
  passwordRequired: "A password is required for Odin's built-in sign-in.",
  emailTaken: (email: string) => `The e-mail '${email}' is already used by another account.`,
  linkInvalid:
    "This setup link is not valid: it has expired, was already used, or is from an earlier start. " +
    "Restart Odin to print a new link, or create the owner on the server with `odin setup`.",
  passwordsDiffer: "The two passwords differ.",
} as const;

/** What the owner's setup takes: the add-user fields (same rules), a password or an issuer's subject. */
export const ZOwnerSetup = z.object({
  username: ZAddUserRequest.shape.username,
  name: ZAddUserRequest.shape.name,
  email: ZAddUserRequest.shape.email,
  password: ZNewPassword.optional(),
  subject: z.string().trim().min(1).max(255).optional(),
});
export type TOwnerSetup = z.infer<typeof ZOwnerSetup>;

export interface SetupOrigin {
  via: "command" | "setup page";
  ip: string | null;
  requestId: string | null;
  /** The page's one-time link: consumed in the same transaction that creates the owner. */
  token?: string;
}

/** Whether Odin still needs its owner (no account named OWNER_USERNAME, deleted or not). */
export async function needsOwner(deps: Pick<SetupDeps, "prisma" | "ownerUsername">): Promise<boolean> {
  return !(await findOwnerAccount(deps.prisma, deps.ownerUsername));
}

/**
 * Creates the first owner. Refuses when an owner exists (CONFLICT, naming it), when the username is
 * not OWNER_USERNAME, and when the built-in provider gets no password or an external issuer no
 * subject. Only one of two concurrent setups can win: the username is unique, and a page's token is
 * consumed conditionally in the same transaction.
 */
export async function createOwner(deps: SetupDeps, input: TOwnerSetup, origin: SetupOrigin): Promise<User> {
  if (input.username.toLowerCase() !== deps.ownerUsername.toLowerCase()) {
    throw new AppError(
      "VALIDATION_FAILED",
      SETUP_MESSAGES.wrongUsername(deps.ownerUsername, input.username),
      [{ path: "username", message: SETUP_MESSAGES.wrongUsername(deps.ownerUsername, input.username) }],
    );
  }
  if (deps.odinKeepsPasswords && !input.password) {
    throw new AppError("VALIDATION_FAILED", SETUP_MESSAGES.passwordRequired, [
      { path: "password", message: SETUP_MESSAGES.passwordRequired },
    ]);
  }
  if (!deps.odinKeepsPasswords && !input.subject) {
    throw new AppError("VALIDATION_FAILED", SETUP_MESSAGES.subjectRequired, [
      { path: "subject", message: SETUP_MESSAGES.subjectRequired },
    ]);
  }
  const existing = await findOwnerAccount(deps.prisma, deps.ownerUsername);
  if (existing) throw new AppError("CONFLICT", SETUP_MESSAGES.ownerExists(existing.username));
  if (deps.odinKeepsPasswords && input.password)
    await assertPasswordPolicy(
      deps.prisma,
      deps.passwordMinLength ?? DEFAULT_PASSWORD_MIN_LENGTH,
      { id: null, username: deps.ownerUsername },
      input.password,
      "password",
    );

  const now = new Date();
  const { token } = origin;
  try {
    return await insertOwner(
      deps.prisma,
      {
        username: deps.ownerUsername,
        name: input.name,
        email: input.email,
        password: deps.odinKeepsPasswords ? (input.password ?? null) : null,
        subject: input.subject ?? null,
      },
      origin,
      token === undefined
        ? undefined
        : async (tx) => {
            if (!(await useSetupToken(tx, token, now)))
              throw new AppError("FORBIDDEN", SETUP_MESSAGES.linkInvalid);
          },
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const owner = await findOwnerAccount(deps.prisma, deps.ownerUsername);
    if (owner) throw new AppError("CONFLICT", SETUP_MESSAGES.ownerExists(owner.username));
    throw new AppError("CONFLICT", SETUP_MESSAGES.emailTaken(input.email));
  }
}

/**
 * The one-time setup link of this start (only its token's hash is stored), valid for
 * SETUP_LINK_TTL_MS. Links printed by earlier starts stop working (one transaction), so a link
 * left in an old log or terminal cannot create the owner; the owner's creation ends them all.
 */
export async function issueSetupToken(prisma: Database, now = new Date()) {
  const token = generateToken(24);
  const expiresAt = new Date(now.getTime() + SETUP_LINK_TTL_MS);
  await replaceSetupTokens(prisma, token, expiresAt);
  return { token, expiresAt };
}

/** Whether a link's token may open the page now (it is checked again, atomically, when used). */
export async function isSetupTokenValid(prisma: Database, token: string | undefined, now = new Date()) {
  if (!token || token.length > 200) return false;
  const row = await findSetupToken(prisma, token);
  return Boolean(row && !row.usedAt && row.expiresAt > now);
}

/** What the setup page's routes receive (issue 39 item 2): the owner's creation and its one-time links. */
export function setupServiceFactory(deps: SetupDeps) {
  return {
    ownerUsername: deps.ownerUsername,
    odinKeepsPasswords: deps.odinKeepsPasswords,
    passwordMinLength: deps.passwordMinLength,
    needsOwner: () => needsOwner(deps),
    isSetupTokenValid: (token: string | undefined) => isSetupTokenValid(deps.prisma, token),
    createOwner: (input: TOwnerSetup, origin: SetupOrigin) => createOwner(deps, input, origin),
  };
}
export type SetupService = ReturnType<typeof setupServiceFactory>;
