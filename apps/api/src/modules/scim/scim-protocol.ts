/**
 * SCIM 2.0 (RFC 7643 schemas, RFC 7644 protocol) as Odin speaks it to an agency's Microsoft Entra ID or
 * Okta: the error message, the `eq` filters they send, PatchOp in both their shapes (Entra's capitalised
 * `Replace` with `"False"` as a string, the path-less value object of Okta and of Entra's compliant mode,
 * keys such as `name.givenName` inside it), and the User and Group resources. Pure: no database here.
 */

export const SCIM_SCHEMAS = {
  user: "urn:ietf:params:scim:schemas:core:2.0:User",
  group: "urn:ietf:params:scim:schemas:core:2.0:Group",
  enterpriseUser: "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User",
  listResponse: "urn:ietf:params:scim:api:messages:2.0:ListResponse",
  patchOp: "urn:ietf:params:scim:api:messages:2.0:PatchOp",
  error: "urn:ietf:params:scim:api:messages:2.0:Error",
  serviceProviderConfig: "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig",
  resourceType: "urn:ietf:params:scim:schemas:core:2.0:ResourceType",
  schema: "urn:ietf:params:scim:schemas:core:2.0:Schema",
} as const;

/** The detail error keywords of RFC 7644 §3.12 Odin answers with. */
export type ScimErrorType =
  | "uniqueness"
  | "invalidFilter"
  | "invalidSyntax"
  | "invalidPath"
  | "invalidValue"
  | "mutability"
  | "noTarget"
  | "tooMany";

/** A SCIM failure: the SCIM plugin's error handler answers it as RFC 7644 §3.12's error message. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly scimType?: ScimErrorType,
  ) {
    super(message);
    this.name = "ScimError";
  }
}

export interface ScimErrorBody {
  schemas: [typeof SCIM_SCHEMAS.error];
  status: string;
  scimType?: ScimErrorType;
  detail: string;
}

export function scimErrorBody(status: number, detail: string, scimType?: ScimErrorType): ScimErrorBody {
  return { schemas: [SCIM_SCHEMAS.error], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

/** Most resources one list answers (ServiceProviderConfig's filter.maxResults). */
export const SCIM_MAX_RESULTS = 200;
/** What a list answers without `count` (Okta and Entra ID page by 100). */
export const SCIM_DEFAULT_COUNT = 100;

/** startIndex (1-based, anything below is 1) and count (0 to SCIM_MAX_RESULTS) of a list request. */
export function readPage(query: { startIndex?: unknown; count?: unknown }): {
  startIndex: number;
  count: number;
} {
  const number = (value: unknown, fallback: number) => {
    if (value === undefined || value === "") return fallback;
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || !Number.isInteger(parsed)) {
      throw new ScimError(
        400,
        `startIndex and count must be integers (got '${typeof value === "string" ? value : typeof value}').`,
        "invalidValue",
      );
    }
    return parsed;
  };
  const startIndex = Math.max(1, number(query.startIndex, 1));
  const count = Math.min(SCIM_MAX_RESULTS, Math.max(0, number(query.count, SCIM_DEFAULT_COUNT)));
  return { startIndex, count };
}

export interface ListResponse<T> {
  schemas: [typeof SCIM_SCHEMAS.listResponse];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: T[];
}

