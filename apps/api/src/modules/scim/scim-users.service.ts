import type { User } from "@odin/db";
import { inTransaction, type Transaction } from "../../lib/database";
import { writeAuditFor } from "../../lib/audit-rows.repository";
import {
  detachDeletedUser,
  findNameClashes,
  insertUser,
  isUniqueViolation,
  revokeUserSessions,
  updateUser,
} from "../admin/users.repository";
import {
  applyUserPatch,
  displayNameOf,
  listResponse,
  parseEqFilter,
  readPage,
  readPatchOperations,
  readUserResource,
  replaceUserResource,
  scimNameOf,
  ScimError,
  userResource,
  userStateOf,
  type ScimUserState,
} from "./scim-protocol";
import { scimBaseUrl, type ScimClient, type ScimDeps } from "./scim-token.service";
import {
  findExternalIdHolder,
  findScimUser,
  findScimUsers,
  removeUserFromScimGroups,
  type ScimUserFilter,
} from "./scim.repository";

/** A SCIM id of a user: Odin's user id, as a string of digits. */
export function readUserId(id: string): number | null {
  return /^\d{1,9}$/.test(id) ? Number(id) : null;
}

async function findUserOr404(deps: ScimDeps, client: ScimClient, id: string) {
  const userId = readUserId(id);
  const user =
    userId === null ? null : await findScimUser(deps.prisma, client.agencyId, deps.ownerUsername, userId);
  if (!user) throw new ScimError(404, `User ${id} not found.`);
  return user;
}

/** GET /Users: the agency's users, filtered by `userName eq`, `externalId eq`, `emails… eq`, `id eq`. */
export async function listUsers(
  deps: ScimDeps,
  client: ScimClient,
  query: { filter?: unknown; startIndex?: unknown; count?: unknown },
) {
  const { startIndex, count } = readPage(query);
  const filter: ScimUserFilter = {};
  let impossible = false;
  if (typeof query.filter === "string" && query.filter.trim()) {
    for (const term of parseEqFilter(query.filter, ["username", "externalid", "emails", "id"])) {
      const value = term.value === null ? null : String(term.value);
      if (term.attribute === "username") filter.userName = value ?? "";
      else if (term.attribute === "emails") filter.email = value ?? "";
      else if (term.attribute === "externalid") filter.externalId = value;
      else {
        const id = value === null ? null : readUserId(value);
        if (id === null) impossible = true;
        else filter.id = id;
      }
    }
  }
  const { rows, total } = impossible
    ? { rows: [], total: 0 }
    : await findScimUsers(deps.prisma, client.agencyId, deps.ownerUsername, filter, startIndex - 1, count);
  const base = scimBaseUrl(deps.publicUrl);
  return listResponse(
    rows.map((row) => userResource(row, base)),
    total,
    startIndex,
  );
}

export async function getUser(deps: ScimDeps, client: ScimClient, id: string) {
  return userResource(await findUserOr404(deps, client, id), scimBaseUrl(deps.publicUrl));
}

function conflict(detail: string): ScimError {
  return new ScimError(409, detail, "uniqueness");
}

/**
 * The user a new or changed state would clash with, as a 409 uniqueness: the owner's name, another
 * account's username (without regard to case) or e-mail (deleted accounts keep theirs), another user
 * of the agency with the same external id.
 */
