import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
`;

describe("a client generated from GET /openapi.json (openapi-typescript + openapi-fetch)", () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({}, { listen: true });
    const agency = await t.prisma.agency.create({ data: { name: "Client Town PD", code: "CTPD" } });
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
    const client = (await import(/* @vite-ignore */ pathToFileURL(clientJs).href)) as {
      run(baseUrl: string, token: string): Promise<Record<string, unknown>>;
    };
    const outcome = await client.run(t.baseUrl, token);
    // The whole outcome in the message: a failure under load says which call answered what.
    expect(outcome, JSON.stringify(outcome)).toMatchObject({
      status: "ok",
      plates: [],
      refused: { status: 400, code: "VALIDATION_FAILED" },
    });
    expect(outcome.sources).toBeTypeOf("string");
  }, 60_000);
});
