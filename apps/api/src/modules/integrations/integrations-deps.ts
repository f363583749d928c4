import type { SecretBox } from "@odin/db";
import type { Database } from "../../lib/database";
import type { Config } from "../../config/env";

/** What the Integrations hub needs: the database, the secrets box, and where keys and hooks point. */
export interface IntegrationDeps {
  prisma: Database;
  secrets: Pick<SecretBox, "encrypt" | "decrypt">;
  config: Pick<Config, "isProduction" | "publicUrl" | "rekor">;
}