async function checkUnique(
  deps: ScimDeps,
  client: ScimClient,
  state: ScimUserState,
  self: User | null,
): Promise<{ restorable: User | null }> {
  if (state.userName.toLowerCase() === deps.ownerUsername.toLowerCase()) {
    throw conflict(`The userName '${state.userName}' is reserved for Odin's owner account.`);
  }
  if (/^SCIM client \(token #\d+\)$/i.test(state.userName)) {
    throw conflict(`The userName '${state.userName}' is reserved for SCIM's audit rows.`);
  }
  const clashes = (
    await findNameClashes(deps.prisma, [state.userName], state.email ? [state.email] : [])
  ).filter((user) => user.id !== self?.id);
  // A deleted account of this agency with the same username comes back (Entra ID and Okta re-create
  // a person removed and then assigned again): the person keeps one identity in the audit trail.
  const [only] = clashes;
  const restorable =
    !self &&
    clashes.length === 1 &&
    only!.deletedAt &&
    only!.agencyId === client.agencyId &&
    only!.username.toLowerCase() === state.userName.toLowerCase()
      ? only!
      : null;
  if (!restorable && clashes.length > 0) {
    const live = [...clashes].sort((a, b) => Number(Boolean(a.deletedAt)) - Number(Boolean(b.deletedAt)))[0]!;
    const kept = live.deletedAt ? " (a deleted account keeps it for the audit trail)" : "";
    throw conflict(
      live.username.toLowerCase() === state.userName.toLowerCase()
        ? `The userName '${state.userName}' is already taken${kept}.`
        : `The e-mail '${state.email}' is already taken${kept}.`,
    );
  }
  if (state.externalId) {
    const holder = await findExternalIdHolder(
      deps.prisma,
      client.agencyId,
      state.externalId,
      self?.id ?? restorable?.id,
    );
    if (holder && !holder.deletedAt)
      throw conflict(`The externalId '${state.externalId}' is already another user's.`);
  }
  return { restorable };
}

/** The columns of a SCIM user state. */
interface UserColumns {
  username: string;
  name: string;
  email: string;
  scimExternalId: string | null;
  scimName: Record<string, string>;
}

function columnsOf(state: ScimUserState): UserColumns {
  return {
    username: state.userName,
    name: displayNameOf(state),
    email: state.email!,
    scimExternalId: state.externalId,
    scimName: scimNameOf(state),
  };
}

function emailFor(state: ScimUserState): ScimUserState {
  if (state.email) return state;
  // No e-mail in the resource: a userName that is one (Entra ID's UPN, Okta's login) serves.
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(state.userName))
    return { ...state, email: state.userName.toLowerCase() };
  throw new ScimError(
    400,
    "Odin needs an e-mail address: send emails, or a userName that is one.",
    "invalidValue",
  );
}

type Changed = string | null | Record<string, string>;

/** What changed between two states, for the audit row (`active` has audit rows of its own). */
function changesOf(
  before: ScimUserState,
  after: ScimUserState,
): Record<string, { from: Changed; to: Changed }> {
  const changes: Record<string, { from: Changed; to: Changed }> = {};
  const compare = (key: string, from: Changed, to: Changed) => {
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  };
  compare("userName", before.userName, after.userName);
  compare("email", before.email, after.email);
  compare("externalId", before.externalId, after.externalId);
  compare("displayName", before.displayName, after.displayName);
  compare("name", before.name as Record<string, string>, after.name as Record<string, string>);
  return changes;
}

/**
 * Writes a changed state of an existing user with its audit rows: `scim_user_updated` for attributes,
 * `scim_user_deactivated` (deactivated_at set, every session ended at once: sessions.revoked_at and
 * users.tokens_not_before) or `scim_user_reactivated` (deactivated_at cleared) for `active`.
 */
async function writeUserState(
  tx: Transaction,
  client: ScimClient,
  user: User,
  before: ScimUserState,
  after: ScimUserState,
): Promise<User> {
  const changes = changesOf(before, after);
  const who = { user_id: user.id, username: user.username };
  let row = user;
  if (Object.keys(changes).length > 0) {
    await writeAuditFor(tx, client.audit, {
      action: "scim_user_updated",
      detail: { ...who, changes, scim_token_id: client.tokenId },
    });
    row = await updateUser(tx, user.id, columnsOf(after));
  }
  if (before.active && !after.active) {
    const now = new Date();
    await writeAuditFor(tx, client.audit, {
      action: "scim_user_deactivated",
      detail: { ...who, scim_token_id: client.tokenId },
    });
    row = await updateUser(tx, user.id, { deactivatedAt: now });
    await revokeUserSessions(tx, user.id, now);
  } else if (!before.active && after.active) {
    await writeAuditFor(tx, client.audit, {
      action: "scim_user_reactivated",
      detail: { ...who, scim_token_id: client.tokenId },
    });
    row = await updateUser(tx, user.id, { deactivatedAt: null });
  }
  return row;
}

