import { MESSAGES, USER_CSV_COLUMNS, ZAddUserRequest, type TBulkUploadResponse } from "@odin/contract";
import type { ProvisionedAccount } from "../../identity/idp-admin/identity-admin";
import { AppError } from "../../lib/app-error";
import { inTransaction } from "../../lib/database";
import type { Actor } from "../../access/actor";
import { writeAudit } from "../../lib/audit-rows.repository";
import { atProvider, type UserAdminDeps } from "./admin-deps";
import { clashReason, isReservedUsername, signInFieldIssues, type NewUser } from "./add-user.service";
import { findNameClashes, insertUsers, isUniqueViolation } from "./users.repository";
import { readUploadedCsv, rejectRows, type RowError } from "./csv-upload";

/** The template: the header row only, so uploading it unchanged adds nobody by accident. */
export const USER_CSV_TEMPLATE = `${USER_CSV_COLUMNS.join(",")}\r\n`;
/** Issue 34: with the agency's identity provider, no password column, and the optional subject instead. */
export const PROVIDER_USER_CSV_TEMPLATE = `${[...USER_CSV_COLUMNS.filter((column) => column !== "password"), "idp_subject"].join(",")}\r\n`;
export const USER_CSV_MAX_ROWS = 500;

const ZUserRow = ZAddUserRequest.omit({ agency_id: true });

/**
 * POST /bulk-upload-users: every row is checked (the add-user rules, repeats within the file, names
 * already taken) before anything is written; one bad row rejects the file with every reason by line.
 * Then the accounts are made and the rows written in one transaction with one audit row.
 */
export async function uploadUsers(
  deps: UserAdminDeps,
  actor: Actor,
  agencyId: number,
  file: Buffer | undefined,
): Promise<TBulkUploadResponse> {
  // With an agency's provider that keeps passwords (issue 34) the password column may be left out, and
  // an idp_subject column may bind accounts at once.
  const table = readUploadedCsv(file, {
    required: USER_CSV_COLUMNS.filter(
      (column) => column !== "role" && (column !== "password" || deps.identityAdmin.takesPasswords),
    ),
    allowed: [...USER_CSV_COLUMNS, "idp_subject"],
    maxRows: USER_CSV_MAX_ROWS,
  });
  const errors: RowError[] = [];
  const users: { line: number; user: NewUser }[] = [];
  const seen = new Map<string, number>();
  for (const { line, values } of table.rows) {
    const parsed = ZUserRow.safeParse(values);
    if (!parsed.success) {
      // One line per field: "password: An uppercase letter; A digit".
      const byField = new Map<string, string[]>();
      for (const issue of parsed.error.issues) {
        const field = issue.path.join(".") || "row";
        byField.set(field, [...(byField.get(field) ?? []), issue.message]);
      }
      for (const [field, reasons] of byField)
        errors.push({ line, message: `${field}: ${reasons.join("; ")}` });
      continue;
    }
    const user = parsed.data;
    const fieldIssues = signInFieldIssues(deps, user);
    if (fieldIssues.length) {
      for (const issue of fieldIssues) errors.push({ line, message: `${issue.path}: ${issue.message}` });
      continue;
    }
    if (isReservedUsername(deps, user.username)) {
      errors.push({ line, message: `username: '${user.username}' is reserved for the owner account.` });
      continue;
    }
    const repeats = [`username:${user.username.toLowerCase()}`, `email:${user.email}`]
      .map((key) => ({ key, first: seen.get(key) }))
      .find(({ first }) => first !== undefined);
    if (repeats) {
      errors.push({ line, message: `${repeats.key.split(":")[0]} repeats line ${repeats.first}.` });
      continue;
    }
    seen.set(`username:${user.username.toLowerCase()}`, line);
    seen.set(`email:${user.email}`, line);
    users.push({ line, user });
  }

  const clashes = await findNameClashes(
    deps.prisma,
    users.map(({ user }) => user.username),
    users.map(({ user }) => user.email),
  );
  for (const { line, user } of users) {
    const reason = clashes.map((existing) => clashReason(user, existing)).find(Boolean);
    if (reason) errors.push({ line, message: reason });
  }
  rejectRows(errors);

  const accounts = await provisionAll(deps, users);
  try {
    await inTransaction(deps.prisma, async (tx) => {
      await insertUsers(
        tx,
        users.map(({ user }, index) => ({
          username: user.username,
          name: user.name,
          email: user.email,
          role: user.role,
          agencyId,
          approved: true,
          idpSubject: user.idp_subject ?? accounts[index]!.idpSubject,
          passwordHash: accounts[index]!.passwordHash,
        })),
      );
      await writeAudit(tx, actor, {
        action: "users_uploaded",
        detail: {
          count: users.length,
          agency_id: agencyId,
          usernames: users.map(({ user }) => user.username),
        },
      });
    });
  } catch (error) {
    await removeAll(deps, accounts);
    if (isUniqueViolation(error))
      throw new AppError("CONFLICT", "A username or e-mail of the file was just taken.");
    throw error;
  }
  return { success: true, message: MESSAGES.usersUploaded(users.length), added: users.length, errors: [] };
}

/**
 * Makes every account at the provider. Built-in hashing runs side by side (scrypt works off the main
 * thread); an external provider is called one account at a time, and a refusal undoes the others.
 */
async function provisionAll(
  deps: UserAdminDeps,
  users: { line: number; user: NewUser }[],
): Promise<ProvisionedAccount[]> {
  if (deps.identityAdmin.odinKeepsPasswords) {
    return Promise.all(users.map(({ user }) => deps.identityAdmin.createAccount(user)));
  }
  const made: ProvisionedAccount[] = [];
  for (const { line, user } of users) {
    try {
      made.push(await atProvider(() => deps.identityAdmin.createAccount(user)));
    } catch (error) {
      await removeAll(deps, made);
      if (error instanceof AppError) throw new AppError(error.code, `Line ${line}: ${error.message}`);
      throw error;
    }
  }
  return made;
}

async function removeAll(deps: Pick<UserAdminDeps, "identityAdmin">, accounts: ProvisionedAccount[]) {
  for (const account of accounts) {
    if (account.idpSubject) await deps.identityAdmin.removeAccount(account.idpSubject);
  }
}
