import { generateKeyPairSync, randomUUID } from "node:crypto";
import type { SecretBox } from "@odin/db";
import type { Database, Transaction } from "../lib/database";
import {
  createFirstSigningKey,
  findPublishedSigningKeys,
  insertSigningKey,
  rotateAndRetireSigningKeys,
} from "./signing-keys.repository";

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
export async function loadSigningKeys(prisma: Database, secrets: SecretBox): Promise<PrivateJwk[]> {
  let rows = await findPublishedSigningKeys(prisma);
  if (rows.length === 0) {
    // Replicas starting together on an empty table: the first to take the lock creates the key, the
    // others find it (issue 21).
    await createFirstSigningKey(prisma, (tx) => addSigningKey(tx, secrets));
    rows = await findPublishedSigningKeys(prisma);
  }
  // Active key (not rotated) first: oidc-provider signs with the first key of a matching algorithm.
  const ordered = [...rows.filter((row) => !row.rotatedAt), ...rows.filter((row) => row.rotatedAt)];
  return ordered.map((row) => JSON.parse(secrets.decrypt(row.privateJwkCiphertext)) as PrivateJwk);
}

export async function addSigningKey(
  prisma: Pick<Transaction, "oidcSigningKey">,
  secrets: SecretBox,
): Promise<string> {
  const jwk = generateRsaJwk();
  await insertSigningKey(prisma, {
    kid: jwk.kid,
    alg: "RS256",
    privateJwkCiphertext: secrets.encrypt(JSON.stringify(jwk)),
    publicJwk: toPublicJwk(jwk),
  });
  return jwk.kid;
}

/**
 * Rotation: a new key signs from the next start on; the previous ones are marked rotated and still
 * published. Keys rotated more than `retireAfterDays` ago are retired (no longer published).
 */
export async function rotateSigningKeys(prisma: Database, secrets: SecretBox, retireAfterDays = 2) {
  const now = new Date();
  const retireBefore = new Date(now.getTime() - retireAfterDays * 86_400_000);
  await rotateAndRetireSigningKeys(prisma, now, retireBefore);
  return addSigningKey(prisma, secrets);
}

/** The public half of every published key, for verifying tokens without calling ourselves. */
export async function loadPublicJwks(prisma: Database): Promise<{ keys: Record<string, unknown>[] }> {
  const rows = await findPublishedSigningKeys(prisma);
  return { keys: rows.map((row) => row.publicJwk as Record<string, unknown>) };
}
