import { MASKED_SECRET_PATTERN, MESSAGES } from "@odin/contract";
import { hashToken } from "@odin/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REKOR_BASE_URL } from "../src/config/env";
import { agencyId, auditRows, caller, multipart } from "./admin-helpers";
import { buildTestApp, type TestApp } from "./helpers";
import { seedPersonas } from "./tokens";

const HARTFORD = "Hartford Police Department";
const KEY = "rk_live_0123456789abcdefWXYZ";

const csv = (...lines: string[]) => multipart({ file: { filename: "keys.csv", content: lines.join("\n") } });

describe("Rekor keys (spec 001 §7 Integrations)", () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    t = await buildTestApp();
    call = caller(t, await seedPersonas(t));
  });
  afterAll(() => t?.close());

  it("POST /add-api-key seals the key, keeps its last four and hands out the webhook token once", async () => {
    const res = await call("admin", "POST", "/add-api-key", {
      agency: " Hartford North ",
      api_key: ` ${KEY} `,
      source_program: "rekor",
    });
    expect(res.statusCode, res.body).toBe(200);
    const { message } = res.json<{ message: string }>();
    const key = await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: "Hartford North" } });
    expect(key).toMatchObject({
      agencyId: await agencyId(t, HARTFORD),
      apiKeyLast4: "WXYZ",
      baseUrl: DEFAULT_REKOR_BASE_URL,
      sourceProgram: "Rekor",
    });
    expect(key.apiKeyCiphertext).not.toContain(KEY);
    expect(t.secrets.decrypt(key.apiKeyCiphertext)).toBe(KEY);
    expect(message.startsWith(MESSAGES.apiKeyAdded)).toBe(true);
    expect(message).toContain(`/ingest/rekor/${key.id}`);
    const token = /Bearer ([A-Za-z0-9_-]+)/.exec(message)?.[1];
    expect(token && hashToken(token)).toBe(key.webhookTokenHash);
    expect(message).not.toContain(KEY);
    expect((await auditRows(t, "api_key_added")).map((row) => row.detail)).toEqual([
      { api_key_id: key.id, agency: "Hartford North", last4: "WXYZ" },
    ]);

    // Listed masked on the search form's list, like every key.
    const list = await call("investigator", "GET", "/api-keys-data");
    const listed = list.json<{ id: number; api_key: string }[]>().find((entry) => entry.id === key.id);
    expect(listed?.api_key).toMatch(MASKED_SECRET_PATTERN);
    expect(list.body).not.toContain(KEY);
  });

  it("requires agency and key ('Agency and API key are required.'), Rekor only, one label per agency", async () => {
    for (const body of [{ agency: "", api_key: KEY }, { agency: "X" }, { agency: "  ", api_key: "  " }]) {
      const res = await call("admin", "POST", "/add-api-key", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(MESSAGES.agencyAndApiKeyRequired);
    }
    const axon = await call("admin", "POST", "/add-api-key", {
      agency: "Y",
      api_key: KEY,
      source_program: "Axon",
    });
    expect(axon.statusCode).toBe(400);
    const twice = await call("admin", "POST", "/add-api-key", {
      agency: "Hartford North",
      api_key: "another-key-123456",
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe("Your agency already has a Rekor key named 'Hartford North'.");
    // Another agency may use the same label.
    const other = await call("otherAgencyAdmin", "POST", "/add-api-key", {
      agency: "Hartford North",
      api_key: "nh-key-1234567890",
    });
    expect(other.statusCode).toBe(200);
  });

  it("a short key shows no tail at all", async () => {
    await call("admin", "POST", "/add-api-key", { agency: "Tiny", api_key: "abc12" });
    expect((await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: "Tiny" } })).apiKeyLast4).toBe(
      "",
    );
  });

  it("POST /bulk-upload-api-keys adds a valid file, with a webhook token per key", async () => {
    const res = await call(
      "admin",
      "POST",
      "/bulk-upload-api-keys",
      csv("agency,api_key", "East,east-key-000011112222", '"West, Annex",west-key-333344445555'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; added: number; errors: unknown[] }>();
    expect(body).toMatchObject({ added: 2, errors: [] });
    expect(body.message.startsWith(MESSAGES.apiKeysUploaded(2))).toBe(true);
    const keys = await t.prisma.rekorApiKey.findMany({
      where: { agencyName: { in: ["East", "West, Annex"] } },
    });
    expect(keys.map((key) => key.apiKeyLast4).sort()).toEqual(["2222", "5555"]);
    for (const key of keys) {
      const token = new RegExp(`/ingest/rekor/${key.id} with "Authorization: Bearer ([A-Za-z0-9_-]+)"`).exec(
        body.message,
      )?.[1];
      expect(token && hashToken(token)).toBe(key.webhookTokenHash);
    }
    expect(body.message).not.toContain("east-key-000011112222");
    expect(await auditRows(t, "api_keys_uploaded")).toHaveLength(1);
  });

  it("all or nothing: rejected rows are listed by line and no key is added", async () => {
    const before = await t.prisma.rekorApiKey.count();
    const res = await call(
      "admin",
      "POST",
      "/bulk-upload-api-keys",
      csv(
        "agency,api_key",
        "North 2,n2-key-0000111122",
        ",no-agency-key",
        "North 2,dup-key-000011",
        "East,east-again-0000",
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { path: "line 3", message: MESSAGES.agencyAndApiKeyRequired },
      { path: "line 4", message: "agency 'North 2' repeats line 2." },
      { path: "line 5", message: "Your agency already has a Rekor key named 'East'." },
    ]);
    expect(await t.prisma.rekorApiKey.count()).toBe(before);
  });

  it("POST /rekor-keys/{id}/rotate-webhook-token issues a token to an old key and rotates it: the old one is refused at once", async () => {
    const hartford = await agencyId(t, HARTFORD);
    const legacy = await t.prisma.rekorApiKey.create({
      data: {
        agencyId: hartford,
        agencyName: "Hartford (before webhooks)",
        apiKeyCiphertext: t.secrets.encrypt(KEY),
        apiKeyLast4: "WXYZ",
        baseUrl: DEFAULT_REKOR_BASE_URL,
      },
    });
    const url = `/rekor-keys/${legacy.id}/rotate-webhook-token`;
    const heartbeat = (token: string) =>
      t.app.inject({
        method: "POST",
        url: `/ingest/rekor/${legacy.id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { data_type: "heartbeat", agent_uid: "agent-1", video_streams: [{ camera_id: 77 }] },
      });
    type Listed = { id: number; has_webhook_token?: boolean; webhook_url?: string };
    const listedAs = async (persona: "admin" | "investigator") =>
      (await call(persona, "GET", "/api-keys-data")).json<Listed[]>().find((key) => key.id === legacy.id);

    // Admins see every key's webhook URL and whether it has a token; other users only the spec's fields.
    expect(await listedAs("admin")).toMatchObject({
      has_webhook_token: false,
      webhook_url: `${t.config.publicUrl}/ingest/rekor/${legacy.id}`,
    });
    expect(await listedAs("investigator")).not.toHaveProperty("webhook_url");
    expect(await listedAs("investigator")).not.toHaveProperty("has_webhook_token");

    const first = await call("admin", "POST", url);
    expect(first.statusCode, first.body).toBe(200);
    const issued = first.json<{ id: number; webhook_url: string; webhook_token: string; message: string }>();
    expect(issued).toMatchObject({
      id: legacy.id,
      webhook_url: `${t.config.publicUrl}/ingest/rekor/${legacy.id}`,
      message: `${MESSAGES.webhookTokenIssued} ${MESSAGES.webhookTokenCopyNow}`,
    });
    expect(hashToken(issued.webhook_token)).toBe(
      (await t.prisma.rekorApiKey.findUniqueOrThrow({ where: { id: legacy.id } })).webhookTokenHash,
    );
    expect((await heartbeat(issued.webhook_token)).statusCode).toBe(200);
    expect(await listedAs("admin")).toMatchObject({ has_webhook_token: true });

    const second = await call("admin", "POST", url);
    const rotated = second.json<{ webhook_token: string; message: string }>();
    expect(rotated.message).toBe(`${MESSAGES.webhookTokenRotated} ${MESSAGES.webhookTokenCopyNow}`);
    expect(rotated.webhook_token).not.toBe(issued.webhook_token);
    expect((await heartbeat(issued.webhook_token)).statusCode).toBe(401);
    expect((await heartbeat(rotated.webhook_token)).statusCode).toBe(200);
    // The token is in no audit row, only that it changed.
    const audits = await auditRows(t, "rekor_webhook_token_rotated");
    expect(audits.map((row) => row.detail)).toEqual([
      { api_key_id: legacy.id, agency: legacy.agencyName, agency_id: hartford, first_token: true },
      { api_key_id: legacy.id, agency: legacy.agencyName, agency_id: hartford, first_token: false },
    ]);
    expect(JSON.stringify(audits.map((row) => row.detail))).not.toContain(rotated.webhook_token);

    // Another agency's admin: as if the key did not exist; other roles: refused. Nothing changes.
    const hash = (await t.prisma.rekorApiKey.findUniqueOrThrow({ where: { id: legacy.id } }))
      .webhookTokenHash;
    expect((await call("otherAgencyAdmin", "POST", url)).statusCode).toBe(404);
    expect((await call("admin", "POST", "/rekor-keys/999999/rotate-webhook-token")).statusCode).toBe(404);
    for (const persona of ["investigator", "hotlistAdmin", "hotlistViewer"] as const) {
      expect((await call(persona, "POST", url)).statusCode).toBe(403);
    }
    expect(
      (await t.prisma.rekorApiKey.findUniqueOrThrow({ where: { id: legacy.id } })).webhookTokenHash,
    ).toBe(hash);
    expect((await heartbeat(rotated.webhook_token)).statusCode).toBe(200);
  });

  it("DELETE /delete-api-key/{id}: the agency's own key only, its cameras with it", async () => {
    const hartfordKey = await t.prisma.rekorApiKey.findFirstOrThrow({
      where: { agencyName: HARTFORD },
      include: { cameras: true },
    });
    expect(hartfordKey.cameras.length).toBeGreaterThan(0);
    const foreign = await call("otherAgencyAdmin", "DELETE", `/delete-api-key/${hartfordKey.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(await t.prisma.rekorApiKey.count({ where: { id: hartfordKey.id } })).toBe(1);

    const res = await call("admin", "DELETE", `/delete-api-key/${hartfordKey.id}`);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.apiKeyDeleted });
    expect(await t.prisma.rekorApiKey.count({ where: { id: hartfordKey.id } })).toBe(0);
    expect(await t.prisma.rekorCamera.count({ where: { rekorApiKeyId: hartfordKey.id } })).toBe(0);
    expect((await auditRows(t, "api_key_deleted")).map((row) => row.detail)).toEqual([
      expect.objectContaining({ api_key_id: hartfordKey.id, agency: HARTFORD }),
    ]);
    expect((await call("admin", "DELETE", `/delete-api-key/${hartfordKey.id}`)).statusCode).toBe(404);
  });

  it("is for the agency's admins: other roles are refused and change nothing", async () => {
    const before = await t.prisma.rekorApiKey.count();
    for (const persona of ["investigator", "hotlistAdmin", "hotlistViewer"] as const) {
      expect((await call(persona, "POST", "/add-api-key", { agency: "Z", api_key: KEY })).statusCode).toBe(
        403,
      );
      expect(
        (await call(persona, "POST", "/bulk-upload-api-keys", csv("agency,api_key", "Z,zzz"))).statusCode,
      ).toBe(403);
      expect((await call(persona, "DELETE", "/delete-api-key/1")).statusCode).toBe(403);
    }
    expect(await t.prisma.rekorApiKey.count()).toBe(before);
  });
});
