import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as oidc from "openid-client";
import { builtInSubject } from "../src/identity/built-in-provider";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken } from "./tokens";

/**
 * Issue 38 "done when": a client generated from the served document by tools that are not Odin's
 * (openapi-typescript writes the types, openapi-fetch makes the calls) type-checks against it and calls
 * Odin over real HTTP: the health check, and a signed-in search with its justification and case number.
 */
// Under node_modules: ignored by git, and "openapi-fetch" resolves from there as from any project.
const CLIENT_DIR = path.join(import.meta.dirname, "..", "node_modules", ".cache", "odin-openapi-client");

const CLIENT_SOURCE = `import createClient from "openapi-fetch";
import type { paths } from "./odin-api";

export async function run(baseUrl: string, token: string) {
  const client = createClient<paths>({ baseUrl });
  const health = await client.GET("/healthz");
  const search = await client.POST("/search-data", {
    headers: { authorization: \`Bearer \${token}\` },
    body: {
      plate: "abc1234",
      justification: "Stolen vehicle report",
      case_number: "24-001234",
      start_time: "2026-11-01T00:00:00.000Z",
      end_time: "2026-11-08T00:00:00.000Z",
      agencies: [],
      filters: { top_rack: false, back_rack: false, bumper_stickers: false, window_stickers: false },
    },
  });
  const refused = await client.POST("/search-data", {
    headers: { authorization: \`Bearer \${token}\` },
    // @ts-expect-error the generated types know the justification is required
    body: { start_time: "2026-11-01T00:00:00.000Z", end_time: "2026-11-08T00:00:00.000Z", filters: {} },
  });
  const status: "ok" | undefined = health.data?.status;
  const plates: string[] | undefined = search.data?.map((result) => result.plate);
  return {
    status,
    healthStatus: health.response.status,
    searchStatus: search.response.status,
    searchError: search.error,
    plates,
    sources: search.response.headers.get("x-odin-sources"),
    refused: { status: refused.response.status, code: refused.error?.error.code },
  };
}

/** Issue 38 item 2: a CAD's calls with its API client's token: a search, the alert groups, the live stream. */
export async function runAsClient(baseUrl: string, token: string) {
  const client = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${token}\` } });
  const search = await client.POST("/search-data", {
    body: {
      plate: "abc1234",
      justification: "CAD incident 24-001234",
      case_number: "24-001234",
      start_time: "2026-11-01T00:00:00.000Z",
      end_time: "2026-11-08T00:00:00.000Z",
      agencies: [],
      filters: { top_rack: false, back_rack: false, bumper_stickers: false, window_stickers: false },
    },
  });
  const groups = await client.GET("/alerts-data");
  const names: string[] | undefined = groups.data?.map((group) => group.name);
  const stop = new AbortController();
  const stream = await client.GET("/alerts/stream", { parseAs: "stream", signal: stop.signal });
  let first = "";
  if (stream.data) {
    const reader = stream.data.getReader();
    const { value } = await reader.read();
    first = new TextDecoder().decode(value);
    await reader.cancel();
    stop.abort();
  }
  const admin = await client.GET("/admin-data");
  return {
    searchStatus: search.response.status,
    searchError: search.error,
    groupsStatus: groups.response.status,
    groups: names,
    streamStatus: stream.response.status,
    streamType: stream.response.headers.get("content-type"),
    first,
    adminStatus: admin.response.status,
  };
}
`;

