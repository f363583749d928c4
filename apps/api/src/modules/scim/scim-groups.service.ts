import { evaluateRules, holdsGrant, type IdpRule } from "../../identity/external/idp-rules";
import { inTransaction, type Transaction } from "../../lib/database";
import { writeAuditFor } from "../../lib/audit-rows.repository";
import { isUniqueViolation, updateUser } from "../admin/users.repository";
import {
  applyGroupPatch,
  excludesMembers,
  groupResource,
  listResponse,
  parseEqFilter,
  readGroupResource,
  readPage,
  readPatchOperations,
  ScimError,
  type ScimGroupState,
} from "./scim-protocol";
import { scimBaseUrl, type ScimClient, type ScimDeps } from "./scim-token.service";
import { readUserId } from "./scim-users.service";
import {
  deleteScimGroup,
  findGroupRules,
  findScimGroup,
  findScimGroups,
  findScimUserIds,
  findUsersWithScimGroups,
  insertScimGroup,
  setScimGroupMembers,
  updateScimGroup,
  type ScimGroupFilter,
} from "./scim.repository";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findGroupOr404(deps: ScimDeps, client: ScimClient, id: string) {
  const group = UUID.test(id) ? await findScimGroup(deps.prisma, client.agencyId, id) : null;
  if (!group) throw new ScimError(404, `Group ${id} not found.`);
  return group;
}

type GroupRow = NonNullable<Awaited<ReturnType<typeof findScimGroup>>>;

function stateOf(group: GroupRow): ScimGroupState {
  return {
    displayName: group.displayName,
    externalId: group.externalId,
    members: group.members.map(({ userId }) => String(userId)),
  };
}

/** GET /Groups: filtered by `displayName eq` (Entra ID), `externalId eq` or `id eq`. */
export async function listGroups(
  deps: ScimDeps,
  client: ScimClient,
  query: { filter?: unknown; startIndex?: unknown; count?: unknown; excludedAttributes?: unknown },
) {
  const { startIndex, count } = readPage(query);
  const filter: ScimGroupFilter = {};
  let impossible = false;
  if (typeof query.filter === "string" && query.filter.trim()) {
    for (const term of parseEqFilter(query.filter, ["displayname", "externalid", "id"])) {
      const value = term.value === null ? null : String(term.value);
      if (term.attribute === "displayname") filter.displayName = value ?? "";
      else if (term.attribute === "externalid") filter.externalId = value;
      else if (value && UUID.test(value)) filter.id = value;
      else impossible = true;
    }
  }
  const { rows, total } = impossible
    ? { rows: [], total: 0 }
    : await findScimGroups(deps.prisma, client.agencyId, filter, startIndex - 1, count);
  const base = scimBaseUrl(deps.publicUrl);
  const members = !excludesMembers(query.excludedAttributes);
  return listResponse(
    rows.map((row) => groupResource(row, base, members)),
    total,
    startIndex,
  );
}

export async function getGroup(deps: ScimDeps, client: ScimClient, id: string, excludedAttributes: unknown) {
  const group = await findGroupOr404(deps, client, id);
  return groupResource(group, scimBaseUrl(deps.publicUrl), !excludesMembers(excludedAttributes));
}

/** Member ids as user ids, each a user of the agency SCIM may see; anything else is 400 invalidValue. */
async function memberIds(deps: ScimDeps, client: ScimClient, members: string[]): Promise<number[]> {
  const ids = members.map((member) => ({ member, id: readUserId(member) }));
  const numeric = ids.flatMap(({ id }) => (id === null ? [] : [id]));
  const known = await findScimUserIds(deps.prisma, client.agencyId, deps.ownerUsername, numeric);
  const unknown = ids.filter(({ id }) => id === null || !known.has(id)).map(({ member }) => member);
  if (unknown.length > 0) {
    throw new ScimError(400, `No user of this agency has the id ${unknown.join(", ")}.`, "invalidValue");
  }
  return numeric;
}

async function checkDisplayName(deps: ScimDeps, client: ScimClient, displayName: string, selfId?: string) {
  const { rows } = await findScimGroups(deps.prisma, client.agencyId, { displayName }, 0, 1);
  if (rows.some((row) => row.id !== selfId)) {
    throw new ScimError(409, `A group named '${displayName}' already exists.`, "uniqueness");
  }
}

/**
 * The agency's mapping rules on the claim `groups` applied to these users, with the names, external
 * ids and ids of their SCIM groups as the claim's values (identity/external/idp-rules.ts): a user whose
 * groups match gets the rules' role and flags; a user whose groups match no rule keeps what they have.
 */
async function applyGroupRules(tx: Transaction, client: ScimClient, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  const rules = (await findGroupRules(tx, client.agencyId)) as IdpRule[];
  if (rules.length === 0) return;
  for (const user of await findUsersWithScimGroups(tx, userIds)) {
    if (user.agencyId !== client.agencyId) continue;
    const groups = user.scimGroupMemberships.flatMap(({ group }) =>
      [group.displayName, group.externalId, group.id].filter((value): value is string => Boolean(value)),
    );
    const outcome = evaluateRules(rules, { groups });
    if (outcome.kind !== "grant" || holdsGrant(user, outcome.grant)) continue;
    const { role, hotlistAdmin, hotlistViewer, auditor, ruleIds } = outcome.grant;
    await writeAuditFor(tx, client.audit, {
      action: "scim_user_updated",
      detail: {
        user_id: user.id,
        username: user.username,
        by: "group mapping rules",
        rule_ids: ruleIds,
        from: {
          role: user.role,
          hotlist_admin: user.hotlistAdmin,
          hotlist_viewer: user.hotlistViewer,
          auditor: user.auditor,
        },
        to: { role, hotlist_admin: hotlistAdmin, hotlist_viewer: hotlistViewer, auditor },
        scim_token_id: client.tokenId,
      },
    });
    await updateUser(tx, user.id, { role, hotlistAdmin, hotlistViewer, auditor });
  }
}

