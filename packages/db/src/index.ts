export { createPrismaClient, type PrismaOptions } from "./client";
export { Prisma, PrismaClient } from "./generated/client";
export type * from "./generated/models";
export { locatePrismaDir } from "./paths";
export { hashPassword, verifyPassword } from "./password";
export { createSecretBox, type SecretBox } from "./secret-box";