export function listResponse<T>(resources: T[], totalResults: number, startIndex: number): ListResponse<T> {
  return {
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

// ---------------------------------------------------------------------------------------------------
// Attribute paths

/** A path as Odin compares it: lower case, without the core schema's URN (`urn:…:User:userName`). */
export function normalizePath(path: string): string {
  const trimmed = path.trim();
  const lower = trimmed.toLowerCase();
  for (const urn of [SCIM_SCHEMAS.user, SCIM_SCHEMAS.group]) {
    const prefix = `${urn.toLowerCase()}:`;
    if (lower.startsWith(prefix)) return lower.slice(prefix.length);
  }
  return lower;
}

/** The e-mail paths Entra ID and Okta use: `emails`, `emails.value`, `emails[type eq "work"].value`. */
const EMAIL_PATH = /^emails(?:\[\s*(?:type\s+eq\s+"work"|primary\s+eq\s+true)\s*\])?(?:\.value)?$/;

export function isEmailPath(path: string): boolean {
  return EMAIL_PATH.test(path);
}

// ---------------------------------------------------------------------------------------------------
// Filters: `attribute eq value`, joined by `and` (all that Entra ID and Okta send)

export interface FilterTerm {
  /** Normalised path (normalizePath; e-mail paths become `emails`). */
  attribute: string;
  value: string | boolean | null;
}

const ATTRIBUTE = /^([A-Za-z][\w:.-]*(?:\[[^\]]*\])?(?:\.[A-Za-z]\w*)?)\s+([A-Za-z]+)\s+/;
const QUOTED = /^"((?:[^"\\]|\\.)*)"/;
const BARE = /^([^\s()]+)/;

/**
 * Parses the `eq` terms of a filter joined by `and`; the attributes must be among `allowed`
 * (normalised). Any other operator or grouping is refused with 400 invalidFilter, as RFC 7644 says a
 * filter the service provider does not support must be.
 */
export function parseEqFilter(filter: string, allowed: readonly string[]): FilterTerm[] {
  const terms: FilterTerm[] = [];
  let rest = filter.trim();
  const fail = (why: string): never => {
    throw new ScimError(400, `The filter '${filter}' is not supported: ${why}`, "invalidFilter");
  };
  if (!rest) fail("it is empty.");
  for (;;) {
    const head = ATTRIBUTE.exec(rest);
    if (!head) fail('Odin reads `attribute eq "value"` terms joined by `and`.');
    const [whole, rawAttribute, operator] = head!;
    if (operator!.toLowerCase() !== "eq") fail(`only the eq operator is supported, not ${operator}.`);
    rest = rest.slice(whole.length);
    let value: string | boolean | null;
    const quoted = QUOTED.exec(rest);
    if (quoted) {
      value = JSON.parse(`"${quoted[1]}"`) as string;
      rest = rest.slice(quoted[0].length);
    } else {
      const bare = BARE.exec(rest);
      if (!bare) fail("a value is missing.");
      const token = bare![1]!;
      value = token === "true" ? true : token === "false" ? false : token === "null" ? null : token;
      rest = rest.slice(token.length);
    }
    let attribute = normalizePath(rawAttribute!);
    if (isEmailPath(attribute)) attribute = "emails";
    if (!allowed.includes(attribute)) fail(`Odin filters on ${allowed.join(", ")} only.`);
    terms.push({ attribute, value });
    rest = rest.trim();
    if (!rest) return terms;
    const and = /^and\s+/i.exec(rest);
    if (!and) fail("terms may only be joined by `and`.");
    rest = rest.slice(and![0].length);
  }
}

// ---------------------------------------------------------------------------------------------------
// PatchOp

