import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  DEMO_AXIS_INTEGRATIONS,
  DEMO_AXON_CLIENT,
  DEMO_HOTLIST_PLATES,
  DEMO_REKOR_AGENTS,
  DEMO_SIMULATOR_URLS,
} from "../src/demo-credentials";

// The simulators copy the seed's demo values (importing @odin/db would pull Prisma); this test is
// what keeps the copy honest: every copied value must still be written in the seed.
const seedPath = fileURLToPath(new URL("../../../packages/db/src/seed.ts", import.meta.url));
const seed = readFileSync(seedPath, "utf8");

function expectInSeed(value: string | number) {
  const text = typeof value === "number" ? String(value) : `"${value}"`;
  expect(seed.includes(text), `${text} is no longer in packages/db/src/seed.ts`).toBe(true);
}

describe("demo credentials copied from packages/db/src/seed.ts", () => {
  it("has every Rekor agent's key, webhook token, agent and cameras", () => {
    for (const agent of DEMO_REKOR_AGENTS) {
      for (const value of [
        agent.apiKey,
        agent.webhookToken,
        agent.agentUid,
        agent.agencyName,
        agent.agencyKey,
      ])
        expectInSeed(value);
      for (const camera of agent.cameras) {
        for (const value of [camera.cameraId, camera.cameraName, camera.siteName]) expectInSeed(value);
        expect(seed).toContain(`latitude: ${camera.latitude},`);
        expect(seed).toContain(`longitude: ${camera.longitude},`);
      }
    }
  });

  it("has every Axis integration's identifier, ingest token and place", () => {
    for (const integration of DEMO_AXIS_INTEGRATIONS) {
      for (const value of [integration.identifier, integration.ingestToken, integration.label])
        expectInSeed(value);
      expect(seed).toContain(`latitude: ${integration.latitude},`);
      expect(seed).toContain(`longitude: ${integration.longitude},`);
    }
  });

  it("has the Axon client id, secret and partner id", () => {
    expectInSeed(DEMO_AXON_CLIENT.clientId);
    expectInSeed(DEMO_AXON_CLIENT.clientSecret);
    expectInSeed(DEMO_AXON_CLIENT.partnerId);
    expect(seed).toContain(`agencyKey: "${DEMO_AXON_CLIENT.agencyKey}"`);
  });

  it("has the simulator URLs and the hotlist plates", () => {
    expectInSeed(DEMO_SIMULATOR_URLS.rekor);
    expectInSeed(DEMO_SIMULATOR_URLS.axon);
    for (const { plate, state } of DEMO_HOTLIST_PLATES)
      expect(seed).toMatch(new RegExp(`plateNumber: "${plate}",\\s*state: "${state}"`));
  });

  it("copies as many agencies, cameras and integrations as the seed declares", () => {
    expect(seed.match(/apiKey: "/g)).toHaveLength(DEMO_REKOR_AGENTS.length);
    expect(seed.match(/cameraId: "/g)).toHaveLength(DEMO_REKOR_AGENTS.flatMap((a) => a.cameras).length);
    expect(seed.match(/ingestToken: "/g)).toHaveLength(DEMO_AXIS_INTEGRATIONS.length);
    expect(seed.match(/plateNumber: "/g)).toHaveLength(DEMO_HOTLIST_PLATES.length);
  });
});
