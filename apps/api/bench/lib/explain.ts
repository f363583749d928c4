/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements a piece of Odin code runs: `explaining(prisma)` is the
 * client with `$queryRaw` / `$executeRaw` replaced by one that runs each statement under EXPLAIN and keeps
 * the plan (the statement still runs, so an INSERT inserts). Used by bench/similar-explain.ts to print
 * the plans docs/benchmarks.md quotes.
 */
import { Prisma, type PrismaClient } from "@odin/db";

export interface Explained {
  sql: string;
  plan: string;
}

export function explaining(
  prisma: PrismaClient,
  plans: Explained[],
  options = "ANALYZE, BUFFERS",
): PrismaClient {
  const run = async (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
    const sql = query instanceof Prisma.Sql ? query : Prisma.sql(query, ...values);
    const rows = await prisma.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
      `EXPLAIN (${options}) ${sql.text}`,
      ...sql.values,
    );
    plans.push({ sql: sql.text, plan: rows.map((row) => row["QUERY PLAN"]).join("\n") });
    return [];
  };
  return new Proxy(prisma, {
    get(target, property, receiver) {
      if (property === "$queryRaw" || property === "$executeRaw") return run;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
