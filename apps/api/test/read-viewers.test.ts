import { createPrismaClient, type PrismaClient } from "@odin/db";
import { createTestDatabase, type TestDatabase } from "@odin/db/testing";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  agenciesThatMaySee,
  integrationsVisibleTo,
  type ReadSource,
} from "../src/sources/read-viewers.repository";
import type { Actor } from "../src/access/actor";
import {
  findSearchableAxisIntegrations,
  findSearchableAxisTargets,
  findSearchableAxonIntegrations,
  findSearchableRekorKeys,
  readSearchScope,
} from "../src/sources/search-scope.repository";

/**
 * Issue 16 item 3: the one visibility rule (read_viewers), one table of cases. Each row is asked both
 * ways: the integrations an agency may search (search-scope.repository.ts) and the agencies an
 * integration's reads may alert (the Axon poll; the Axis insert joins the same view in its statement).
 */
type Agency = "own" | "authorized" | "blacklisted" | "shared" | "stranger" | "closed" | "closedShared";

const CASES: [source: ReadSource, integration: string, agency: Agency, sees: boolean][] = [
  ["Rekor", "own key", "own", true],
  ["Rekor", "own key", "authorized", false],
  ["Rekor", "own key", "stranger", false],
  ["Rekor", "closed key", "closed", false], // a deactivated agency's key is offered to no one
  ["Axon", "own axon", "own", true],
  ["Axon", "own axon", "authorized", true],
  ["Axon", "own axon", "blacklisted", false], // authorized once, then blacklisted: blacklist wins
  ["Axon", "own axon", "stranger", false],
  ["Axon", "closed axon", "closed", false],
  ["Axon", "closed axon", "authorized", false], // authorized by a deactivated agency: nothing
  ["Axis", "own camera", "own", true],
  ["Axis", "own camera", "shared", true],
  ["Axis", "own camera", "authorized", false], // Axon's authorization does not reach Axis
  ["Axis", "own camera", "stranger", false],
  ["Axis", "closed camera", "closed", false],
  ["Axis", "closed camera", "closedShared", false],
];

