import { parseArgs } from "node:util";
import { processEnv } from "../config/env";
import { AppError } from "../lib/app-error";
import { ZNewPassword } from "@odin/contract";
import type { User } from "@odin/db";
import type { Database } from "../lib/database";
import { findOwnerAccount, replaceOwnerPassword } from "../modules/setup/setup.repository";
import { createOwner, SETUP_MESSAGES, ZOwnerSetup } from "../modules/setup/setup.service";
import { assertPasswordPolicy } from "../identity/password-policy";
import { withDatabase } from "./database";
import { ask, readAll, type Terminal } from "./prompt";

export const SETUP_USAGE = `Usage: odin setup [--username NAME] [--name "FULL NAME"] [--email ADDRESS]
                  [--password-stdin | --subject SUB]
       odin setup --reset-owner-password [--password-stdin]

Creates Odin's first owner, the one cross-agency account, in an empty installation.
  --username        must be OWNER_USERNAME (default: owner); asked for when omitted
  --name, --email   the owner's full name and e-mail; asked for when omitted
  --password-stdin  read the password from standard input (scripts); otherwise it is asked for, hidden;
                    it meets everyone's password policy (PASSWORD_MIN_LENGTH, no common or breached one)
  --subject         with an external issuer (OIDC_ISSUER): the owner's 'sub' there; no password is kept
  --reset-owner-password
                    the existing owner gets a new password (built-in sign-in), its lockout is lifted
                    and its sessions end: the way back in when the owner is locked out
Exit status: 0 the owner was created (or already exists with this e-mail), 1 refused, 2 usage.`;

/**
 * `odin setup`: flags first; whatever is missing is asked on the terminal (refused without one).
 * `env` is the configuration's source (the process's environment from the command line).
 */
export async function setupCommand(
  args: string[],
  terminal: Terminal,
  env: NodeJS.ProcessEnv = processEnv(),
): Promise<number> {
  let flags;
  try {
    flags = parseArgs({
      args,
      options: {
        username: { type: "string" },
        name: { type: "string" },
        email: { type: "string" },
        subject: { type: "string" },
        "password-stdin": { type: "boolean" },
        "reset-owner-password": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${SETUP_USAGE}`);
    return 2;
  }
  if (flags.help) {
    console.log(SETUP_USAGE);
    return 0;
  }

  return withDatabase(async (prisma, config) => {
    const odinKeepsPasswords = config.identityAdmin.kind === "built-in";
    const existing = await findOwnerAccount(prisma, config.ownerUsername);
    if (flags["reset-owner-password"]) {
      return resetOwnerPassword(
        existing,
        odinKeepsPasswords,
        Boolean(flags["password-stdin"]),
        terminal,
        prisma,
        config.passwords.minLength,
      );
    }
    if (existing) {
      const same = flags.email?.trim().toLowerCase() === existing.email;
      (same ? console.log : console.error)(SETUP_MESSAGES.ownerExists(existing.username));
      return same ? 0 : 1;
    }

    const interactive = isInteractive(terminal, Boolean(flags["password-stdin"]));
    const value = async (given: string | undefined, question: string, flag: string, fallback?: string) => {
      if (given !== undefined) return given;
      if (fallback !== undefined && !interactive) return fallback;
      if (!interactive)
        throw new AppError("VALIDATION_FAILED", `${flag} is required (no terminal to ask on).`);
      const answer = await ask(terminal, fallback ? `${question} [${fallback}]: ` : `${question}: `);
      return answer.trim() || (fallback ?? "");
    };

    try {
      const username = await value(flags.username, "Owner's username", "--username", config.ownerUsername);
      const name = await value(flags.name, "Full name", "--name");
      const email = await value(flags.email, "E-mail", "--email");
      let password: string | undefined;
      if (odinKeepsPasswords && !flags.subject) {
        if (flags["password-stdin"]) password = await readAll(terminal.input);
        else if (interactive) {
          password = await ask(terminal, "Password: ", true);
          if ((await ask(terminal, "Password again: ", true)) !== password)
            throw new AppError("VALIDATION_FAILED", SETUP_MESSAGES.passwordsDiffer);
        } else
          throw new AppError("VALIDATION_FAILED", "--password-stdin is required (no terminal to ask on).");
      }
      const parsed = ZOwnerSetup.safeParse({ username, name, email, password, subject: flags.subject });
      if (!parsed.success) {
        throw new AppError(
          "VALIDATION_FAILED",
          [...new Set(parsed.error.issues.map((i) => i.message))].join("; "),
        );
      }
      const deps = {
        prisma,
        ownerUsername: config.ownerUsername,
        odinKeepsPasswords,
        passwordMinLength: config.passwords.minLength,
      };
      const owner = await createOwner(deps, parsed.data, { via: "command", ip: null, requestId: null });
      console.log(
        `The owner '${owner.username}' was created. Sign in at ${config.publicUrl}, open Owner, ` +
          `and add your agency and its first admin.`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      console.error(`Setup refused: ${error.message}`);
      return 1;
    }
  }, env);
}

const isInteractive = (terminal: Terminal, passwordStdin: boolean) =>
  Boolean(terminal.input.isTTY) && !passwordStdin;

/** From standard input (--password-stdin), or asked twice on the terminal, hidden. */
async function readPassword(terminal: Terminal, passwordStdin: boolean): Promise<string> {
  if (passwordStdin) return readAll(terminal.input);
  if (!isInteractive(terminal, false))
    throw new AppError("VALIDATION_FAILED", "--password-stdin is required (no terminal to ask on).");
  const password = await ask(terminal, "Password: ", true);
  if ((await ask(terminal, "Password again: ", true)) !== password)
    throw new AppError("VALIDATION_FAILED", SETUP_MESSAGES.passwordsDiffer);
  return password;
}

async function resetOwnerPassword(
  owner: User | null,
  odinKeepsPasswords: boolean,
  passwordStdin: boolean,
  terminal: Terminal,
  prisma: Database,
  passwordMinLength: number,
): Promise<number> {
  try {
    if (!owner || owner.deletedAt) throw new AppError("NOT_FOUND", "Odin has no owner yet: run odin setup.");
    if (!odinKeepsPasswords)
      throw new AppError(
        "CONFLICT",
        "The owner signs in through your identity provider: reset the password there.",
      );
    const parsed = ZNewPassword.safeParse(await readPassword(terminal, passwordStdin));
    if (!parsed.success)
      throw new AppError("VALIDATION_FAILED", parsed.error.issues.map((i) => i.message).join("; "));
    // The same policy as everyone's: length, the breached list, not the username, not a recent one.
    await assertPasswordPolicy(prisma, passwordMinLength, owner, parsed.data, "password");
    await replaceOwnerPassword(prisma, owner, parsed.data);
    console.log(
      `The owner '${owner.username}' has a new password and can sign in again; its other sessions ended.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error(`Refused: ${error.message}`);
    return 1;
  }
}
