// Prisma CLI configuration. The CLI is only used for `generate` here: migrations run through
// Odin's own wasm-engine migrator (src/migrate.ts), because the CLI's schema-engine binary
// cannot be downloaded on these machines. Where it can, `prisma migrate deploy` works on the same files.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "../../prisma/schema.prisma",
  migrations: {
    path: "../../prisma/migrations",
    seed: "tsx src/cli/seed.ts",
  },
  datasource: {
    url: process.env.DATABASE_URL ?? "postgresql://odin:odin@localhost:5432/odin",
  },
});