export interface PatchOperation {
  op: "add" | "replace" | "remove";
  /** As sent (paths are compared normalised). */
  path?: string;
  value?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The operations of a PatchOp message; `op` in any case (Entra ID sends `Replace`, `Add`, `Remove`). */
export function readPatchOperations(body: unknown): PatchOperation[] {
  if (!isObject(body)) throw new ScimError(400, "The body must be a PatchOp message.", "invalidSyntax");
  const schemas = body.schemas;
  if (schemas !== undefined && (!Array.isArray(schemas) || !schemas.includes(SCIM_SCHEMAS.patchOp))) {
    throw new ScimError(400, `A PatchOp message names the schema ${SCIM_SCHEMAS.patchOp}.`, "invalidSyntax");
  }
  const operations = body.Operations ?? body.operations;
  if (!Array.isArray(operations) || operations.length === 0) {
    throw new ScimError(400, "A PatchOp message holds a non-empty Operations list.", "invalidSyntax");
  }
  return operations.map((operation, index) => {
    if (!isObject(operation))
      throw new ScimError(400, `Operation ${index + 1} is not an object.`, "invalidSyntax");
    const op = typeof operation.op === "string" ? operation.op.toLowerCase() : "";
    if (op !== "add" && op !== "replace" && op !== "remove") {
      throw new ScimError(400, `Operation ${index + 1}: op must be add, replace or remove.`, "invalidSyntax");
    }
    const path = operation.path;
    if (path !== undefined && path !== null && typeof path !== "string") {
      throw new ScimError(400, `Operation ${index + 1}: path must be a string.`, "invalidPath");
    }
    if (op === "remove" && !path) {
      throw new ScimError(400, `Operation ${index + 1}: remove needs a path.`, "noTarget");
    }
    if (op !== "remove" && !path && !isObject(operation.value)) {
      throw new ScimError(
        400,
        `Operation ${index + 1}: without a path, value must be an object.`,
        "invalidValue",
      );
    }
    return { op, ...(path ? { path } : {}), ...("value" in operation ? { value: operation.value } : {}) };
  });
}

/** A boolean as SCIM clients send it: true/false, or Entra ID's "True"/"False" strings. */
export function readBoolean(value: unknown, attribute: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value.trim()))
    return value.trim().toLowerCase() === "true";
  throw new ScimError(400, `${attribute} must be true or false.`, "invalidValue");
}

function readString(value: unknown, attribute: string, max: number): string {
  if (typeof value !== "string") throw new ScimError(400, `${attribute} must be a string.`, "invalidValue");
  const text = value.trim();
  if (text.length > max)
    throw new ScimError(400, `${attribute} is longer than ${max} characters.`, "invalidValue");
  return text;
}

function readOptionalString(value: unknown, attribute: string, max: number): string | null {
  if (value === null || value === undefined) return null;
  const text = readString(value, attribute, max);
  return text === "" ? null : text;
}

// ---------------------------------------------------------------------------------------------------
// Users

/** The SCIM name parts Odin keeps (users.scim_name). */
export interface ScimName {
  givenName?: string;
  familyName?: string;
  middleName?: string;
  formatted?: string;
}

const NAME_PARTS = ["givenName", "familyName", "middleName", "formatted"] as const;

/** What Odin keeps of a SCIM User: everything else a client sends is accepted and not kept. */
export interface ScimUserState {
  userName: string;
  /** Lower-cased, as Odin keeps every e-mail. */
  email: string | null;
  externalId: string | null;
  displayName: string | null;
  name: ScimName;
  active: boolean;
}

export const USERNAME_MAX = 100;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function readEmail(value: unknown, attribute: string): string {
  const email = readString(value, attribute, 254).toLowerCase();
  if (!EMAIL.test(email))
    throw new ScimError(400, `${attribute} '${email}' is not an e-mail address.`, "invalidValue");
  return email;
}

/** The e-mail of a SCIM `emails` list: the primary one, else the work one, else the first. */
function emailOf(emails: unknown): string | null {
  if (emails === null || emails === undefined) return null;
  if (!Array.isArray(emails)) throw new ScimError(400, "emails must be a list.", "invalidValue");
  const entries = emails.filter(isObject);
  const chosen =
    entries.find((entry) => entry.primary === true || entry.primary === "True" || entry.primary === "true") ??
    entries.find((entry) => typeof entry.type === "string" && entry.type.toLowerCase() === "work") ??
    entries[0];
  return chosen ? readEmail(chosen.value, "emails.value") : null;
}

function readName(value: unknown): ScimName {
  if (value === null || value === undefined) return {};
  if (!isObject(value)) throw new ScimError(400, "name must be an object.", "invalidValue");
  const name: ScimName = {};
  for (const part of NAME_PARTS) {
    const text = readOptionalString(value[part], `name.${part}`, 200);
    if (text !== null) name[part] = text;
  }
  return name;
}

