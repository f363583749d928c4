import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, seedPersonas, type Persona } from "./tokens";

/**
 * A browser's first page after sign-in sends several calls at once with a token of a new session:
 * each of them records the session. Recording it with a read-then-write (Prisma's upsert) let two of
 * them insert the same `sid` and one answered 500 (seen by the hardening bench, issue 36). One
 * INSERT … ON CONFLICT DO NOTHING records it once, whoever comes first.
 */
describe("the first calls of a new session, all at once", () => {
  let t: TestApp;
  let subjects: Record<Persona, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    subjects = await seedPersonas(t);
  });
  afterAll(() => t?.close());

  it("records the session once and answers every call", async () => {
    for (let round = 0; round < 5; round++) {
      const token = await mintToken(t, subjects.investigator);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          t.app.inject({
            method: "GET",
            url: "/get-current-user",
            headers: { authorization: `Bearer ${token}` },
          }),
        ),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
    }
    expect(await t.prisma.session.count()).toBe(5);
  });
});
