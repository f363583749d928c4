export {
  createPrismaClient,
  modelColumns,
  PREPARED_STATEMENT,
  queryPrepared,
  ROUTED_CLIENT,
  type PrismaOptions,
} from "./client";
export { Prisma, PrismaClient } from "./generated/client";
export type * from "./generated/client";
export {
  NoPrimaryError,
  parseDatabaseUrl,
  primaryConnectionString,
  type DatabaseUrl,
  type HostPort,
} from "./hosts";
export { locatePrismaDir } from "./paths";
export { generateToken, hashPassword, hashToken, verifyPassword } from "./password";
export { createSecretBox, type SecretBox } from "./secret-box";
