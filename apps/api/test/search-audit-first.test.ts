import { startSimulators, type RunningSimulators } from "@odin/simulators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas } from "./tokens";

const HOUR = 3_600_000;
const REFUSED = "Case 2026-500: the audit insert fails";

/**
 * Issue 17 item 2: a search's audit row is committed before any source is asked. The simulated
 * vendors' HTTP servers are watched: what they received, and whether the audit row was already
 * visible (committed, from another connection) when each request arrived.
 */
describe("audit first, then the search", () => {
  let sim: RunningSimulators;
  let t: TestApp;
  let token: string;
  /** Per vendor request: how many search audit rows another connection saw when it arrived. */
  let received: Promise<{ vendor: string; url: string; auditRows: number }>[] = [];

  beforeAll(async () => {
    sim = await startSimulators({ rekorPort: 0, axonPort: 0, now: Date.now() });
    t = await buildTestApp();
    const subjects = await seedPersonas(t, { simulatorUrls: { rekor: sim.rekorUrl, axon: sim.axonUrl } });
    token = await mintToken(t, subjects.investigator);
    for (const [vendor, app] of [
      ["Rekor", sim.rekor],
      ["Axon", sim.axon],
    ] as const) {
      app.server.on("request", (request: { url?: string }) => {
        received.push(
          t.prisma.auditLog
            .count({ where: { action: "search" } })
            .then((auditRows) => ({ vendor, url: request.url ?? "", auditRows })),
        );
      });
    }
    // A database that refuses this one justification's audit row (as a full disk or a lost
    // connection would refuse any), so only that insert fails.
    await t.prisma.$executeRawUnsafe(
      `CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.justification = '${REFUSED}' THEN RAISE EXCEPTION 'audit insert refused by the test'; END IF;
         RETURN NEW;
       END $$`,
    );
    await t.prisma.$executeRawUnsafe(
      `CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_logs FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()`,
    );
  });
  beforeEach(() => {
    received = [];
  });
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  const search = (justification: string) =>
    t.app.inject({
      method: "POST",
      url: "/search-data",
      headers: { authorization: `Bearer ${token}` },
      payload: {
        justification,
        start_time: new Date(Date.now() - 24 * HOUR).toISOString(),
        end_time: new Date().toISOString(),
        agencies: [],
      },
    });

  it("asks the vendors only once the audit row is committed", async () => {
    const res = await search("Case 2026-114: stolen vehicle");
    expect(res.statusCode).toBe(200);
    const requests = await Promise.all(received);
    expect(new Set(requests.map((request) => request.vendor))).toEqual(new Set(["Rekor", "Axon"]));
    for (const request of requests) expect(request.auditRows).toBe(1);
  });

  it("answers 503 with Retry-After when the audit row cannot be written, and asks no vendor", async () => {
    const before = await t.prisma.auditLog.count();
    const res = await search(REFUSED);
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toEqual({
      error: {
        code: "UNAVAILABLE",
        message: "The service is briefly unavailable. Please try again shortly.",
      },
    });
    expect(await Promise.all(received)).toEqual([]);
    expect(await t.prisma.auditLog.count()).toBe(before);
  });
});