describe("a client generated from GET /openapi.json (openapi-typescript + openapi-fetch)", () => {
  let t: TestApp;
  let token: string;
  let agencyId: number;
  let generated: {
    run(baseUrl: string, token: string): Promise<Record<string, unknown>>;
    runAsClient(baseUrl: string, token: string): Promise<Record<string, unknown>>;
  };

  beforeAll(async () => {
    t = await buildTestApp({}, { listen: true });
    const agency = await t.prisma.agency.create({ data: { name: "Client Town PD", code: "CTPD" } });
    agencyId = agency.id;
    const user = await t.prisma.user.create({
      data: {
        username: "client.investigator",
        name: "Client Investigator",
        email: "client.investigator@example.test",
        approved: true,
        role: "user",
        agencyId: agency.id,
      },
    });
    await t.prisma.user.update({ where: { id: user.id }, data: { idpSubject: builtInSubject(user.id) } });
    token = await mintToken(t, builtInSubject(user.id));
  });
  // The test's fetch (undici) leaves a connection open that never carried a request, after the stream
  // it cancelled: the app's close no longer waits out the keep-alive timeout (72 s) for it (app.ts).
  afterAll(() => t?.close());

  it("generates types that a strict TypeScript accepts, and its calls reach Odin", async () => {
    const document = (await (await fetch(`${t.baseUrl}/openapi.json`)).json()) as Parameters<
      typeof openapiTS
    >[0];
    await mkdir(CLIENT_DIR, { recursive: true });
    await writeFile(path.join(CLIENT_DIR, "odin-api.d.ts"), astToString(await openapiTS(document)));
    const clientTs = path.join(CLIENT_DIR, "client.ts");
    await writeFile(clientTs, CLIENT_SOURCE);

    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: [],
    };
    const program = ts.createProgram([clientTs], options);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(problems).toEqual([]);

    const clientJs = path.join(CLIENT_DIR, "client.mjs");
    const js = ts.transpileModule(CLIENT_SOURCE, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    await writeFile(clientJs, js);
    generated = (await import(/* @vite-ignore */ pathToFileURL(clientJs).href)) as typeof generated;
    const outcome = await generated.run(t.baseUrl, token);
    // The whole outcome in the message: a failure under load says which call answered what.
    expect(outcome, JSON.stringify(outcome)).toMatchObject({
      status: "ok",
      plates: [],
      refused: { status: 400, code: "VALIDATION_FAILED" },
    });
    expect(outcome.sources).toBeTypeOf("string");
  }, 60_000);

  it("is how a CAD calls Odin with an API client: token by client credentials, a search, its groups, the live stream (issue 38 item 2)", async () => {
    expect(generated, "the first test generated the client").toBeDefined();
    const admin = await t.prisma.user.create({
      data: {
        username: "client.admin",
        name: "Client Admin",
        email: "client.admin@example.test",
        approved: true,
        role: "admin",
        agencyId,
      },
    });
    await t.prisma.user.update({ where: { id: admin.id }, data: { idpSubject: builtInSubject(admin.id) } });
    await t.prisma.hotlistGroup.create({ data: { agencyId, name: "Stolen vehicles (CAD)" } });
    const made = await t.app.inject({
      method: "POST",
      url: "/admin/api-clients",
      headers: { authorization: `Bearer ${await mintToken(t, builtInSubject(admin.id))}` },
      payload: { name: "Client Town CAD", scopes: ["search", "alerts:read", "alerts:stream"] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const { client, client_secret: secret } = made.json<{
      client: { client_id: string };
      client_secret: string;
    }>();
    // The token the way the integrator's own OAuth library takes it, from the document's token URL.
    const document = (await (await fetch(`${t.baseUrl}/openapi.json`)).json()) as {
      components: { securitySchemes: { apiClient: { flows: { clientCredentials: { tokenUrl: string } } } } };
    };
    const tokenUrl = document.components.securitySchemes.apiClient.flows.clientCredentials.tokenUrl;
    const server: oidc.ServerMetadata = { issuer: t.config.identity.issuer, token_endpoint: tokenUrl };
    const config = new oidc.Configuration(server, client.client_id, secret);
    oidc.allowInsecureRequests(config);
    const tokens = await oidc.clientCredentialsGrant(config, { resource: t.config.identity.audience });

    const outcome = await generated.runAsClient(t.baseUrl, tokens.access_token);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({
      searchStatus: 200,
      groupsStatus: 200,
      groups: ["Stolen vehicles (CAD)"],
      streamStatus: 200,
      adminStatus: 403,
    });
    expect(outcome.streamType).toMatch(/^text\/event-stream/);
    expect(outcome.first).toContain(": ready");
    const audited = await t.prisma.auditLog.findFirst({
      where: { action: "search", username: `client:${client.client_id}` },
    });
    expect(audited?.justification).toBe("CAD incident 24-001234");
  }, 60_000);
});
