import { createPrismaClient, type PrismaClient } from "@odin/db";
import { createTestDatabase, type TestDatabase } from "@odin/db/testing";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { findCaller } from "../src/identity/sessions.repository";

/**
 * Issue 42 item 0: the auth hook reads its caller (user, agency, session) in one prepared statement
 * instead of three Prisma reads. The statement must give exactly what those reads gave, every field of
 * every row with its type (a column added to users or sessions and left out fails here).
 */
describe("the caller in one statement", () => {
  let database: TestDatabase;
  let prisma: PrismaClient;

  beforeAll(async () => {
    database = await createTestDatabase(inject("postgresAdminUrl"));
    prisma = createPrismaClient(database.url, { poolSize: 2 });
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await database.drop();
  });

  /** What the hook read before: the user with its agency's two fields, and the session. */
  const byPrisma = async (subject: string, sid: string | null) => {
    const user = await prisma.user.findUnique({
      where: { idpSubject: subject },
      include: { agency: { select: { deactivatedAt: true, mfaRequired: true } } },
    });
    const session = sid ? await prisma.session.findUnique({ where: { idpSessionId: sid } }) : null;
    // Issue 38 item 2: an API client's row comes with its account.
    const client = user ? await prisma.apiClient.findUnique({ where: { userId: user.id } }) : null;
    return user ? { user, session, client } : undefined;
  };

  it("gives the same user, agency and session as the Prisma reads", async () => {
    const agency = await prisma.agency.create({
      data: { name: "Caller PD", code: "CALLER", deactivatedAt: new Date("2026-01-02T03:04:05.678Z") },
    });
    const user = await prisma.user.create({
      data: {
        username: "caller.one",
        name: "Caller One",
        email: "caller.one@example.org",
        agencyId: agency.id,
        idpSubject: "subject-caller-one",
        role: "admin",
        approved: true,
        hotlistViewer: true,
        quietHoursStart: 60,
        idpClaims: { groups: ["a", "b"], nested: { n: 1 } },
        tokensNotBefore: new Date("2026-03-04T05:06:07.890Z"),
      },
    });
    await prisma.session.create({
      data: {
        idpSessionId: "sid-caller-one",
        userId: user.id,
        expiresAt: new Date("2026-12-01T00:00:00.000Z"),
        lastSeenAt: new Date("2026-11-30T00:00:00.123Z"),
        userAgent: "test",
        ip: "192.0.2.1",
      },
    });

    for (const sid of ["sid-caller-one", "sid-unknown", null]) {
      const expected = await byPrisma("subject-caller-one", sid);
      const found = await findCaller(prisma, "subject-caller-one", sid);
      expect(found).toStrictEqual(expected);
    }
    expect(
      Object.keys((await findCaller(prisma, "subject-caller-one", "sid-caller-one"))!.user).sort(),
    ).toEqual(Object.keys((await byPrisma("subject-caller-one", null))!.user).sort());
  });

  it("gives an API client's account its client row, as Prisma reads it", async () => {
    const agency = await prisma.agency.create({ data: { name: "Client PD", code: "CLIENT" } });
    const user = await prisma.user.create({
      data: {
        username: "client:cad-1",
        name: "CAD (API client)",
        email: "cad-1@api-clients.invalid",
        agencyId: agency.id,
        idpSubject: "cad-1",
        approved: true,
        serviceAccount: true,
      },
    });
    await prisma.apiClient.create({
      data: {
        agencyId: agency.id,
        userId: user.id,
        name: "CAD",
        clientId: "cad-1",
        secretSealed: "v1:sealed",
        scopes: ["search", "alerts:read"],
        expiresAt: new Date("2027-01-02T03:04:05.678Z"),
        lastUsedAt: new Date("2026-11-30T00:00:00.123Z"),
      },
    });
    const found = await findCaller(prisma, "cad-1", null);
    expect(found).toStrictEqual(await byPrisma("cad-1", null));
    expect(found!.client!.scopes).toEqual(["search", "alerts:read"]);
  });

  it("an account without an agency (the owner) has agency null; an unknown subject, nothing", async () => {
    await prisma.user.create({
      data: {
        username: "caller.owner",
        name: "Owner",
        email: "owner@example.org",
        idpSubject: "subject-owner",
      },
    });
    expect(await findCaller(prisma, "subject-owner", null)).toStrictEqual(
      await byPrisma("subject-owner", null),
    );
    expect((await findCaller(prisma, "subject-owner", null))!.user.agency).toBeNull();
    expect(await findCaller(prisma, "no-such-subject", "sid-caller-one")).toBeUndefined();
  });
});
