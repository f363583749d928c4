import { randomUUID } from "node:crypto";
import { MESSAGES } from "@odin/contract";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/env";
import { createAuth0IdentityAdmin, sanitizeDetail } from "../src/identity/idp-admin/auth0-identity-admin";
import { auditRows, caller, multipart, userId } from "./admin-helpers";
import { buildTestApp, projectRoot, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

const M2M = { id: "odin-m2m", secret: "m2m-secret-never-shown" };

interface FakeUser {
  user_id: string;
  email: string;
  name: string;
  password: string;
  connection: string;
}

/**
 * A stand-in for an Auth0 tenant speaking the Management API's contract over real HTTP: client
 * credentials tokens for /api/v2/, user creation (409 for a known e-mail, 400 for a weak password, as
 * Auth0 words them), password updates, deletion and the change-password mail.
 */
async function startFakeAuth0() {
  const app = Fastify();
  const users = new Map<string, FakeUser>();
  const tokens = new Set<string>();
  const resetMails: string[] = [];
  let baseUrl = "";
  const refuse = (status: number, error: string, message: string) => ({ statusCode: status, error, message });

  app.post("/oauth/token", async (request, reply) => {
    const body = request.body as Record<string, string>;
    if (
      body.client_id !== M2M.id ||
      body.client_secret !== M2M.secret ||
      body.audience !== `${baseUrl}/api/v2/`
    ) {
      return reply.code(401).send({ error: "access_denied", error_description: "Unauthorized" });
    }
    const token = randomUUID();
    tokens.add(token);
    return { access_token: token, token_type: "Bearer", expires_in: 86400 };
  });
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/v2/")) return;
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!token || !tokens.has(token))
      return reply.code(401).send(refuse(401, "Unauthorized", "Invalid token"));
  });
  app.post("/api/v2/users", async (request, reply) => {
    const body = request.body as Omit<FakeUser, "user_id">;
    if (body.email.startsWith("echo")) {
      return reply
        .code(400)
        .send(refuse(400, "Bad Request", `Payload validation error: ${JSON.stringify(body)}`));
    }
    if ([...users.values()].some((user) => user.email === body.email)) {
      return reply.code(409).send(refuse(409, "Conflict", "The user already exists."));
    }
    if (body.password.length < 14) {
      return reply.code(400).send(refuse(400, "Bad Request", "PasswordStrengthError: Password is too weak"));
    }
    const user = { ...body, user_id: `auth0|${randomUUID().replaceAll("-", "")}` };
    users.set(user.user_id, user);
    return reply.code(201).send({ user_id: user.user_id, email: user.email, name: user.name });
  });
  app.patch("/api/v2/users/:id", async (request, reply) => {
    const user = users.get((request.params as { id: string }).id);
    if (!user) return reply.code(404).send(refuse(404, "Not Found", "The user does not exist."));
    Object.assign(user, request.body as object);
    return { user_id: user.user_id };
  });
  app.delete("/api/v2/users/:id", async (request, reply) => {
    users.delete((request.params as { id: string }).id);
    return reply.code(204).send();
  });
  app.post("/dbconnections/change_password", async (request) => {
    resetMails.push((request.body as { email: string }).email);
    return "We've just sent you an email to reset your password.";
  });
  baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  return { app: app as FastifyInstance, users, tokens, resetMails, baseUrl };
}

