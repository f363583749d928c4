import { ENDPOINTS, type TSearchResult } from "@odin/contract";
import { DEMO_AGENCIES, DEMO_AXON } from "@odin/db/demo-data";
import { startSimulators, type RunningSimulators } from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

/** Every vendor secret the demo seed stores: none may ever leave the server, nor sit in the database in clear. */
const SECRETS = [
  ...DEMO_AGENCIES.flatMap((agency) => [
    agency.rekor.apiKey,
    agency.rekor.webhookToken,
    ...agency.axis.map((camera) => camera.ingestToken),
  ]),
  DEMO_AXON.clientSecret,
];

describe("vendor secrets", () => {
  let t: TestApp;
  let sim: RunningSimulators;
  let subjects: Record<Persona, string>;

  beforeAll(async () => {
    sim = await startSimulators({ rekorPort: 0, axonPort: 0 });
    t = await buildTestApp();
    subjects = await seedPersonas(t, { simulatorUrls: { rekor: sim.rekorUrl, axon: sim.axonUrl } });
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it("are stored encrypted or hashed, never in clear", async () => {
    const dump = await t.prisma.$queryRaw<{ row: string }[]>`
      SELECT row_to_json(k)::text AS row FROM rekor_api_keys k
      UNION ALL SELECT row_to_json(a)::text FROM axon_integrations a
      UNION ALL SELECT row_to_json(i)::text FROM axis_integrations i`;
    expect(dump.length).toBeGreaterThan(5);
    const text = dump.map((entry) => entry.row).join("\n");
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });

  it("never appear in any answer of any GET route or of a search, for any persona", async () => {
    const answers: string[] = [];
    for (const persona of ["owner", "admin", "investigator", "hotlistAdmin"] as const) {
      const authorization = `Bearer ${await mintToken(t, subjects[persona])}`;
      for (const endpoint of ENDPOINTS) {
        if (endpoint.method !== "GET" || endpoint.path.includes(":")) continue;
        // The live alert stream never ends and carries alerts only (proven in alert-stream.test.ts).
        if (endpoint.path === "/alerts/stream") continue;
        const res = await t.app.inject({ method: "GET", url: endpoint.path, headers: { authorization } });
        answers.push(`${endpoint.path} ${res.statusCode} ${JSON.stringify(res.headers)} ${res.body}`);
      }
      const search = await t.app.inject({
        method: "POST",
        url: "/search-data",
        headers: { authorization },
        payload: {
          justification: "Case 2026-300: secrets check",
          start_time: new Date(sim.dataset.now - 24 * 3_600_000).toISOString(),
          end_time: new Date(sim.dataset.now).toISOString(),
        },
      });
      expect(search.statusCode).toBe(200);
      const results = search.json<TSearchResult[]>();
      expect(new Set(results.map((result) => result.source_program))).toEqual(new Set(["Rekor", "Axon"]));
      answers.push(JSON.stringify(search.headers), search.body);
    }
    const everything = answers.join("\n");
    for (const secret of SECRETS) expect(everything).not.toContain(secret);
  });
});
