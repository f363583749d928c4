import { generateKeyPairSync, randomUUID } from "node:crypto";
import type { PrismaClient, SecretBox } from "@odin/db";

/** A private RSA JWK as oidc-provider takes it (kid, alg and use set). */
export type PrivateJwk = Record<string, string> & { kid: string; alg: "RS256"; use: "sig" };

function generateRsaJwk(): PrivateJwk {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" }) as Record<string, string>;
  return { ...jwk, kid: randomUUID(), alg: "RS256", use: "sig" };
}

function toPublicJwk({ kty, n, e, kid, alg, use }: PrivateJwk) {
  return { kty, n, e, kid, alg, use };
}

/**
 * The built-in provider's signing keys, kept in the database (sealed with the secrets key) so they
 * survive restarts and are shared by replicas. The newest active key signs; rotated keys stay
 * published until retired, so tokens they signed still verify.
 */
export async function loadSigningKeys(prisma: PrismaClient, secrets: SecretBox): Promise<PrivateJwk[]> {
  let rows = await prisma.oidcSigningKey.findMany({
    where: { retiredAt: null },
    orderBy: { createdAt: "desc" },
  });
  if (rows.length === 0) {
    // Replicas starting together on an empty table: the first to take the lock creates the key, the
    // others find it (issue 21).
    await prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('odin.oidc-signing-keys'))`;
      if ((await tx.oidcSigningKey.count({ where: { retiredAt: null } })) === 0)
        await addSigningKey(tx, secrets);
    });
    rows = await prisma.oidcSigningKey.findMany({
      where: { retiredAt: null },
      orderBy: { createdAt: "desc" },
    });
  }
  // Active key (not rotated) first: oidc-provider signs with the first key of a matching algorithm.
  const ordered = [...rows.filter((row) => !row.rotatedAt), ...rows.filter((row) => row.rotatedAt)];
  return ordered.map((row) => JSON.parse(secrets.decrypt(row.privateJwkCiphertext)) as PrivateJwk);
}

export async function addSigningKey(
  prisma: Pick<PrismaClient, "oidcSigningKey">,
  secrets: SecretBox,
): Promise<string> {
  const jwk = generateRsaJwk();
  await prisma.oidcSigningKey.create({
    data: {
      kid: jwk.kid,
      alg: "RS256",
      privateJwkCiphertext: secrets.encrypt(JSON.stringify(jwk)),
      publicJwk: toPublicJwk(jwk),
    },
  });
  return jwk.kid;
}

/**
 * Rotation: a new key signs from the next start on; the previous ones are marked rotated and still
 * published. Keys rotated more than `retireAfterDays` ago are retired (no longer published).
 */
export async function rotateSigningKeys(prisma: PrismaClient, secrets: SecretBox, retireAfterDays = 2) {
  const now = new Date();
  await prisma.oidcSigningKey.updateMany({
    where: { rotatedAt: null, retiredAt: null },
    data: { rotatedAt: now },
  });
  const retireBefore = new Date(now.getTime() - retireAfterDays * 86_400_000);
  await prisma.oidcSigningKey.updateMany({
    where: { retiredAt: null, rotatedAt: { lt: retireBefore } },
    data: { retiredAt: now },
  });
  return addSigningKey(prisma, secrets);
}

/** The public half of every published key, for verifying tokens without calling ourselves. */
export async function loadPublicJwks(prisma: PrismaClient): Promise<{ keys: Record<string, unknown>[] }> {
  const rows = await prisma.oidcSigningKey.findMany({ where: { retiredAt: null } });
  return { keys: rows.map((row) => row.publicJwk as Record<string, unknown>) };
}
