import { DEMO_AGENCIES, DEMO_AXON } from "@odin/db/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

describe("the search form's agency lists, scoped to the caller's agency", () => {
  let t: TestApp;
  let subjects: Record<Persona | "trooph" | "newhaven", string>;
  beforeAll(async () => {
    t = await buildTestApp();
    const personas = await seedPersonas(t);
    const others = await t.prisma.user.findMany({
      where: { username: { in: ["trooph.investigator", "newhaven.investigator"] } },
    });
    subjects = {
      ...personas,
      trooph: others.find((user) => user.username === "trooph.investigator")!.idpSubject!,
      newhaven: others.find((user) => user.username === "newhaven.investigator")!.idpSubject!,
    };
  });
  afterAll(() => t?.close());

  const get = async (who: keyof typeof subjects, url: string) => {
    const res = await t.app.inject({
      method: "GET",
      url,
      headers: { authorization: `Bearer ${await mintToken(t, subjects[who])}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json(), raw: res.body };
  };

  it("GET /api-keys-data: the agency's own Rekor keys, masked, sorted by agency", async () => {
    const { body, raw } = await get("investigator", "/api-keys-data");
    expect(body).toEqual([
      {
        id: expect.any(Number),
        agency: expect.stringContaining("Hartford"),
        api_key: "••••••••ford",
        source_program: "Rekor",
      },
    ]);
    for (const demo of DEMO_AGENCIES) expect(raw).not.toContain(demo.rekor.apiKey);
    const owner = await get("owner", "/api-keys-data");
    expect(owner.body).toHaveLength(3);
    const names = owner.body.map((entry: { agency: string }) => entry.agency);
    expect(names).toEqual([...names].sort());
  });

  it("GET /axon-authorized-integrations: own, or authorized and not blacklisted", async () => {
    const own = await get("investigator", "/axon-authorized-integrations");
    expect(own.body).toEqual([{ base_url: expect.any(String), agency_name: expect.any(String) }]);
    expect(own.raw).not.toContain(DEMO_AXON.clientSecret);
    expect((await get("newhaven", "/axon-authorized-integrations")).body).toHaveLength(1);
    expect((await get("trooph", "/axon-authorized-integrations")).body).toEqual([]);
  });

  it("GET /axon-authorized-integrations: sorted by agency_name", async () => {
    // New Haven connects its own tenant too: it then sees its own and Hartford's (authorized). Its name
    // sorts first although it was created last, so the order cannot come from the ids.
    const newHaven = DEMO_AGENCIES.find((agency) => agency.key === "newhaven")!;
    const agency = await t.prisma.agency.findFirstOrThrow({ where: { name: newHaven.name } });
    await t.prisma.axonIntegration.create({
      data: {
        agencyId: agency.id,
        clientId: "nhv-client",
        clientSecretCiphertext: t.secrets.encrypt("nhv-secret"),
        partnerId: "nhv-partner",
        baseUrl: "https://nhv.axon.example",
        agencyName: `Ansonia Task Force (${newHaven.name})`,
      },
    });
    const names = (await get("newhaven", "/axon-authorized-integrations")).body.map(
      (integration: { agency_name: string }) => integration.agency_name,
    );
    expect(names).toEqual([`Ansonia Task Force (${newHaven.name})`, "Hartford Police Department"]);
  });

  it("GET /axis-authorized-agencies: own integrations and those shared with the agency, sorted by agency_name", async () => {
    const { body } = await get("investigator", "/axis-authorized-agencies");
    const identifiers = body.flatMap((agency: { integrations: { identifier: string }[] }) =>
      agency.integrations.map((integration) => integration.identifier),
    );
    expect(identifiers.sort()).toEqual(["csp-h-lpv-01", "hfd-lpv-01", "hfd-lpv-02"]);
    // Sorted by agency_name (000 §3): the investigator's two agencies, and every agency for the owner.
    for (const list of [body, (await get("owner", "/axis-authorized-agencies")).body]) {
      const names = list.map((agency: { agency_name: string }) => agency.agency_name);
      expect(names.length).toBeGreaterThanOrEqual(2);
      expect(names).toEqual([...names].sort());
    }
    expect((await get("newhaven", "/axis-authorized-agencies")).body).toEqual([
      {
        id: expect.any(Number),
        agency_name: expect.any(String),
        integrations: [{ identifier: "nhv-lpv-01" }],
      },
    ]);
  });
});