describe("who may see a source's reads (read_viewers)", () => {
  let database: TestDatabase;
  let prisma: PrismaClient;
  const agencies = {} as Record<Agency, number>;
  const integrations: Record<string, number> = {};

  beforeAll(async () => {
    database = await createTestDatabase(inject("postgresAdminUrl"));
    prisma = createPrismaClient(database.url, { poolSize: 2 });
    const names: Agency[] = [
      "own",
      "authorized",
      "blacklisted",
      "shared",
      "stranger",
      "closed",
      "closedShared",
    ];
    for (const [i, name] of names.entries()) {
      const agency = await prisma.agency.create({
        data: { name, code: `AG${i}`, deactivatedAt: name === "closed" ? new Date() : null },
      });
      agencies[name] = agency.id;
    }
    const rekor = (agency: Agency) =>
      prisma.rekorApiKey.create({
        data: {
          agencyId: agencies[agency],
          agencyName: agency,
          apiKeyCiphertext: "x",
          apiKeyLast4: "1234",
          baseUrl: "https://rekor.example",
        },
      });
    const axon = (agency: Agency) =>
      prisma.axonIntegration.create({
        data: {
          agencyId: agencies[agency],
          clientId: "c",
          clientSecretCiphertext: "x",
          partnerId: "p",
          baseUrl: `https://${agency}.evidence.example`,
          agencyName: agency,
          agencies: {
            create: [
              { agencyId: agencies.authorized, status: "authorized" },
              { agencyId: agencies.blacklisted, status: "blacklisted" },
            ],
          },
        },
      });
    const axis = async (agency: Agency, sharedWith: Agency) => {
      const axisAgency = await prisma.axisAgency.create({
        data: { agencyId: agencies[agency], agencyName: agency },
      });
      return prisma.axisIntegration.create({
        data: {
          axisAgencyId: axisAgency.id,
          identifier: `${agency}-camera`,
          ingestTokenHash: `${agency}-hash`,
          shares: { create: [{ agencyId: agencies[sharedWith] }] },
        },
      });
    };
    integrations["own key"] = (await rekor("own")).id;
    integrations["closed key"] = (await rekor("closed")).id;
    integrations["own axon"] = (await axon("own")).id;
    integrations["closed axon"] = (await axon("closed")).id;
    integrations["own camera"] = (await axis("own", "shared")).id;
    integrations["closed camera"] = (await axis("closed", "closedShared")).id;
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.drop();
  });

  const searchable = {
    Rekor: findSearchableRekorKeys,
    Axon: findSearchableAxonIntegrations,
    Axis: findSearchableAxisIntegrations,
  } as const;

  it.each(CASES)("%s %s seen by %s: %s", async (source, integration, agency, sees) => {
    const id = integrations[integration]!;
    expect((await integrationsVisibleTo(prisma, source, agencies[agency])).includes(id)).toBe(sees);
    const offered = await searchable[source](prisma, { agency: agencies[agency] });
    expect(offered.some((row) => row.id === id)).toBe(sees);
    expect((await agenciesThatMaySee(prisma, source, id)).includes(agencies[agency])).toBe(sees);
  });

  it("lets the owner search every integration of an active agency, and nothing of a closed one", async () => {
    for (const source of ["Rekor", "Axon", "Axis"] as const) {
      const offered = (await searchable[source](prisma, { agency: "all" })).map((row) => row.id);
      const name = { Rekor: "key", Axon: "axon", Axis: "camera" }[source];
      expect(offered).toEqual([integrations[`own ${name}`]]);
    }
  });

  it("answers the Rekor keys and Axon integrations Prisma's findMany answers, field by field (issue 42)", async () => {
    for (const scope of [
      { agency: "all" as const },
      { agency: agencies.own },
      { agency: agencies.authorized },
    ]) {
      const keys = await findSearchableRekorKeys(prisma, scope);
      expect(keys).toStrictEqual(
        await prisma.rekorApiKey.findMany({
          where: { id: { in: keys.map((key) => key.id) } },
          orderBy: [{ agencyName: "asc" }, { id: "asc" }],
        }),
      );
      const axon = await findSearchableAxonIntegrations(prisma, scope);
      expect(axon).toStrictEqual(
        await prisma.axonIntegration.findMany({
          where: { id: { in: axon.map((integration) => integration.id) } },
          orderBy: [{ agencyName: "asc" }, { id: "asc" }],
        }),
      );
    }
    expect((await findSearchableRekorKeys(prisma, { agency: agencies.own })).length).toBeGreaterThan(0);
    expect(
      (await findSearchableAxonIntegrations(prisma, { agency: agencies.authorized })).length,
    ).toBeGreaterThan(0);
  });

  it("reads a search's whole scope in one statement: the same rows as the reads one by one, field by field (issue 42)", async () => {
    const callers: { isOwner: boolean; agencyId: number | null }[] = [
      { isOwner: true, agencyId: null },
      { isOwner: true, agencyId: agencies.own },
      { isOwner: false, agencyId: null },
      ...Object.values(agencies).map((agencyId) => ({ isOwner: false, agencyId })),
    ];
    // Values of every type the statement carries as JSON: floats, text, dates with milliseconds.
    await prisma.axisIntegration.update({
      where: { id: integrations["own camera"]! },
      data: { label: "Main St & 5th", latitude: 41.76581234567891, longitude: -72.6734 },
    });
    await prisma.agency.update({ where: { id: agencies.own }, data: { retentionDays: 45 } });
    await prisma.axonIntegration.update({
      where: { id: integrations["own axon"]! },
      data: { lastPolledAt: new Date("2026-11-29T06:07:08.009Z"), pollCursor: "c-1" },
    });
    let seen = 0;
    for (const { isOwner, agencyId } of callers) {
      const auth = { isOwner, user: { id: 1, agencyId } } as unknown as Actor;
      const { scope, extras } = await readSearchScope(prisma, auth);
      expect(extras).toEqual({});
      const alone = { agency: isOwner ? ("all" as const) : agencyId };
      expect(scope).toEqual(alone);
      const keys = await findSearchableRekorKeys(prisma, scope);
      expect(keys).toStrictEqual(await findSearchableRekorKeys(prisma, alone));
      expect(keys).toStrictEqual(
        await prisma.rekorApiKey.findMany({
          where: { id: { in: keys.map((key) => key.id) } },
          orderBy: [{ agencyName: "asc" }, { id: "asc" }],
        }),
      );
      const axon = await findSearchableAxonIntegrations(prisma, scope);
      expect(axon).toStrictEqual(await findSearchableAxonIntegrations(prisma, alone));
      expect(axon).toStrictEqual(
        await prisma.axonIntegration.findMany({
          where: { id: { in: axon.map((integration) => integration.id) } },
          orderBy: [{ agencyName: "asc" }, { id: "asc" }],
        }),
      );
      const axis = await findSearchableAxisTargets(prisma, scope);
      expect(axis).toStrictEqual(await findSearchableAxisTargets(prisma, alone));
      expect((await findSearchableAxisIntegrations(prisma, scope)).map((row) => row.id)).toEqual(
        axis.map((row) => row.id),
      );
      seen += keys.length + axon.length + axis.length;
    }
    expect(seen).toBeGreaterThan(5);
  });

  it("gives a user without an agency nothing", async () => {
    expect(await findSearchableAxonIntegrations(prisma, { agency: null })).toEqual([]);
  });
});