function translateUnique(error: unknown, displayName: string): never {
  if (isUniqueViolation(error))
    throw new ScimError(409, `A group named '${displayName}' already exists.`, "uniqueness");
  throw error;
}

/** POST /Groups (Entra ID sends none, Okta an empty list of members). */
export async function createGroup(deps: ScimDeps, client: ScimClient, body: unknown) {
  const state = readGroupResource(body);
  await checkDisplayName(deps, client, state.displayName);
  const members = await memberIds(deps, client, state.members);
  try {
    const id = await inTransaction(deps.prisma, async (tx) => {
      const group = await insertScimGroup(tx, {
        agencyId: client.agencyId,
        displayName: state.displayName,
        externalId: state.externalId,
      });
      await writeAuditFor(tx, client.audit, {
        action: "scim_group_changed",
        detail: {
          change: "created",
          group_id: group.id,
          display_name: group.displayName,
          external_id: group.externalId,
          added: members,
          scim_token_id: client.tokenId,
        },
      });
      if (members.length > 0) await setScimGroupMembers(tx, group.id, members);
      await applyGroupRules(tx, client, members);
      return group.id;
    });
    return groupResource(
      (await findScimGroup(deps.prisma, client.agencyId, id))!,
      scimBaseUrl(deps.publicUrl),
      true,
    );
  } catch (error) {
    return translateUnique(error, state.displayName);
  }
}

/** Writes a group's new state: name, external id, members, and the rules for every member it touched. */
async function saveGroup(deps: ScimDeps, client: ScimClient, group: GroupRow, after: ScimGroupState) {
  const before = stateOf(group);
  if (after.displayName !== before.displayName)
    await checkDisplayName(deps, client, after.displayName, group.id);
  const added = after.members.filter((member) => !before.members.includes(member));
  const addedIds = await memberIds(deps, client, added);
  const removedIds = before.members.filter((member) => !after.members.includes(member)).map(Number);
  const kept = before.members.filter((member) => after.members.includes(member)).map(Number);
  const renamed = after.displayName !== before.displayName || after.externalId !== before.externalId;
  if (!renamed && addedIds.length === 0 && removedIds.length === 0) return;
  try {
    await inTransaction(deps.prisma, async (tx) => {
      await writeAuditFor(tx, client.audit, {
        action: "scim_group_changed",
        detail: {
          change: "updated",
          group_id: group.id,
          display_name: after.displayName,
          ...(after.displayName !== before.displayName
            ? { renamed: { from: before.displayName, to: after.displayName } }
            : {}),
          ...(after.externalId !== before.externalId
            ? { external_id: { from: before.externalId, to: after.externalId } }
            : {}),
          added: addedIds,
          removed: removedIds,
          scim_token_id: client.tokenId,
        },
      });
      if (renamed)
        await updateScimGroup(tx, group.id, { displayName: after.displayName, externalId: after.externalId });
      if (addedIds.length > 0 || removedIds.length > 0)
        await setScimGroupMembers(tx, group.id, [...kept, ...addedIds]);
      // A renamed group may match other rules: every member is looked at again, the removed ones too.
      await applyGroupRules(
        tx,
        client,
        renamed ? [...kept, ...addedIds, ...removedIds] : [...addedIds, ...removedIds],
      );
    });
  } catch (error) {
    translateUnique(error, after.displayName);
  }
}

/** PUT /Groups/{id} (Okta's custom integrations): the group replaced, members included. */
export async function replaceGroup(deps: ScimDeps, client: ScimClient, id: string, body: unknown) {
  const group = await findGroupOr404(deps, client, id);
  await saveGroup(deps, client, group, readGroupResource(body));
  return groupResource(await findGroupOr404(deps, client, id), scimBaseUrl(deps.publicUrl), true);
}

/** PATCH /Groups/{id}: members added and removed, renamed (answered 204, as Entra ID recommends). */
export async function patchGroup(
  deps: ScimDeps,
  client: ScimClient,
  id: string,
  body: unknown,
): Promise<void> {
  const operations = readPatchOperations(body);
  const group = await findGroupOr404(deps, client, id);
  await saveGroup(deps, client, group, applyGroupPatch(stateOf(group), operations));
}

/** DELETE /Groups/{id}: the group and its memberships (the members keep their role: no rule is undone). */
export async function deleteGroup(deps: ScimDeps, client: ScimClient, id: string): Promise<void> {
  const group = await findGroupOr404(deps, client, id);
  const members = group.members.map(({ userId }) => userId);
  await inTransaction(deps.prisma, async (tx) => {
    await writeAuditFor(tx, client.audit, {
      action: "scim_group_changed",
      detail: {
        change: "deleted",
        group_id: group.id,
        display_name: group.displayName,
        removed: members,
        scim_token_id: client.tokenId,
      },
    });
    await deleteScimGroup(tx, group.id);
    await applyGroupRules(tx, client, members);
  });
}
