import { prepareTemplateDatabase, startTestPostgres } from "@odin/db/testing";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/** One real PostgreSQL for the whole run, with a migrated template that every test file clones. */
export default async function setup(project: TestProject) {
  const server = await startTestPostgres();
  await prepareTemplateDatabase(server.adminUrl);
  project.provide("postgresAdminUrl", server.adminUrl);
  return () => server.stop();
}
