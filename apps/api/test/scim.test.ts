/**
 * SCIM 2.0 provisioning (issue 34 item 3), as an agency's identity provider calls it: Microsoft Entra
 * ID's and Okta's documented requests replayed as they are written (test/fixtures/scim/, each naming
 * its source), and every answer read by SCIMMY (npm `scimmy`), an independent SCIM 2.0 implementation:
 * its schemas check each User, Group, ListResponse and error Odin answers, its filter evaluates the
 * same filter over every user to check Odin's filtering, and its PatchOp applies the same operations
 * to the resource as it was, which Odin's answer must equal on every attribute Odin keeps.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import SCIMMY from "scimmy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtInSubject } from "../src/identity/built-in-provider";
import { AUTH_MESSAGES } from "../src/plugins/authenticate";
import { auditRows, agencyId, caller } from "./admin-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

interface Example {
  doc: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  documentedStatus: number;
  body?: unknown;
}
interface Fixture {
  source: string;
  examples: Record<string, Example>;
}
const fixture = (name: string): Fixture =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures", "scim", name), "utf8")) as Fixture;
const ENTRA = fixture("entra-id.json");
const OKTA = fixture("okta.json");

// Entra ID sends attributes of the enterprise extension (employeeNumber): SCIMMY's User knows them too.
SCIMMY.Schemas.User.extend(
  SCIMMY.Schemas.EnterpriseUser as unknown as Parameters<typeof SCIMMY.Schemas.User.extend>[0],
  false,
);

const HARTFORD = "Hartford Police Department";
const NEW_HAVEN = "New Haven Police Department";
const SCIM_TYPE = /^application\/scim\+json/;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe("SCIM 2.0 provisioning (issue 34 item 3)", () => {
  let t: TestApp;
  let subjects: Record<Persona, string>;
  let call: ReturnType<typeof caller>;
  /** Hartford's SCIM token (rotated once by the first test). */
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp();
    subjects = await seedPersonas(t);
    call = caller(t, subjects);
  });
  afterAll(() => t?.close());

  /** A SCIM call as an identity provider makes it (application/scim+json both ways). */
  const scim = async (
    method: Example["method"],
    url: string,
    body?: unknown,
    bearer: string | null = token,
  ) => {
    const res = await t.app.inject({
      method,
      url: `/scim/v2${/%[0-9A-F]{2}/i.test(url) ? url : encodeURI(url)}`,
      headers: {
        ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
        ...(body === undefined ? {} : { "content-type": "application/scim+json" }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    if (res.body) expect(res.headers["content-type"], res.body).toMatch(SCIM_TYPE);
    return res;
  };

  /** A documented example, its server-assigned ids replaced by Odin's. */
  const replay = async (
    from: Fixture,
    name: string,
    ids: Record<string, string | number> = {},
    bearer = token,
  ) => {
    const example = from.examples[name];
    if (!example) throw new Error(`no example ${name}`);
    const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(ids[key]));
    const body =
      example.body === undefined ? undefined : (JSON.parse(fill(JSON.stringify(example.body))) as unknown);
    const res = await scim(example.method, fill(example.path), body, bearer);
    // A PATCH may answer 204 where the example's service answered 200 (both documents allow it).
    const allowed = example.method === "PATCH" ? [example.documentedStatus, 204] : [example.documentedStatus];
    expect(allowed, `${name}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
    return res;
  };

  /** The body, checked by SCIMMY's User schema (types, required attributes, multi-valued shapes). */
  const asUser = (body: string): Json => {
    const json = JSON.parse(body) as Json;
    expect(() => new SCIMMY.Schemas.User(json, "out")).not.toThrow();
    expect(json.schemas).toContain("urn:ietf:params:scim:schemas:core:2.0:User");
    return json;
  };
  const asGroup = (body: string): Json => {
    const json = JSON.parse(body) as Json;
    expect(() => new SCIMMY.Schemas.Group(json, "out")).not.toThrow();
    return json;
  };
  const asList = (body: string): Json => {
    const json = JSON.parse(body) as Json;
    expect(
      () =>
        new SCIMMY.Messages.ListResponse(
          json as ConstructorParameters<typeof SCIMMY.Messages.ListResponse>[0],
        ),
    ).not.toThrow();
    expect(json.schemas).toEqual(["urn:ietf:params:scim:api:messages:2.0:ListResponse"]);
    return json;
  };
  /** A SCIM error message, as SCIMMY would make it for that status and scimType. */
  const asError = (res: { statusCode: number; body: string }, scimType?: string): Json => {
    const json = JSON.parse(res.body) as Json;
    expect(json.status).toBe(String(res.statusCode));
    const made = new SCIMMY.Messages.Error({
      status: res.statusCode as 400,
      ...(json.scimType ? { scimType: json.scimType as "uniqueness" } : {}),
      detail: json.detail as string,
    });
    expect(json).toEqual(JSON.parse(JSON.stringify(made)));
    if (scimType) expect(json.scimType).toBe(scimType);
    return json;
  };

  /** What SCIMMY's PatchOp makes of the resource `before` (the reference Odin's answer is held to). */
  const patchedBySCIMMY = async (before: Json, patch: unknown): Promise<Json> => {
    const message = new SCIMMY.Messages.PatchOp(
      patch as ConstructorParameters<typeof SCIMMY.Messages.PatchOp>[0],
    );
    const resource = await message.apply(new SCIMMY.Schemas.User(before, "in"));
    return JSON.parse(JSON.stringify(resource)) as Json;
  };
  /** The attributes Odin keeps of a user (e-mails lower-cased, as Odin keeps every e-mail). */
  const kept = (user: Json) => ({
    userName: user.userName,
    displayName: user.displayName,
    externalId: user.externalId,
    active: user.active,
    givenName: user.name?.givenName,
    familyName: user.name?.familyName,
    middleName: user.name?.middleName,
    email: (user.emails as Json[] | undefined)?.[0]?.value?.toLowerCase(),
  });

  const newToken = async (persona: Persona) => {
    const res = await call(persona, "POST", "/admin/scim-token");
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string; base_url: string; exists: boolean }>();
  };

  it("an agency admin makes the token, sees it once, replaces it (the old one is refused at once), audited", async () => {
    const before = await call("admin", "GET", "/admin/scim-token");
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      exists: false,
      created_at: null,
      last_used_at: null,
      base_url: `${t.baseUrl}/scim/v2`,
    });
    expect((await call("investigator", "POST", "/admin/scim-token")).statusCode).toBe(403);

    const first = await newToken("admin");
    expect(first.token).toMatch(/^odin_scim_[A-Za-z0-9_-]{43}$/);
    expect(first.exists).toBe(true);
    const rows = await t.prisma.scimToken.findMany();
    expect(JSON.stringify(rows)).not.toContain(first.token.slice(10));

    token = first.token;
    const config = await scim("GET", "/ServiceProviderConfig");
    expect(config.statusCode, config.body).toBe(200);
    expect(config.json()).toMatchObject({ patch: { supported: true }, filter: { supported: true } });
    const status = await call("admin", "GET", "/admin/scim-token");
    expect(status.json()).toMatchObject({ exists: true, last_used_at: expect.any(String) });

    const second = await newToken("admin");
    expect(second.token).not.toBe(first.token);
    const stale = await scim("GET", "/Users", undefined, first.token);
    expect(stale.statusCode).toBe(401);
    expect(stale.headers["www-authenticate"]).toMatch(/^Bearer/);
    asError(stale);
    token = second.token;
    expect((await scim("GET", "/Users")).statusCode).toBe(200);

    const audit = await auditRows(t, "scim_token_created");
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({ username: "hartford.admin", agencyName: HARTFORD });
    expect(audit[1]!.detail).toMatchObject({ replaced_tokens: 1 });
  });

  it("refuses a call without a token, or with a wrong one, with 401 in SCIM's error shape", async () => {
    for (const bearer of [null, "not-a-token", await mintToken(t, subjects.admin)]) {
      const res = await scim("GET", "/Users", undefined, bearer);
      expect(res.statusCode, res.body).toBe(401);
      asError(res);
    }
    // An unknown SCIM path is a SCIM 404, once the caller is known.
    const unknown = await scim("GET", "/Nothing");
    expect(unknown.statusCode).toBe(404);
    asError(unknown);
  });

  it("replays Microsoft Entra ID's documented user requests", async () => {
    expect(ENTRA.source).toMatch(/Microsoft Entra ID/);
    const created = await replay(ENTRA, "createUser");
    const user = asUser(created.body);
    expect(created.headers.location).toBe(`${t.baseUrl}/scim/v2/Users/${user.id}`);
    expect(user).toMatchObject({
      userName: "Test_User_00aa00aa-bb11-cc22-dd33-44ee44ee44ee",
      externalId: "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef",
      active: true,
      name: { formatted: "givenName familyName", familyName: "familyName", givenName: "givenName" },
      emails: [
        { value: "test_user_11bb11bb-cc22-dd33-ee44-55ff55ff55ff@testuser.com", type: "work", primary: true },
      ],
      meta: { resourceType: "User" },
    });
    const row = await t.prisma.user.findUniqueOrThrow({
      where: { id: Number(user.id) },
      include: { agency: true },
    });
    expect(row).toMatchObject({
      username: "Test_User_00aa00aa-bb11-cc22-dd33-44ee44ee44ee",
      email: "test_user_11bb11bb-cc22-dd33-ee44-55ff55ff55ff@testuser.com",
      scimExternalId: "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef",
      role: "user",
      approved: true,
      idpSubject: null,
      passwordHash: null,
      deactivatedAt: null,
    });
    expect(row.agency?.name).toBe(HARTFORD);
    const [audit] = await auditRows(t, "scim_user_created");
    expect(audit).toMatchObject({
      userId: null,
      username: expect.stringMatching(/^SCIM client \(token #\d+\)$/),
    });
    expect(audit!.agencyName).toBe(HARTFORD);
    expect(audit!.detail).toMatchObject({ user_id: row.id, username: row.username });

    // Get User by query: Odin's answer is what SCIMMY's filter picks out of every user.
    const found = asList((await replay(ENTRA, "getUserByQuery")).body);
    expect(found).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(found.Resources[0].id).toBe(user.id);
    const everyone = asList((await scim("GET", "/Users?count=200")).body).Resources as Json[];
    // (SCIMMY's filter on plain objects compares case-sensitively; Odin's userName eq ignores case, as
    // RFC 7643 makes userName caseExact false.)
    const picked = new SCIMMY.Types.Filter(
      'userName eq "Test_User_00aa00aa-bb11-cc22-dd33-44ee44ee44ee"',
    ).match(everyone);
    expect(picked.map((one: Json) => one.id)).toEqual([user.id]);
    expect(asList((await replay(ENTRA, "getUserByQueryZeroResults")).body)).toMatchObject({
      totalResults: 0,
      Resources: [],
    });
    expect(asUser((await replay(ENTRA, "getUser", { userId: user.id })).body)).toEqual(user);

    // Updates: Odin's answer equals SCIMMY's PatchOp applied to the user as it was.
    let current = user;
    for (const name of [
      "updateUserMultiValued",
      "updateUserSingleValued",
      "replaceMultipleAttributesWithoutFeatureFlag",
      "replaceMultipleAttributesWithFeatureFlag",
    ]) {
      const expected = await patchedBySCIMMY(current, ENTRA.examples[name]!.body);
      const res = await replay(ENTRA, name, { userId: user.id });
      const after = asUser(res.body);
      expect(kept(after), name).toEqual(kept(expected));
      current = after;
      if (name === "updateUserMultiValued") {
        // The documented response: the formatted name follows the parts.
        expect(after.name).toMatchObject({
          formatted: "givenName updatedFamilyName",
          familyName: "updatedFamilyName",
        });
        expect(after.emails).toEqual([{ value: "updatedemail@microsoft.com", type: "work", primary: true }]);
      }
    }
    expect(current).toMatchObject({
      userName: "5b50642d-79fc-4410-9e90-4c077cdd1a59@testuser.com",
      displayName: "Bjfe",
      externalId: "Eqpj",
      name: { givenName: "Kkom", familyName: "Unua" },
    });
    expect(await t.prisma.user.findUniqueOrThrow({ where: { id: Number(user.id) } })).toMatchObject({
      name: "Bjfe",
      email: "testmhvaes@test.microsoft.com",
    });
    expect((await auditRows(t, "scim_user_updated")).length).toBeGreaterThanOrEqual(4);

    // Example 2 (nulls for attributes without a value, a mistyped extension URN), found by Example 1's
    // unquoted filter value.
    const joy = asUser((await replay(ENTRA, "provisionUser")).body);
    expect(joy).toMatchObject({
      userName: "jyoung@testuser.com",
      displayName: "Joy Young",
      externalId: "jyoung",
    });
    expect(joy.emails[0].value).toBe("jyoung@contoso.com");
    const byExternalId = asList((await replay(ENTRA, "queryByExternalId")).body);
    expect(byExternalId.Resources.map((one: Json) => one.id)).toEqual([joy.id]);

    // Delete User: a soft delete, gone from SCIM.
    expect((await replay(ENTRA, "deleteUser", { userId: user.id })).body).toBe("");
    expect((await scim("GET", `/Users/${user.id}`)).statusCode).toBe(404);
    const deleted = await t.prisma.user.findUniqueOrThrow({ where: { id: Number(user.id) } });
    expect(deleted.deletedAt).not.toBeNull();
    expect((await auditRows(t, "scim_user_deleted")).at(-1)!.detail).toMatchObject({ user_id: deleted.id });
  });

  it("replays Microsoft Entra ID's documented group requests", async () => {
    const member = asUser(
      (await scim("POST", "/Users", { userName: "entra.member@testuser.com", active: true })).body,
    );
    const group = asGroup((await replay(ENTRA, "createGroup")).body);
    expect(group).toMatchObject({
      displayName: "displayName",
      externalId: "8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159",
      members: [],
    });
    const fetched = asGroup((await replay(ENTRA, "getGroup", { groupId: group.id })).body);
    expect(fetched).not.toHaveProperty("members");
    const byName = asList((await replay(ENTRA, "getGroupByDisplayName")).body);
    expect(byName.Resources.map((one: Json) => one.id)).toEqual([group.id]);
    expect(byName.Resources[0]).not.toHaveProperty("members");

    const members = async () =>
      (asGroup((await scim("GET", `/Groups/${group.id}`)).body).members as Json[]).map((one) => one.value);
    const ids = { groupId: group.id, userId: member.id };
    expect((await replay(ENTRA, "updateGroupAddMembers", ids)).statusCode).toBe(204);
    expect(await members()).toEqual([member.id]);
    await replay(ENTRA, "updateGroupRemoveMembers", ids);
    expect(await members()).toEqual([]);
    await replay(ENTRA, "updateGroupAddMembers", ids);
    await replay(ENTRA, "removeGroupMemberWithFeatureFlag", ids);
    expect(await members()).toEqual([]);
    await replay(ENTRA, "updateGroupNonMemberAttributes", ids);
    expect(asGroup((await scim("GET", `/Groups/${group.id}`)).body).displayName).toBe(
      "1879db59-3bdf-4490-ad68-ab880a269474updatedDisplayName",
    );
    await replay(ENTRA, "deleteGroup", ids);
    expect((await scim("GET", `/Groups/${group.id}`)).statusCode).toBe(404);
    expect((await auditRows(t, "scim_group_changed")).map((row) => (row.detail as Json).change)).toEqual([
      "created",
      "updated",
      "updated",
      "updated",
      "updated",
      "updated",
      "deleted",
    ]);

    const discovered = asList((await replay(ENTRA, "discoverSchema")).body);
    expect(discovered.Resources.map((one: Json) => one.id)).toEqual([
      "urn:ietf:params:scim:schemas:core:2.0:User",
      "urn:ietf:params:scim:schemas:core:2.0:Group",
    ]);
    const types = asList((await scim("GET", "/ResourceTypes")).body);
    expect(types.Resources.map((one: Json) => one.endpoint)).toEqual(["/Users", "/Groups"]);
  });

  it("replays Okta's documented requests", async () => {
    expect(OKTA.source).toMatch(/Okta/);
    expect(asList((await replay(OKTA, "determineIfUserExists")).body).totalResults).toBe(0);
    const user = asUser((await replay(OKTA, "createUser")).body);
    expect(user).toMatchObject({
      userName: "test.user@okta.local",
      displayName: "Test User",
      externalId: "00ujl29u0le5T6Aj10h7",
      active: true,
      name: { givenName: "Test", familyName: "User" },
    });
    // Okta's password is not kept: the person signs in at the agency's identity provider.
    const row = await t.prisma.user.findUniqueOrThrow({ where: { id: Number(user.id) } });
    expect(row.passwordHash).toBeNull();
    const exists = asList((await replay(OKTA, "determineIfUserExists")).body);
    expect(exists.Resources.map((one: Json) => one.id)).toEqual([user.id]);

    const pageOne = asList((await replay(OKTA, "retrieveUsers")).body);
    expect(pageOne.totalResults).toBe(pageOne.Resources.length);
    // Paging is stable: the second of two pages of one continues the first.
    const page = async (start: number) =>
      asList((await scim("GET", `/Users?startIndex=${start}&count=1`)).body).Resources[0].id as string;
    expect([await page(1), await page(2)]).toEqual(pageOne.Resources.slice(0, 2).map((one: Json) => one.id));
    expect(asUser((await replay(OKTA, "retrieveUser", { userId: user.id })).body).id).toBe(user.id);

    const put = asUser((await replay(OKTA, "updateUserPut", { userId: user.id })).body);
    // Okta's PUT leaves externalId out: it is kept, as is the link to the person's sign-in it makes.
    expect(put.externalId).toBe("00ujl29u0le5T6Aj10h7");
    expect(put.name).toEqual({
      givenName: "Another",
      middleName: "Excited",
      familyName: "User",
      formatted: "Another Excited User",
    });
    const expected = await patchedBySCIMMY(put, OKTA.examples.deactivateUser!.body);
    const deactivated = asUser((await replay(OKTA, "deactivateUser", { userId: user.id })).body);
    expect(kept(deactivated)).toEqual(kept(expected));
    expect(deactivated.active).toBe(false);
    // A deactivated user is still answered (Entra ID and Okta read it back).
    expect(asUser((await scim("GET", `/Users/${user.id}`)).body).active).toBe(false);

    const other = asUser((await scim("POST", "/Users", { userName: "other.user@okta.local" })).body);
    const group = asGroup((await replay(OKTA, "createGroup")).body);
    expect(group).toMatchObject({ displayName: "Test SCIMv2", members: [] });
    const ids = { groupId: group.id, userId: user.id, otherUserId: other.id };
    expect(
      asList((await replay(OKTA, "retrieveGroups")).body).Resources.map((one: Json) => one.id),
    ).toContain(group.id);
    expect(asGroup((await replay(OKTA, "retrieveGroup", ids)).body).id).toBe(group.id);
    await replay(OKTA, "updateGroupName", ids);
    await scim("PATCH", `/Groups/${group.id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "add", path: "members", value: [{ value: other.id }] }],
    });
    await replay(OKTA, "updateGroupMembership", ids);
    const members = async () =>
      (asGroup((await scim("GET", `/Groups/${group.id}`)).body).members as Json[]).map((one) => one.value);
    expect(await members()).toEqual([user.id]);
    await replay(OKTA, "replaceGroupMembership", ids);
    expect((await members()).sort()).toEqual([user.id, other.id].sort());
    await replay(OKTA, "deleteGroup", ids);
    expect((await scim("GET", `/Groups/${group.id}`)).statusCode).toBe(404);
  });

  it("active: false ends a live session at once; active: true gives access back to new sign-ins only", async () => {
    const created = asUser(
      (await scim("POST", "/Users", { userName: "officer.live@hartford.example" })).body,
    );
    const id = Number(created.id);
    // The person signs in through the agency's identity provider (the sign-in links the account).
    await t.prisma.user.update({ where: { id }, data: { idpSubject: builtInSubject(id) } });
    const live = await mintToken(t, builtInSubject(id));
    const asPerson = (bearer: string) =>
      t.app.inject({
        method: "GET",
        url: "/get-current-user",
        headers: { authorization: `Bearer ${bearer}` },
      });
    expect((await asPerson(live)).statusCode).toBe(200);

    // Entra ID's disable request as it sends it without the compliance flag: "False", a string.
    const disabled = asUser((await replay(ENTRA, "disableUserWithoutFeatureFlag", { userId: id })).body);
    expect(disabled.active).toBe(false);
    const refused = await asPerson(live);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: AUTH_MESSAGES.deactivated } });
    const row = await t.prisma.user.findUniqueOrThrow({ where: { id }, include: { sessions: true } });
    expect(row.deactivatedAt).not.toBeNull();
    expect(row.tokensNotBefore).not.toBeNull();
    expect(row.sessions.length).toBeGreaterThan(0);
    expect(row.sessions.every((session) => session.revokedAt !== null)).toBe(true);
    expect((await auditRows(t, "scim_user_deactivated")).at(-1)!.detail).toMatchObject({ user_id: id });

    // Okta's shape, reactivating: the old token stays refused (its session ended), a new sign-in works.
    const back = await scim("PATCH", `/Users/${id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", value: { active: true } }],
    });
    expect(asUser(back.body).active).toBe(true);
    expect((await asPerson(live)).statusCode).toBe(401);
    expect((await asPerson(await mintToken(t, builtInSubject(id), { issuedAt: 2 }))).statusCode).toBe(200);
    expect((await auditRows(t, "scim_user_reactivated")).at(-1)!.detail).toMatchObject({ user_id: id });
  });

  it("refuses a taken userName, e-mail or group name with 409 and scimType uniqueness", async () => {
    const body = {
      userName: "unique.person@hartford.example",
      emails: [{ value: "unique@hartford.example" }],
    };
    expect((await scim("POST", "/Users", body)).statusCode).toBe(201);
    const clashes = [
      { ...body, userName: "UNIQUE.person@hartford.example", emails: [{ value: "else@hartford.example" }] },
      { userName: "someone.else", emails: [{ value: "Unique@Hartford.example" }] },
      { userName: "hartford.investigator", emails: [{ value: "new@hartford.example" }] },
      { userName: "owner", emails: [{ value: "owner2@hartford.example" }] },
    ];
    for (const clash of clashes) {
      const res = await scim("POST", "/Users", clash);
      expect(res.statusCode, JSON.stringify(clash)).toBe(409);
      asError(res, "uniqueness");
    }
    const other = asUser((await scim("POST", "/Users", { userName: "renamed.later@hartford.example" })).body);
    const rename = await scim("PATCH", `/Users/${other.id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", path: "userName", value: "unique.person@hartford.example" }],
    });
    expect(rename.statusCode).toBe(409);
    asError(rename, "uniqueness");
    expect((await scim("POST", "/Groups", { displayName: "Dispatch" })).statusCode).toBe(201);
    const again = await scim("POST", "/Groups", { displayName: "Dispatch" });
    expect(again.statusCode).toBe(409);
    asError(again, "uniqueness");
  });

  it("answers requests it cannot read with SCIM's 400s", async () => {
    const cases: [string, string, unknown, string][] = [
      ["GET", '/Users?filter=userName co "x"', undefined, "invalidFilter"],
      ["GET", '/Users?filter=title eq "x"', undefined, "invalidFilter"],
      ["POST", "/Users", { emails: [{ value: "no.username@hartford.example" }] }, "invalidValue"],
      ["POST", "/Users", { userName: "no-email-anywhere" }, "invalidValue"],
      [
        "PATCH",
        "/Users/1",
        { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations: [{ op: "move" }] },
        "invalidSyntax",
      ],
    ];
    for (const [method, url, body, scimType] of cases) {
      const res = await scim(method as Example["method"], url, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
      asError(res, scimType);
    }
    const broken = await t.app.inject({
      method: "POST",
      url: "/scim/v2/Users",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/scim+json" },
      payload: "{not json",
    });
    expect(broken.statusCode).toBe(400);
    asError(broken, "invalidSyntax");
  });

  it("keeps each agency to its own users and groups (another agency's are 404), and never shows the owner", async () => {
    const hartfordUser = asUser(
      (await scim("POST", "/Users", { userName: "hartford.only@hartford.example" })).body,
    );
    const hartfordGroup = asGroup((await scim("POST", "/Groups", { displayName: "Hartford only" })).body);
    const newHaven = (await newToken("otherAgencyAdmin")).token;
    const patch = {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", path: "active", value: false }],
    };
    for (const [method, url, body] of [
      ["GET", `/Users/${hartfordUser.id}`],
      ["PUT", `/Users/${hartfordUser.id}`, { userName: "taken.over@newhaven.example" }],
      ["PATCH", `/Users/${hartfordUser.id}`, patch],
      ["DELETE", `/Users/${hartfordUser.id}`],
      ["GET", `/Groups/${hartfordGroup.id}`],
      ["PATCH", `/Groups/${hartfordGroup.id}`, patch],
      ["DELETE", `/Groups/${hartfordGroup.id}`],
    ] as [Example["method"], string, unknown?][]) {
      const res = await scim(method, url, body, newHaven);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      asError(res);
    }
    const theirs = asList((await scim("GET", "/Users?count=200", undefined, newHaven)).body);
    const newHavenId = await agencyId(t, NEW_HAVEN);
    const agencyOf = await t.prisma.user.findMany({
      where: { id: { in: (theirs.Resources as Json[]).map((one) => Number(one.id)) } },
    });
    expect(agencyOf.every((one) => one.agencyId === newHavenId)).toBe(true);
    expect(agencyOf.length).toBeGreaterThan(0);
    // A Hartford user cannot be put in a New Haven group.
    const group = asGroup((await scim("POST", "/Groups", { displayName: "NH dispatch" }, newHaven)).body);
    const foreign = await scim(
      "PATCH",
      `/Groups/${group.id}`,
      {
        schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        Operations: [{ op: "add", path: "members", value: [{ value: hartfordUser.id }] }],
      },
      newHaven,
    );
    expect(foreign.statusCode).toBe(400);
    asError(foreign, "invalidValue");
    // The owner is nobody's to provision.
    const owner = await t.prisma.user.findUniqueOrThrow({ where: { username: "owner" } });
    await t.prisma.user.update({ where: { id: owner.id }, data: { agencyId: await agencyId(t, HARTFORD) } });
    try {
      expect((await scim("GET", `/Users/${owner.id}`)).statusCode).toBe(404);
      const ours = asList((await scim("GET", "/Users?count=200")).body).Resources as Json[];
      expect(ours.map((one) => one.userName)).not.toContain("owner");
    } finally {
      await t.prisma.user.update({ where: { id: owner.id }, data: { agencyId: null } });
    }
  });

  it("gives a group's members the role and flags of the agency's mapping rules on `groups`", async () => {
    const hartford = await agencyId(t, HARTFORD);
    await t.prisma.idpRoleRule.createMany({
      data: [
        { agencyId: hartford, claim: "groups", value: "Odin Admins", role: "admin", hotlistAdmin: true },
        {
          agencyId: hartford,
          claim: "groups",
          value: "ext-hotlist-viewers",
          role: "user",
          hotlistViewer: true,
        },
      ],
    });
    const person = asUser((await scim("POST", "/Users", { userName: "ruled.person@hartford.example" })).body);
    const plain = asUser((await scim("POST", "/Users", { userName: "plain.person@hartford.example" })).body);
    const admins = asGroup((await scim("POST", "/Groups", { displayName: "Odin Admins" })).body);
    const viewers = asGroup(
      (await scim("POST", "/Groups", { displayName: "Viewers", externalId: "ext-hotlist-viewers" })).body,
    );
    const unmapped = asGroup((await scim("POST", "/Groups", { displayName: "Unmapped" })).body);
    const add = (group: Json, ...users: Json[]) =>
      scim("PATCH", `/Groups/${group.id}`, {
        schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
        Operations: [{ op: "Add", path: "members", value: users.map((one) => ({ value: one.id })) }],
      });
    const roleOf = async (user: Json) => {
      const row = await t.prisma.user.findUniqueOrThrow({ where: { id: Number(user.id) } });
      return { role: row.role, hotlistAdmin: row.hotlistAdmin, hotlistViewer: row.hotlistViewer };
    };

    expect((await add(unmapped, person, plain)).statusCode).toBe(204);
    expect(await roleOf(plain)).toEqual({ role: "user", hotlistAdmin: false, hotlistViewer: false });
    // A rule matching the group's externalId.
    await add(viewers, person);
    expect(await roleOf(person)).toEqual({ role: "user", hotlistAdmin: false, hotlistViewer: true });
    // A rule matching the group's displayName: the rules combine (admin over user, every flag).
    await add(admins, person);
    expect(await roleOf(person)).toEqual({ role: "admin", hotlistAdmin: true, hotlistViewer: true });
    const [audit] = (await auditRows(t, "scim_user_updated")).filter(
      (row) => (row.detail as Json).by === "group mapping rules" && (row.detail as Json).to.role === "admin",
    );
    expect(audit!.detail).toMatchObject({ user_id: Number(person.id), from: { role: "user" } });
    // Out of the admin group: the viewers' rule still matches, and gives what it gives.
    await scim("PATCH", `/Groups/${admins.id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "remove", path: `members[value eq "${person.id}"]` }],
    });
    expect(await roleOf(person)).toEqual({ role: "user", hotlistAdmin: false, hotlistViewer: true });
    // Out of every mapped group: no rule matches, and the role is left as it is.
    await scim("DELETE", `/Groups/${viewers.id}`);
    expect(await roleOf(person)).toEqual({ role: "user", hotlistAdmin: false, hotlistViewer: true });
    // A rule on a group's id, and a group renamed into a rule.
    await t.prisma.idpRoleRule.create({
      data: { agencyId: hartford, claim: "groups", value: unmapped.id, auditor: true },
    });
    await scim("PATCH", `/Groups/${unmapped.id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "replace", path: "displayName", value: "Odin Admins 2" }],
    });
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: Number(plain.id) } })).auditor).toBe(true);
  });

  it("a revoked token is refused (401) at once, audited", async () => {
    const res = await call("admin", "DELETE", "/admin/scim-token");
    expect(res.statusCode, res.body).toBe(200);
    const refused = await scim("GET", "/Users");
    expect(refused.statusCode).toBe(401);
    asError(refused);
    expect((await call("admin", "GET", "/admin/scim-token")).json()).toMatchObject({ exists: false });
    expect((await call("admin", "DELETE", "/admin/scim-token")).statusCode).toBe(404);
    expect(await auditRows(t, "scim_token_revoked")).toHaveLength(1);
  });
});
