import { DEMO_AGENCIES } from "@odin/db/demo-data";
import { buildAxisEvent, buildRekorGroup, createDataset, ImageRenderer } from "@odin/simulators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

const hartford = DEMO_AGENCIES[0]!;
const NUL_MESSAGE = "Text must not contain NUL characters.";

/**
 * Issue 18, finding 8: PostgreSQL refuses NUL in text, so a NUL byte anywhere in a request used to
 * reach the database and answer 500 (and a webhook's 500 invites endless retries). It is a 400 now.
 */
describe("NUL characters in requests", () => {
  let t: TestApp;
  let subjects: Record<Persona, string>;
  const renderer = new ImageRenderer();
  const dataset = createDataset({ now: Date.now(), rekorReadsPerAgent: 2, axisReads: 5 });
  beforeAll(async () => {
    t = await buildTestApp();
    subjects = await seedPersonas(t);
  });
  afterAll(() => t?.close());

  const expectRefused = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: "VALIDATION_FAILED", message: NUL_MESSAGE } });
  };

  it("refuses a NUL in a searched plate with 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/search-data",
      headers: { authorization: `Bearer ${await mintToken(t, subjects.investigator)}` },
      payload: {
        plate: "ak\u000047",
        justification: "Case 2026-114",
        start_time: new Date(Date.now() - 3_600_000).toISOString(),
        end_time: new Date().toISOString(),
        agencies: ["hfd-lpv-01"],
      },
    });
    expectRefused(res);
    expect(await t.prisma.auditLog.count({ where: { action: "search" } })).toBe(0);
  });

  it("refuses a NUL in a Rekor webhook's body with 400", async () => {
    const key = await t.prisma.rekorApiKey.findFirstOrThrow({ where: { agencyName: hartford.name } });
    const read = dataset.addRead("rekor", { plate: "AK 47281", state: "CT" });
    const group = buildRekorGroup(read, await renderer.plateCrop(read));
    const res = await t.app.inject({
      method: "POST",
      url: `/ingest/rekor/${key.id}`,
      headers: { authorization: `Bearer ${hartford.rekor.webhookToken}` },
      payload: { ...group, best_plate_number: "AK\u000047281" },
    });
    expectRefused(res);
  });

  it("refuses a NUL in an Axis camera's push with 400 and stores nothing", async () => {
    const camera = hartford.axis[0]!;
    const read = [...dataset.axis()].find((each) => each.camera.integration.identifier === camera.identifier);
    const event = await buildAxisEvent(read!, { renderer });
    const res = await t.app.inject({
      method: "POST",
      url: `/ingest/axis/${camera.identifier}`,
      headers: { authorization: `Bearer ${camera.ingestToken}` },
      payload: { ...event, plateText: "AK\u000047" },
    });
    expectRefused(res);
    expect(await t.prisma.detection.count()).toBe(0);
  });

  it("refuses a NUL in a query string or a path with 400", async () => {
    const headers = { authorization: `Bearer ${await mintToken(t, subjects.admin)}` };
    expectRefused(await t.app.inject({ method: "GET", url: "/admin-audit-logs-api?plate=A%00B", headers }));
    const camera = hartford.axis[0]!;
    expectRefused(
      await t.app.inject({
        method: "POST",
        url: "/ingest/axis/hfd%00",
        headers: { authorization: `Bearer ${camera.ingestToken}` },
        payload: {},
      }),
    );
  });
});
