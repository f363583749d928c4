import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helpers";

// Two API replicas on one PostgreSQL (issue 21): what one counts or creates, the other sees.
describe("two replicas on one database", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp();
    b = await buildTestApp({}, { replicaOf: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("share a route's rate limit: 12 parallel password-reset posts over both meet one limit of 10", async () => {
    const post = (t: TestApp) =>
      t.app.inject({
        method: "POST",
        url: "/reset-password",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "token=guess&new_password=x&confirm_password=x",
      });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(i % 2 ? a : b)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 429)).toHaveLength(2);
    expect(codes.filter((code) => code === 410)).toHaveLength(10);
  });

  it("keep the general per-address limit in each process (it guards a runaway client, not a guesser)", async () => {
    const [row] = await a.prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM rate_limit_counters WHERE key LIKE 'GET /get-current-user%'`;
    await a.app.inject({ method: "GET", url: "/get-current-user" });
    const [after] = await a.prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM rate_limit_counters WHERE key LIKE 'GET /get-current-user%'`;
    expect(after!.n).toBe(row!.n);
  });
});
