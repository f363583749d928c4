import { createPrismaClient, type PrismaClient } from "@odin/db";
import { createTestDatabase, type TestDatabase } from "@odin/db/testing";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Actor } from "../src/access/actor";
import { findCaseFieldRow } from "../src/modules/accountability/case-fields.repository";
import { caseFieldsSql } from "../src/modules/accountability/case-fields.service";
import { anyActiveGroupSql } from "../src/modules/search/hotlist-badges.repository";
import { readSearchScope } from "../src/sources/search-scope.repository";

/**
 * Issue 42 item 0: a search reads its agency's case fields and whether its caller may see any active
 * hotlist group (the badges) within its scope's one statement. Each must answer what the reads of their
 * own answered: the case-field row as Prisma reads it, field by field, and "any group" exactly when
 * Prisma finds a group by the groups' own visibility rule (group-access.ts).
 */
describe("what a search reads with its scope", () => {
  let database: TestDatabase;
  let prisma: PrismaClient;
  const actors: Record<string, Actor> = {};

  beforeAll(async () => {
    database = await createTestDatabase(inject("postgresAdminUrl"));
    prisma = createPrismaClient(database.url, { poolSize: 2 });
    const strict = await prisma.agency.create({
      data: {
        name: "Strict PD",
        code: "STRICT",
        requireCaseNumber: true,
        requireOffenseCategory: true,
        offenseCategories: ["Burglary", "Homicide", 'Théft, "quoted"'],
      },
    });
    const plain = await prisma.agency.create({ data: { name: "Plain PD", code: "PLAIN" } });
    const archivedOnly = await prisma.agency.create({ data: { name: "Archived PD", code: "ARCH" } });
    const user = async (
      username: string,
      agencyId: number | null,
      role: "admin" | "user",
      hotlistAdmin = false,
    ) => {
      const row = await prisma.user.create({
        data: {
          username,
          name: username,
          email: `${username}@example.org`,
          agencyId,
          role,
          hotlistAdmin,
          approved: true,
        },
      });
      actors[username] = { isOwner: false, user: row } as unknown as Actor;
      return row;
    };
    await user("strict.admin", strict.id, "admin");
    const member = await user("strict.member", strict.id, "user");
    await user("strict.other", strict.id, "user");
    await user("strict.hotlist", strict.id, "user", true);
    await user("plain.admin", plain.id, "admin");
    const archivedMember = await user("archived.member", archivedOnly.id, "user");
    await user("archived.admin", archivedOnly.id, "admin");
    await user("nobody", null, "user");
    const group = await prisma.hotlistGroup.create({ data: { agencyId: strict.id, name: "Stolen" } });
    await prisma.hotlistGroupMember.create({ data: { groupId: group.id, userId: member.id } });
    const archived = await prisma.hotlistGroup.create({
      data: { agencyId: archivedOnly.id, name: "Old", archived: true, archivedAt: new Date() },
    });
    await prisma.hotlistGroupMember.create({ data: { groupId: archived.id, userId: archivedMember.id } });
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.drop();
  });

  it("answers each caller's case fields as Prisma reads them, and any group exactly when Prisma finds an active group of the agency", async () => {
    const found: Record<string, boolean> = {};
    for (const [name, auth] of Object.entries(actors)) {
      const { extras } = await readSearchScope(prisma, auth, {
        case_fields: caseFieldsSql(auth),
        any_group: anyActiveGroupSql(auth),
      });
      const agencyId = auth.user.agencyId;
      expect(extras.case_fields).toStrictEqual(
        agencyId === null ? null : await findCaseFieldRow(prisma, agencyId),
      );
      const groups = await prisma.hotlistGroup.count({
        where: { agencyId: agencyId ?? -1, archived: false },
      });
      expect(extras.any_group).toBe(agencyId !== null && groups > 0);
      found[name] = extras.any_group as boolean;
    }
    // Every searcher of an agency with an active group sees its badges, member or not (issue 40 item 1);
    // an archived group is no one's.
    expect(found).toEqual({
      "strict.admin": true,
      "strict.member": true,
      "strict.other": true,
      "strict.hotlist": true,
      "plain.admin": false,
      "archived.member": false,
      "archived.admin": false,
      nobody: false,
    });
  });
});
