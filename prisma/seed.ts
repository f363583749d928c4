// The seed entry the Prisma CLI's seed configuration points at. The demo data itself lives in
// packages/db/src/seed.ts (seedDemoData), which takes a connected client; opening the connection
// (embedded PostgreSQL or DATABASE_URL) is the job of packages/db/src/cli/seed.ts, the script that
// `pnpm db:seed` and packages/db/prisma.config.ts run.
export { DEMO_PASSWORD, seedDemoData, type DemoSummary } from "../packages/db/src/seed";