function readUserName(value: unknown): string {
  if (value === undefined || value === null)
    throw new ScimError(400, "userName is required.", "invalidValue");
  const userName = readString(value, "userName", USERNAME_MAX);
  if (!userName) throw new ScimError(400, "userName must not be empty.", "invalidValue");
  return userName;
}

/** A User resource of a POST or PUT, as Odin keeps it. */
export function readUserResource(body: unknown): ScimUserState {
  if (!isObject(body)) throw new ScimError(400, "The body must be a SCIM User resource.", "invalidSyntax");
  const userName = readUserName(body.userName);
  return {
    userName,
    email: emailOf(body.emails),
    externalId: readOptionalString(body.externalId, "externalId", 200),
    displayName: readOptionalString(body.displayName, "displayName", 200),
    name: readName(body.name),
    active: body.active === undefined || body.active === null ? true : readBoolean(body.active, "active"),
  };
}

/**
 * A user's state after a PUT of `body`: the attributes sent replace Odin's. An absent `active`,
 * `externalId` or e-mail keeps the current one (RFC 7644 §3.5.1 lets the service provider choose):
 * Okta's documented PUT sends neither externalId nor active changes, and clearing the externalId
 * would cut the link to the person's sign-in.
 */
export function replaceUserResource(current: ScimUserState, body: unknown): ScimUserState {
  const read = readUserResource(body);
  const sent = body as Record<string, unknown>;
  return {
    ...read,
    email: read.email ?? current.email,
    externalId: sent.externalId === undefined ? current.externalId : read.externalId,
    active: sent.active === undefined || sent.active === null ? current.active : read.active,
  };
}

/** Attributes of the core and enterprise schemas Odin accepts and does not keep (a PATCH of them is a no-op). */
function isIgnoredUserPath(path: string): boolean {
  return !/^(active|username|displayname|externalid|name(\.\w+)?|emails.*)$/.test(path);
}

/** Applies one attribute (a normalised path) of an add or replace to a user's state. */
function setUserAttribute(state: ScimUserState, path: string, value: unknown, op: "add" | "replace"): void {
  if (path === "active") state.active = readBoolean(value, "active");
  else if (path === "username") state.userName = readUserName(value);
  else if (path === "displayname") state.displayName = readOptionalString(value, "displayName", 200);
  else if (path === "externalid") state.externalId = readOptionalString(value, "externalId", 200);
  else if (path === "name") state.name = { ...state.name, ...readName(value) };
  else if (path.startsWith("name.")) {
    const part = NAME_PARTS.find((candidate) => candidate.toLowerCase() === path.slice(5));
    if (!part) return;
    const text = readOptionalString(value, `name.${part}`, 200);
    if (text === null) delete state.name[part];
    else state.name[part] = text;
  } else if (path === "emails") {
    const email = Array.isArray(value) ? emailOf(value) : readEmail(value, "emails");
    if (email) state.email = email;
  } else if (isEmailPath(path)) state.email = readEmail(value, "emails.value");
  void op;
}

function removeUserAttribute(state: ScimUserState, path: string): void {
  if (path === "displayname") state.displayName = null;
  else if (path === "externalid") state.externalId = null;
  else if (path === "name") state.name = {};
  else if (path.startsWith("name.")) {
    const part = NAME_PARTS.find((candidate) => candidate.toLowerCase() === path.slice(5));
    if (part) delete state.name[part];
  } else if (path === "active" || path === "username") {
    throw new ScimError(400, `${path === "active" ? "active" : "userName"} cannot be removed.`, "mutability");
  } else if (path.startsWith("emails")) {
    throw new ScimError(
      400,
      "Odin needs an e-mail address for every account: it cannot be removed.",
      "mutability",
    );
  }
}

