import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO_REKOR_AGENTS } from "../src/demo-credentials";
import { startSimulators, type RunningSimulators } from "../src/simulators";
import { NOW, SEED } from "./helpers";

let sim: RunningSimulators;
const searchUrl = () =>
  `${sim.rekorUrl}/api/search/plate?api_key=${DEMO_REKOR_AGENTS[0]!.apiKey}&plate=AK47281`;

async function setFaults(baseUrl: string, faults: Record<string, unknown>): Promise<Response> {
  return fetch(`${baseUrl}/__sim/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(faults),
  });
}

beforeAll(async () => {
  sim = await startSimulators({ seed: SEED, now: NOW, rekorReadsPerAgent: 200, axonReads: 200 });
});
afterEach(async () => {
  await fetch(`${sim.rekorUrl}/__sim/faults`, { method: "DELETE" });
  await fetch(`${sim.axonUrl}/__sim/faults`, { method: "DELETE" });
});
afterAll(async () => {
  await sim.close();
});

describe("fault injection", () => {
  it("adds latency", async () => {
    expect((await setFaults(sim.rekorUrl, { latency_ms: 300 })).status).toBe(200);
    const started = performance.now();
    const response = await fetch(searchUrl());
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("fails every request at fail_rate 1, none at 0", async () => {
    await setFaults(sim.rekorUrl, { fail_rate: 1 });
    const failed = await fetch(searchUrl());
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({ error: "service_unavailable" });
    await setFaults(sim.rekorUrl, { fail_rate: 0 });
    expect((await fetch(searchUrl())).status).toBe(200);
  });

  it("hangs until the client gives up, and answers again once reset", async () => {
    await setFaults(sim.axonUrl, { hang: true });
    const started = performance.now();
    const hung = fetch(`${sim.axonUrl}/api/alpr/v1/reads`, { signal: AbortSignal.timeout(300) });
    await expect(hung).rejects.toThrow(/abort|timeout/i);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    // The control routes are never subject to the faults.
    expect(await (await fetch(`${sim.axonUrl}/__sim/faults`)).json()).toMatchObject({ hang: true });
    await fetch(`${sim.axonUrl}/__sim/faults`, { method: "DELETE" });
    expect((await fetch(`${sim.axonUrl}/api/alpr/v1/reads`)).status).toBe(401);
  });

  it("applies only to the server it was set on", async () => {
    await setFaults(sim.axonUrl, { fail_rate: 1 });
    expect((await fetch(searchUrl())).status).toBe(200);
  });

  it("closes at once even with a request hanging", async () => {
    const hanging = await startSimulators({
      seed: SEED,
      now: NOW,
      rekorReadsPerAgent: 10,
      faults: { rekor: { hang: true } },
    });
    // The request has reached the server (its listener, Fastify's, runs first and holds it) before close.
    const arrived = new Promise<void>((resolve) => hanging.rekor.server.once("request", () => resolve()));
    const pending = fetch(`${hanging.rekorUrl}/api/search/plate?api_key=x`).then(
      (response) => response.status,
      () => "dropped",
    );
    await arrived;
    // close() returns although the request would hang forever: one that waited for it would meet the
    // test's own timeout instead (no wall-clock bound of its own, which a busy machine could break).
    await hanging.close();
    expect(await pending).toBe("dropped");
  });

  it("refuses malformed settings", async () => {
    for (const body of [{ fail_rate: 2 }, { latency_ms: -1 }, { hang: "yes" }, { other: 1 }]) {
      expect((await setFaults(sim.rekorUrl, body)).status).toBe(400);
    }
  });

  it("takes its settings from the start options too", async () => {
    const failing = await startSimulators({
      seed: SEED,
      now: NOW,
      rekorReadsPerAgent: 10,
      faults: { rekor: { fail_rate: 1 }, axon: { latency_ms: 200 } },
    });
    try {
      const rekor = await fetch(`${failing.rekorUrl}/api/search/plate?api_key=x`);
      expect(rekor.status).toBe(503);
      const started = performance.now();
      await fetch(`${failing.axonUrl}/api/alpr/v1/reads`);
      expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    } finally {
      await failing.close();
    }
  });
});
