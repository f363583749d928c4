import type { JWTPayload } from "jose";
import { seedDemoData } from "@odin/db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";
import { startExternalIssuer, type ExternalIssuer } from "./external-issuer";

/**
 * Issue 34 items 1 and 2: with the agency's own identity provider (OIDC_ISSUER, IDP_ADMIN=none), an
 * admin adds a person by e-mail; the person's first sign-in links the account when the ID token's
 * e-mail is verified; the owner's mapping rules make accounts and decide their role at every token.
 */
describe("onboarding with an external issuer", () => {
  let t: TestApp;
  let idp: ExternalIssuer;
  let hartford: number;
  let newHaven: number;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const call = async (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    subject: string,
    payload?: object,
    claims = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: bearer(await idp.accessToken(subject, claims)),
      ...(payload ? { payload } : {}),
    });
  const link = async (subject: string, idClaims: JWTPayload, accessClaims: JWTPayload = {}) =>
    t.app.inject({
      method: "POST",
      url: "/session/link",
      headers: bearer(await idp.accessToken(subject, accessClaims)),
      payload: { id_token: await idp.idToken(subject, idClaims) },
    });
  const audits = (action: string) =>
    t.prisma.auditLog.findMany({ where: { action }, orderBy: { id: "asc" } });

  beforeAll(async () => {
    const clientId = "odin-web";
    const audience = "api://odin";
    idp = await startExternalIssuer({ audience, clientId });
    t = await buildTestApp({ OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: clientId, OIDC_AUDIENCE: audience });
    await seedDemoData(t.prisma, { encryptSecret: t.secrets.encrypt });
    await t.prisma.user.update({
      where: { username: "hartford.admin" },
      data: { idpSubject: "idp|hartford-admin" },
    });
    await t.prisma.user.update({ where: { username: "owner" }, data: { idpSubject: "idp|owner" } });
    hartford = (await t.prisma.agency.findFirstOrThrow({ where: { name: { contains: "Hartford" } } })).id;
    newHaven = (await t.prisma.agency.findFirstOrThrow({ where: { name: { contains: "New Haven" } } })).id;
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it("adds a person by e-mail, without a password; a password is refused with the reason", async () => {
    const refused = await call("POST", "/admin/add-user", "idp|hartford-admin", {
      username: "j.rivera",
      name: "Julia Rivera",
      email: "j.rivera@hartford.example",
      password: "Str0ng!Passw0rd#",
      role: "user",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain("leave the password empty");

    const added = await call("POST", "/admin/add-user", "idp|hartford-admin", {
      username: "j.rivera",
      name: "Julia Rivera",
      email: "J.Rivera@Hartford.example",
      role: "user",
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().message).toBe("User added successfully.");
    const listed = (await call("GET", "/admin-data", "idp|hartford-admin")).json().users;
    expect(listed.find((user: { username: string }) => user.username === "j.rivera")).toMatchObject({
      sign_in: "pending",
      idp_subject: null,
    });
  });

  it("refuses the first sign-in while the provider has not verified the e-mail, and says so in the audit log", async () => {
    expect((await call("GET", "/get-current-user", "idp|julia")).json().error.message).toBe(
      "No Odin account matches this sign-in. Ask your agency's admin to add you.",
    );
    const refused = await link("idp|julia", { email: "j.rivera@hartford.example", email_verified: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      "No Odin account matches this sign-in. Ask your agency's admin to add you.",
    );
    const [row] = await audits("identity_link_refused");
    expect(row!.detail).toMatchObject({
      subject: "idp|julia",
      reason: "the e-mail is not verified by the identity provider",
    });
    expect(
      (await t.prisma.user.findUniqueOrThrow({ where: { username: "j.rivera" } })).idpSubject,
    ).toBeNull();
  });

  it("links the account at the first sign-in with a verified e-mail, once, however many calls arrive together", async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        link("idp|julia", { email: "j.rivera@hartford.example", email_verified: true }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.json().status).sort()).toEqual([
      "already",
      "already",
      "already",
      "already",
      "linked",
    ]);
    expect(await audits("identity_linked")).toHaveLength(1);
    const me = await call("GET", "/get-current-user", "idp|julia");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: "j.rivera", role: "user" });
  });

  it("takes the e-mail from UserInfo when the ID token is thin (OIDC Core §5.4), and Entra's xms_edov for email_verified", async () => {
    await call("POST", "/admin/add-user", "idp|hartford-admin", {
      username: "t.okafor",
      name: "Tobi Okafor",
      email: "t.okafor@hartford.example",
    });
    idp.userInfo.set("okta|00u7", { email: "t.okafor@hartford.example", email_verified: true });
    const thin = await link("okta|00u7", {});
    expect(thin.statusCode, thin.body).toBe(200);
    expect(thin.json().status).toBe("linked");

    await call("POST", "/admin/add-user", "idp|hartford-admin", {
      username: "l.berg",
      name: "Lina Berg",
      email: "l.berg@hartford.example",
    });
    const entra = await link("entra|lberg", { email: "l.berg@hartford.example", xms_edov: true });
    expect(entra.json().status).toBe("linked");
    // email_verified false is not overruled by xms_edov.
    await call("POST", "/admin/add-user", "idp|hartford-admin", {
      username: "a.ng",
      name: "Al Ng",
      email: "a.ng@hartford.example",
    });
    expect(
      (await link("entra|ang", { email: "a.ng@hartford.example", email_verified: false, xms_edov: true }))
        .statusCode,
    ).toBe(403);
  });

  it("never re-binds a linked account by e-mail: another subject with the same e-mail is refused", async () => {
    const other = await link("idp|impostor", { email: "j.rivera@hartford.example", email_verified: true });
    expect(other.statusCode).toBe(403);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { username: "j.rivera" } })).idpSubject).toBe(
      "idp|julia",
    );
    expect((await audits("identity_link_refused")).at(-1)!.detail).toMatchObject({
      subject: "idp|impostor",
      reason: "the e-mail's account is bound to another subject",
    });
  });

  it("refuses an ID token that is not the issuer's, or not the access token's person (401)", async () => {
    const forged = await t.app.inject({
      method: "POST",
      url: "/session/link",
      headers: bearer(await idp.accessToken("idp|mallory")),
      payload: {
        id_token: await idp.forgedIdToken("idp|mallory", {
          email: "j.rivera@hartford.example",
          email_verified: true,
        }),
      },
    });
    expect(forged.statusCode).toBe(401);
    const swapped = await t.app.inject({
      method: "POST",
      url: "/session/link",
      headers: bearer(await idp.accessToken("idp|mallory")),
      payload: { id_token: await idp.idToken("idp|julia") },
    });
    expect(swapped.statusCode).toBe(401);
    expect(swapped.json().error.message).toContain("another sign-in");
  });

  it("lets an admin bind a subject explicitly and clear it, which ends the account's sessions", async () => {
    await call("POST", "/admin/add-user", "idp|hartford-admin", {
      username: "k.osei",
      name: "Kofi Osei",
      email: "k.osei@hartford.example",
    });
    const id = (await t.prisma.user.findUniqueOrThrow({ where: { username: "k.osei" } })).id;
    const bound = await call("PUT", `/admin/users/${id}/identity`, "idp|hartford-admin", {
      idp_subject: "00u1abcd",
    });
    expect(bound.statusCode).toBe(200);
    const early = await idp.accessToken("00u1abcd", {}, { issuedAt: -3 });
    expect(
      (await t.app.inject({ method: "GET", url: "/get-current-user", headers: bearer(early) })).statusCode,
    ).toBe(200);
    // The subject is another account's: refused.
    const taken = await call("PUT", `/admin/users/${id}/identity`, "idp|hartford-admin", {
      idp_subject: "idp|julia",
    });
    expect(taken.statusCode).toBe(409);
    // Cleared: the old token stops working; the account is pending again.
    expect(
      (await call("PUT", `/admin/users/${id}/identity`, "idp|hartford-admin", { idp_subject: null }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/get-current-user", headers: bearer(early) })).statusCode,
    ).toBe(403);
    expect((await audits("identity_set")).map((row) => row.detail)).toEqual([
      expect.objectContaining({ before: null, after: "00u1abcd" }),
      expect.objectContaining({ before: "00u1abcd", after: null }),
    ]);
    // Another agency's admin cannot touch it.
    await t.prisma.user.update({
      where: { username: "newhaven.admin" },
      data: { idpSubject: "idp|nh-admin" },
    });
    expect(
      (await call("PUT", `/admin/users/${id}/identity`, "idp|nh-admin", { idp_subject: "x" })).statusCode,
    ).toBe(404);
  });

  it("adds people from a CSV without a password column, one of them bound to a subject at once", async () => {
    const csv =
      "username,name,email,role,idp_subject\r\nm.chen,Mei Chen,m.chen@hartford.example,user,\r\nr.diaz,Rosa Diaz,r.diaz@hartford.example,admin,00u9xyz\r\n";
    const boundary = "----odin";
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/bulk-upload-users",
      headers: {
        ...bearer(await idp.accessToken("idp|hartford-admin")),
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { username: "r.diaz" } })).idpSubject).toBe(
      "00u9xyz",
    );
    expect((await call("GET", "/get-current-user", "00u9xyz")).json()).toMatchObject({
      username: "r.diaz",
      role: "admin",
    });
  });

  describe("mapping rules", () => {
    it("lets only the owner keep rules, and refuses a claim that is not a claim name", async () => {
      const rule = {
        agency_id: hartford,
        claim: "groups",
        value: "9c1f-odin-investigators",
        role: "user",
        hotlist_viewer: true,
      };
      expect((await call("POST", "/owner/idp-rules", "idp|hartford-admin", rule)).statusCode).toBe(403);
      expect(
        (await call("POST", "/owner/idp-rules", "idp|owner", { ...rule, claim: "groups[0]" })).statusCode,
      ).toBe(400);
      const added = await call("POST", "/owner/idp-rules", "idp|owner", rule);
      expect(added.statusCode, added.body).toBe(200);
      expect((await call("POST", "/owner/idp-rules", "idp|owner", rule)).statusCode).toBe(409);
      const keycloak = {
        agency_id: hartford,
        claim: "realm_access.roles",
        value: "odin-admin",
        role: "admin",
      };
      expect((await call("POST", "/owner/idp-rules", "idp|owner", keycloak)).statusCode).toBe(200);
      const listed = (await call("GET", "/owner/idp-rules", "idp|owner")).json();
      expect(listed.external_issuer).toBe(true);
      expect(listed.rules).toHaveLength(2);
    });

    it("makes an account for an Entra-shaped sign-in whose groups (object ids, in the ID token only) match", async () => {
      const entra = {
        email: "p.nowak@hartford.example",
        name: "Piotr Nowak",
        preferred_username: "p.nowak@hartford.example",
        groups: ["0b6f-unrelated", "9c1f-odin-investigators"],
        oid: "a1b2",
      };
      const made = await link("entra|pnowak", entra);
      expect(made.statusCode, made.body).toBe(200);
      expect(made.json().status).toBe("created");
      // The access token carries no groups (Entra's default for an API): the ID token's count.
      const me = (await call("GET", "/get-current-user", "entra|pnowak")).json();
      expect(me).toMatchObject({ username: "p.nowak@hartford.example", role: "user", hotlist_viewer: true });
      const [row] = await audits("user_provisioned_by_rule");
      expect(row!.detail).toMatchObject({ agency_id: hartford, role: "user", hotlist_viewer: true });
    });

    it("gives a Keycloak-shaped sign-in (realm_access.roles in the access token) the admin role, and takes it at the next token", async () => {
      const roles = { realm_access: { roles: ["offline_access", "odin-admin"] } };
      expect(
        (
          await link(
            "kc|ana",
            { email: "ana@hartford.example", email_verified: true, preferred_username: "ana" },
            roles,
          )
        ).json().status,
      ).toBe("created");
      expect((await call("GET", "/get-current-user", "kc|ana", undefined, roles)).json()).toMatchObject({
        role: "admin",
      });
      // Removed from the group in Keycloak: the next token has no matching role and the account loses access.
      const gone = await call("GET", "/get-current-user", "kc|ana", undefined, {
        realm_access: { roles: ["offline_access"] },
      });
      expect(gone.statusCode).toBe(403);
      expect(gone.json().error.message).toContain("no longer gives you access");
      // Moved to the investigators' group: a user again, changed and audited once.
      const moved = { ...roles, groups: ["9c1f-odin-investigators"], realm_access: { roles: [] } };
      const back = await Promise.all(
        [1, 2, 3].map(async () => call("GET", "/get-current-user", "kc|ana", undefined, moved)),
      );
      expect(back.map((answer) => answer.json().role)).toEqual(["user", "user", "user"]);
      const ana = await t.prisma.user.findFirstOrThrow({ where: { idpSubject: "kc|ana" } });
      expect((await audits("user_changed_by_rule")).filter((row) => row.userId === ana.id)).toHaveLength(1);
    });

    it("refuses a sign-in whose groups match rules of two agencies", async () => {
      await call("POST", "/owner/idp-rules", "idp|owner", {
        agency_id: newHaven,
        claim: "groups",
        value: "shared-task-force",
      });
      await call("POST", "/owner/idp-rules", "idp|owner", {
        agency_id: hartford,
        claim: "groups",
        value: "shared-task-force-h",
      });
      const both = await link("entra|both", {
        email: "both@example.gov",
        groups: ["shared-task-force", "shared-task-force-h"],
      });
      expect(both.statusCode).toBe(403);
      expect(both.json().error.message).toContain("more than one agency");
      expect(await t.prisma.user.findFirst({ where: { idpSubject: "entra|both" } })).toBeNull();
    });

    it("removing a rule takes the access it gave at the next token", async () => {
      const rules = (await call("GET", "/owner/idp-rules", "idp|owner")).json().rules as {
        id: number;
        value: string;
      }[];
      const investigators = rules.find((rule) => rule.value === "9c1f-odin-investigators")!;
      expect((await call("DELETE", `/owner/idp-rules/${investigators.id}`, "idp|owner")).statusCode).toBe(
        200,
      );
      expect((await call("GET", "/get-current-user", "entra|pnowak")).statusCode).toBe(403);
      expect(await audits("idp_rule_removed")).toHaveLength(1);
    });
  });
});