/** A user's state after a PatchOp's operations, in order (RFC 7644 §3.5.2: all or nothing). */
export function applyUserPatch(current: ScimUserState, operations: readonly PatchOperation[]): ScimUserState {
  const state: ScimUserState = { ...current, name: { ...current.name } };
  for (const operation of operations) {
    if (operation.op === "remove") {
      const path = normalizePath(operation.path!);
      if (!isIgnoredUserPath(path)) removeUserAttribute(state, path);
      continue;
    }
    if (operation.path) {
      const path = normalizePath(operation.path);
      if (!isIgnoredUserPath(path)) setUserAttribute(state, path, operation.value, operation.op);
      continue;
    }
    // No path: the value's keys are attributes (Okta's {"active": false}; Entra's {"name.givenName": …}).
    for (const [key, value] of Object.entries(operation.value as Record<string, unknown>)) {
      const path = normalizePath(key);
      if (!isIgnoredUserPath(path)) setUserAttribute(state, path, value, operation.op);
    }
  }
  return state;
}

/** The name Odin shows (users.name): displayName, else the name's parts, else formatted, else userName. */
export function displayNameOf(state: Pick<ScimUserState, "displayName" | "name" | "userName">): string {
  const parts = [state.name.givenName, state.name.middleName, state.name.familyName]
    .filter(Boolean)
    .join(" ");
  return (
    (state.displayName ?? (parts || state.name.formatted) ?? state.userName).slice(0, 200) || state.userName
  );
}

/** The user row as SCIM sees it. */
export interface ScimUserRow {
  id: number;
  username: string;
  name: string;
  email: string;
  scimExternalId: string | null;
  scimName: unknown;
  deactivatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export function storedName(row: Pick<ScimUserRow, "scimName">): ScimName {
  return isObject(row.scimName) ? readName(row.scimName) : {};
}

/**
 * A row's state. The displayName a client sent is kept beside the name's parts (users.scim_name), so
 * users.name follows the parts when the client never sent one; an account SCIM has not written yet
 * (scim_name null) keeps the name its admin gave it.
 */
export function userStateOf(row: ScimUserRow): ScimUserState {
  const stored = isObject(row.scimName) ? row.scimName : null;
  return {
    userName: row.username,
    email: row.email,
    externalId: row.scimExternalId,
    displayName: stored ? readOptionalString(stored.displayName, "displayName", 200) : row.name,
    name: storedName(row),
    active: row.deactivatedAt === null,
  };
}

/** What users.scim_name holds for a state. */
export function scimNameOf(state: Pick<ScimUserState, "name" | "displayName">): Record<string, string> {
  return { ...state.name, ...(state.displayName ? { displayName: state.displayName } : {}) };
}

export function userResource(row: ScimUserRow, baseUrl: string) {
  const name = storedName(row);
  const parts = [name.givenName, name.middleName, name.familyName].filter(Boolean).join(" ");
  const formatted = parts || name.formatted || row.name;
  const { displayName } = userStateOf(row);
  return {
    schemas: [SCIM_SCHEMAS.user],
    id: String(row.id),
    ...(row.scimExternalId ? { externalId: row.scimExternalId } : {}),
    userName: row.username,
    name: { ...name, formatted },
    // The displayName the client sent; for an account SCIM has not written, the name Odin shows.
    ...(displayName ? { displayName } : {}),
    active: row.deactivatedAt === null,
    emails: [{ value: row.email, type: "work", primary: true }],
    meta: {
      resourceType: "User",
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${baseUrl}/Users/${row.id}`,
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Groups

export interface ScimGroupState {
  displayName: string;
  externalId: string | null;
  /** Member user ids, as SCIM sends them (strings). */
  members: string[];
}

function readDisplayName(value: unknown): string {
  if (value === undefined || value === null)
    throw new ScimError(400, "displayName is required.", "invalidValue");
  const displayName = readString(value, "displayName", 200);
  if (!displayName) throw new ScimError(400, "displayName must not be empty.", "invalidValue");
  return displayName;
}

function readMembers(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((member, index) => {
    if (!isObject(member) || (typeof member.value !== "string" && typeof member.value !== "number")) {
      throw new ScimError(400, `members[${index}] must carry the member's id as value.`, "invalidValue");
    }
    return String(member.value).trim();
  });
}

