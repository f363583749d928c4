import type { PrismaClient, SecretBox } from "@odin/db";
import type { Config } from "../../config/env";

/** What the Integrations hub needs: the database, the secrets box, and where keys and hooks point. */
export interface IntegrationDeps {
  prisma: PrismaClient;
  secrets: Pick<SecretBox, "encrypt" | "decrypt">;
  config: Pick<Config, "isProduction" | "publicUrl" | "rekor">;
}
