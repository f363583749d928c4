export {
  createPrismaClient,
  modelColumns,
  PREPARED_STATEMENT,
  queryPrepared,
  type PrismaOptions,
} from "./client";
export { Prisma, PrismaClient } from "./generated/client";
export type * from "./generated/client";
export { locatePrismaDir } from "./paths";
export { generateToken, hashPassword, hashToken, verifyPassword } from "./password";
export { createSecretBox, type SecretBox } from "./secret-box";
