import { ZAuditLogResponse } from "@odin/contract";
import { DEMO_PASSWORD } from "@odin/db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { caller } from "./admin-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { signIn } from "./oidc-client";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const HARTFORD = "Hartford Police Department";

/**
 * Issue 17 item 3: who, what, when and from where for sign-ins (success and failure), lockouts,
 * unlocks, sign-outs and password changes, in the audit log and behind its action filter.
 */
describe("auditing of sign-in, session and password events", () => {
  let t: TestApp;
  let subjects: Record<Persona, string>;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await buildTestApp({}, { listen: true });
    subjects = await seedPersonas(t);
    call = caller(t, subjects);
  });
  afterAll(() => t?.close());

  const rows = (action: string) =>
    t.prisma.auditLog.findMany({ where: { action }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

  it("audits a successful sign-in with the user, agency and address", async () => {
    const outcome = await signIn(t.baseUrl, "hartford.investigator", DEMO_PASSWORD);
    expect(outcome.tokens).toBeDefined();
    const [row] = await rows("sign_in");
    expect(row).toMatchObject({
      username: "hartford.investigator",
      agencyName: HARTFORD,
      ip: "127.0.0.1",
      detail: { method: "password" },
    });
    expect(row!.userId).not.toBeNull();
    expect(row!.requestId).toBeTruthy();
  });

  it("audits failures (an unknown name as typed), the lockout they cause, and the unlock", async () => {
    await signIn(t.baseUrl, "nobody.here", "whatever-Pass1!");
    for (let i = 0; i < 5; i++) await signIn(t.baseUrl, "hartford.hotlistviewer", "wrong-Pass1!");
    await signIn(t.baseUrl, "hartford.hotlistviewer", DEMO_PASSWORD); // refused: locked

    const failed = await rows("sign_in_failed");
    expect(failed.map((row) => [row.username, (row.detail as { reason: string }).reason])).toEqual([
      ["nobody.here", "unknown_user"],
      ...Array.from({ length: 5 }, () => ["hartford.hotlistviewer", "wrong_password"]),
      ["hartford.hotlistviewer", "account_locked"],
    ]);
    expect(failed[0]).toMatchObject({ userId: null, agencyId: null, ip: "127.0.0.1" });
    const [locked] = await rows("account_locked");
    expect(locked).toMatchObject({
      username: "hartford.hotlistviewer",
      agencyName: HARTFORD,
      detail: { failed_attempts: 5 },
    });

    const analyst = await t.prisma.user.findUniqueOrThrow({ where: { username: "hartford.hotlistviewer" } });
    expect((await call("admin", "POST", `/admin/unlock-user/${analyst.id}`)).statusCode).toBe(200);
    expect(await rows("user_unlocked")).toHaveLength(1);
  });

  it("audits a password change and a sign-out", async () => {
    const token = await mintToken(t, subjects.investigator);
    const changed = await call({ token }, "POST", "/user/reset-password", {
      current_password: DEMO_PASSWORD,
      new_password: "N3w-Passw0rd!x",
      confirm_password: "N3w-Passw0rd!x",
    });
    expect(changed.statusCode).toBe(200);
    expect(await rows("password_changed")).toEqual([
      expect.objectContaining({
        username: "hartford.investigator",
        detail: { user_id: expect.any(Number), unlocked: false },
      }),
    ]);
    expect((await call({ token }, "POST", "/session/revoke")).statusCode).toBe(200);
    expect(await rows("sign_out")).toEqual([expect.objectContaining({ username: "hartford.investigator" })]);
  });

  it("lists one action with the audit log's action filter", async () => {
    const res = await call("admin", "GET", "/admin-audit-logs-api?action=sign_in_failed");
    expect(res.statusCode).toBe(200);
    const { logs } = ZAuditLogResponse.parse(res.json());
    // Hartford's rows only: the unknown name belongs to no agency.
    expect(logs).toHaveLength(6);
    expect(logs.every((log) => JSON.parse(log.query_parameters).action === "sign_in_failed")).toBe(true);
    expect((await call("admin", "GET", "/admin-audit-logs-api?action=DROP%20TABLE")).statusCode).toBe(400);
  });
});