describe("user administration with Auth0 as the identity provider", () => {
  let auth0: Awaited<ReturnType<typeof startFakeAuth0>>;
  let t: TestApp;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    auth0 = await startFakeAuth0();
    t = await buildTestApp(
      {},
      {
        identityAdmin: createAuth0IdentityAdmin({
          baseUrl: auth0.baseUrl,
          clientId: M2M.id,
          clientSecret: M2M.secret,
          connection: "Username-Password-Authentication",
          appClientId: "odin-web",
        }),
      },
    );
    call = caller(t, await seedPersonas(t));
  });
  afterAll(async () => {
    await t?.close();
    await auth0?.app.close();
  });

  const user = {
    username: "kim.auth0",
    name: "Kim Auth",
    email: "kim@example.com",
    password: "Str0ng-pass!-long",
  };

  it("provisions the account in Auth0 and keeps its subject, not a password", async () => {
    const res = await call("admin", "POST", "/admin/add-user", user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MESSAGES.userAdded);
    const row = await t.prisma.user.findUniqueOrThrow({ where: { username: "kim.auth0" } });
    const account = auth0.users.get(row.idpSubject!);
    expect(account).toMatchObject({
      email: "kim@example.com",
      name: "Kim Auth",
      connection: "Username-Password-Authentication",
    });
    expect(row.passwordHash).toBeNull();
  });

  it("a refusal is a 502 carrying Auth0's own reason, and nothing is saved", async () => {
    const weak = await call("admin", "POST", "/admin/add-user", {
      ...user,
      username: "weak.auth0",
      email: "weak@example.com",
      password: "Sh0rt-pass!",
    });
    expect(weak.statusCode).toBe(502);
    expect(weak.json().error).toEqual({
      code: "UPSTREAM_FAILED",
      message: "PasswordStrengthError: Password is too weak",
    });
    expect(await t.prisma.user.count({ where: { username: "weak.auth0" } })).toBe(0);

    // Known to Auth0 but not to Odin (made in Auth0's dashboard, say): Auth0's words reach the admin.
    auth0.users.set("auth0|outside", {
      user_id: "auth0|outside",
      email: "outside@example.com",
      name: "O",
      password: "x",
      connection: "c",
    });
    const exists = await call("admin", "POST", "/admin/add-user", {
      ...user,
      username: "outside",
      email: "outside@example.com",
    });
    expect(exists.statusCode).toBe(502);
    expect(exists.json().error.message).toBe("The user already exists.");
  });

  it("never echoes the password or Odin's credentials, even when Auth0 does", async () => {
    const res = await call("admin", "POST", "/admin/add-user", {
      ...user,
      username: "echo",
      email: "echo@example.com",
    });
    expect(res.statusCode).toBe(502);
    expect(res.body).not.toContain(user.password);
    expect(res.body).toContain("[redacted]");
    expect(res.body).not.toContain(M2M.secret);
  });

  it("Odin's own duplicate check comes first: no call to Auth0 for a taken name", async () => {
    const before = auth0.users.size;
    const res = await call("admin", "POST", "/admin/add-user", { ...user, email: "kim2@example.com" });
    expect(res.statusCode).toBe(409);
    expect(auth0.users.size).toBe(before);
  });

  it("a bulk upload refused at one row removes the accounts it already made in Auth0", async () => {
    const before = auth0.users.size;
    const res = await call(
      "admin",
      "POST",
      "/bulk-upload-users",
      multipart({
        file: {
          filename: "u.csv",
          content: [
            "username,name,email,password",
            "a.one,A One,a.one@example.com,Str0ng-pass!-long",
            "b.two,B Two,b.two@example.com,Str0ng-pass!",
          ].join("\n"),
        },
      }),
    );
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe("Line 3: PasswordStrengthError: Password is too weak");
    expect(auth0.users.size).toBe(before);
    expect(await t.prisma.user.count({ where: { username: { in: ["a.one", "b.two"] } } })).toBe(0);
  });

  it("the admin's Send Reset asks Auth0 to send its change-password mail", async () => {
    const res = await call("admin", "POST", `/admin/send-password-reset/${await userId(t, "kim.auth0")}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(auth0.resetMails).toEqual(["kim@example.com"]);
    expect(t.outbox).toEqual([]);
    expect(await auditRows(t, "reset_sent")).toHaveLength(1);
  });

  it("the owner's reset sets the password in Auth0 (no change required on Odin's screen)", async () => {
    const id = await userId(t, "kim.auth0");
    const res = await call("owner", "POST", "/admin/reset-user-password", {
      user_id: id,
      new_password: "Temp0rary-pass!",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain("successfully");
    const row = await t.prisma.user.findUniqueOrThrow({ where: { id } });
    expect(auth0.users.get(row.idpSubject!)?.password).toBe("Temp0rary-pass!");
    expect(row).toMatchObject({ passwordHash: null, mustChangePassword: false });
  });

  it("Odin's Management API credentials refused: a 502 that names the cause, not the secret", async () => {
    const wrong = createAuth0IdentityAdmin({
      baseUrl: auth0.baseUrl,
      clientId: M2M.id,
      clientSecret: "wrong",
      connection: "c",
      appClientId: "odin-web",
    });
    await expect(wrong.createAccount({ ...user, email: "z@example.com" })).rejects.toThrow(
      "Odin's Management API credentials were refused: Unauthorized",
    );
  });
});

describe("the identity provider admin's configuration and sanitising", () => {
  const load = (env: NodeJS.ProcessEnv) => loadConfig({ NODE_ENV: "test", ...env }, projectRoot);

  it("chooses the built-in adapter with the built-in provider, none with an external issuer", () => {
    expect(load({}).identityAdmin).toEqual({ kind: "built-in" });
    expect(load({ OIDC_ISSUER: "https://odin.us.auth0.com/" }).identityAdmin).toEqual({ kind: "none" });
  });

  it("reads the Auth0 settings, and names the missing one", () => {
    const env = {
      OIDC_ISSUER: "https://odin.us.auth0.com/",
      IDP_ADMIN: "auth0",
      AUTH0_DOMAIN: "https://odin.us.auth0.com/",
      AUTH0_MGMT_CLIENT_ID: "m2m",
      AUTH0_MGMT_CLIENT_SECRET: "s",
    };
    expect(load(env).identityAdmin).toEqual({
      kind: "auth0",
      domain: "odin.us.auth0.com",
      clientId: "m2m",
      clientSecret: "s",
      connection: "Username-Password-Authentication",
      appClientId: "odin-web",
    });
    expect(() => load({ ...env, AUTH0_MGMT_CLIENT_SECRET: undefined })).toThrow(
      "Configuration error: AUTH0_MGMT_CLIENT_SECRET is required when IDP_ADMIN=auth0",
    );
    expect(() => load({ IDP_ADMIN: "auth0" })).toThrow("IDP_ADMIN auth0 needs OIDC_ISSUER");
    expect(() => load({ OIDC_ISSUER: "https://x.example/", IDP_ADMIN: "built-in" })).toThrow("IDP_ADMIN");
  });

  it("sanitises the provider's reason: secrets out, control characters out, length bounded", () => {
    expect(sanitizeDetail("bad pw Secret-1\r\nline", ["Secret-1"])).toBe("bad pw [redacted] line");
    expect(sanitizeDetail("x".repeat(1000))).toHaveLength(300);
  });
});