function translateUnique(error: unknown): never {
  if (isUniqueViolation(error))
    throw conflict("The userName, e-mail or externalId was just taken by another account.");
  throw error;
}

/**
 * POST /Users: a pending account of the token's agency (role user, approved, no password, no subject
 * yet: it is linked at the person's first sign-in through the agency's identity provider, by its
 * verified e-mail or by `sub`/`oid` equal to the externalId).
 */
export async function createUser(deps: ScimDeps, client: ScimClient, body: unknown) {
  const state = emailFor(readUserResource(body));
  const { restorable } = await checkUnique(deps, client, state, null);
  const now = new Date();
  try {
    const user = await inTransaction(deps.prisma, async (tx) => {
      const columns = columnsOf(state);
      const row = restorable
        ? await updateUser(tx, restorable.id, {
            ...columns,
            deletedAt: null,
            deactivatedAt: state.active ? null : now,
            role: "user",
            hotlistAdmin: false,
            hotlistViewer: false,
            auditor: false,
            lockedAt: null,
            failedLoginCount: 0,
            firstFailedLoginAt: null,
          })
        : await insertUser(tx, {
            ...columns,
            agencyId: client.agencyId,
            role: "user",
            approved: true,
            idpSubject: null,
            passwordHash: null,
            deactivatedAt: state.active ? null : now,
          });
      await writeAuditFor(tx, client.audit, {
        action: "scim_user_created",
        detail: {
          user_id: row.id,
          username: row.username,
          email: row.email,
          external_id: row.scimExternalId,
          active: state.active,
          scim_token_id: client.tokenId,
          ...(restorable ? { restored: true } : {}),
        },
      });
      return row;
    });
    return userResource(user, scimBaseUrl(deps.publicUrl));
  } catch (error) {
    return translateUnique(error);
  }
}

/** PUT /Users/{id}: the resource replaced (scim-protocol.ts replaceUserResource). */
export async function replaceUser(deps: ScimDeps, client: ScimClient, id: string, body: unknown) {
  const user = await findUserOr404(deps, client, id);
  const before = userStateOf(user);
  return saveUser(deps, client, user, before, replaceUserResource(before, body));
}

/** PATCH /Users/{id}: Entra ID's and Okta's PatchOp shapes (scim-protocol.ts applyUserPatch). */
export async function patchUser(deps: ScimDeps, client: ScimClient, id: string, body: unknown) {
  const operations = readPatchOperations(body);
  const user = await findUserOr404(deps, client, id);
  const before = userStateOf(user);
  return saveUser(deps, client, user, before, applyUserPatch(before, operations));
}

async function saveUser(
  deps: ScimDeps,
  client: ScimClient,
  user: User,
  before: ScimUserState,
  after: ScimUserState,
) {
  await checkUnique(deps, client, after, user);
  try {
    const row = await inTransaction(deps.prisma, (tx) => writeUserState(tx, client, user, before, after));
    return userResource(row, scimBaseUrl(deps.publicUrl));
  } catch (error) {
    return translateUnique(error);
  }
}

/**
 * DELETE /Users/{id}: the admin's soft delete (deleted_at; every session ended at once; unused reset
 * links voided; out of every hotlist group), and out of the agency's SCIM groups. The row stays for the
 * audit trail; a later POST of the same userName brings it back.
 */
export async function deleteUser(deps: ScimDeps, client: ScimClient, id: string): Promise<void> {
  const user = await findUserOr404(deps, client, id);
  const now = new Date();
  await inTransaction(deps.prisma, async (tx) => {
    await writeAuditFor(tx, client.audit, {
      action: "scim_user_deleted",
      detail: {
        user_id: user.id,
        username: user.username,
        email: user.email,
        role: user.role,
        external_id: user.scimExternalId,
        scim_token_id: client.tokenId,
      },
    });
    await updateUser(tx, user.id, { deletedAt: now, scimExternalId: null });
    await revokeUserSessions(tx, user.id, now);
    await detachDeletedUser(tx, user.id, now);
    await removeUserFromScimGroups(tx, user.id);
  });
}