/** A Group resource of a POST or PUT. */
export function readGroupResource(body: unknown): ScimGroupState {
  if (!isObject(body)) throw new ScimError(400, "The body must be a SCIM Group resource.", "invalidSyntax");
  return {
    displayName: readDisplayName(body.displayName),
    externalId: readOptionalString(body.externalId, "externalId", 200),
    members: [...new Set(readMembers(body.members))],
  };
}

/** `members[value eq "…"]` (Okta, and Entra ID's compliant mode), answering the id. */
const MEMBER_FILTER = /^members\[\s*value\s+eq\s+"((?:[^"\\]|\\.)*)"\s*\]$/i;

function setGroupAttribute(state: ScimGroupState, path: string, value: unknown, op: "add" | "replace"): void {
  if (path === "displayname") state.displayName = readDisplayName(value);
  else if (path === "externalid") state.externalId = readOptionalString(value, "externalId", 200);
  else if (path === "members") {
    const members = readMembers(value);
    state.members = op === "replace" ? [...new Set(members)] : [...new Set([...state.members, ...members])];
  }
}

export function applyGroupPatch(
  current: ScimGroupState,
  operations: readonly PatchOperation[],
): ScimGroupState {
  const state: ScimGroupState = { ...current, members: [...current.members] };
  for (const operation of operations) {
    if (operation.op === "remove") {
      const raw = operation.path!.trim();
      const filtered = MEMBER_FILTER.exec(raw);
      const path = normalizePath(raw);
      if (filtered) {
        const id = JSON.parse(`"${filtered[1]}"`) as string;
        state.members = state.members.filter((member) => member !== id);
      } else if (path === "members") {
        // Entra ID names the members in value; without one, every member goes (RFC 7644 §3.5.2.2).
        const gone =
          operation.value === undefined || operation.value === null
            ? null
            : new Set(readMembers(operation.value));
        state.members = gone ? state.members.filter((member) => !gone.has(member)) : [];
      } else if (path === "externalid") state.externalId = null;
      else if (path === "displayname")
        throw new ScimError(400, "displayName cannot be removed.", "mutability");
      continue;
    }
    if (operation.path) {
      setGroupAttribute(state, normalizePath(operation.path), operation.value, operation.op);
      continue;
    }
    for (const [key, value] of Object.entries(operation.value as Record<string, unknown>)) {
      setGroupAttribute(state, normalizePath(key), value, operation.op);
    }
  }
  return state;
}

export interface ScimGroupRow {
  id: string;
  displayName: string;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
  members?: { user: { id: number; username: string } }[];
}

export function groupResource(row: ScimGroupRow, baseUrl: string, withMembers: boolean) {
  return {
    schemas: [SCIM_SCHEMAS.group],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.displayName,
    ...(withMembers
      ? {
          members: (row.members ?? []).map(({ user }) => ({
            value: String(user.id),
            display: user.username,
            type: "User",
            $ref: `${baseUrl}/Users/${user.id}`,
          })),
        }
      : {}),
    meta: {
      resourceType: "Group",
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${baseUrl}/Groups/${row.id}`,
    },
  };
}

/** Whether `excludedAttributes` (comma-separated) leaves out the group's members (Entra ID asks so). */
export function excludesMembers(excludedAttributes: unknown): boolean {
  return (
    typeof excludedAttributes === "string" &&
    excludedAttributes.split(",").some((attribute) => normalizePath(attribute) === "members")
  );
}
