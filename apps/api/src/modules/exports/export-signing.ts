import { generateKeyPairSync, randomUUID } from "node:crypto";
import type { TExportKeysResponse } from "@odin/contract";
import type { SecretBox } from "@odin/db";
import { CompactSign, compactVerify, importJWK, type JWK } from "jose";
import type { Database } from "../../lib/database";
import {
  findExportSigningKeys,
  findNewestExportSigningKey,
  insertExportSigningKey,
} from "./export-signing.repository";

/**
 * Odin's export signatures (issue 17): Ed25519 (JWS alg EdDSA), keys in `export_signing_keys` with
 * the private JWK sealed by the secrets key like vendor secrets, so every replica signs with the same
 * key and restarts keep it. The newest key signs; every key stays published (GET /export-keys) so a
 * report signed years ago still verifies.
 */
export type PublicExportJwk = TExportKeysResponse["keys"][number];

export interface ExportSigner {
  kid: string;
  /** A compact JWS (EdDSA) of the JSON payload. */
  sign(payload: object): Promise<string>;
}

export async function addExportSigningKey(prisma: Database, secrets: SecretBox): Promise<string> {
  const { privateKey } = generateKeyPairSync("ed25519");
  const kid = randomUUID();
  const jwk = privateKey.export({ format: "jwk" }) as { kty: "OKP"; crv: "Ed25519"; x: string; d: string };
  const publicJwk: PublicExportJwk = { kid, kty: "OKP", crv: "Ed25519", x: jwk.x, alg: "EdDSA", use: "sig" };
  await insertExportSigningKey(prisma, {
    kid,
    privateJwkCiphertext: secrets.encrypt(JSON.stringify(jwk)),
    publicJwk,
  });
  return kid;
}

/** The signer of the newest key, made on first use when there is none. */
export async function loadExportSigner(prisma: Database, secrets: SecretBox): Promise<ExportSigner> {
  const newest = () => findNewestExportSigningKey(prisma);
  let row = await newest();
  if (!row) {
    await addExportSigningKey(prisma, secrets);
    row = await newest();
  }
  const { kid } = row!;
  const key = await importJWK(JSON.parse(secrets.decrypt(row!.privateJwkCiphertext)) as JWK, "EdDSA");
  return {
    kid,
    sign: (payload) =>
      new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
        .setProtectedHeader({ alg: "EdDSA", kid, typ: "odin-export+jws" })
        .sign(key),
  };
}

/** One signer per process, loaded on the first export. */
export function lazyExportSigner(prisma: Database, secrets: SecretBox): () => Promise<ExportSigner> {
  let signer: Promise<ExportSigner> | undefined;
  return () => {
    signer ??= loadExportSigner(prisma, secrets).catch((error: unknown) => {
      signer = undefined;
      throw error;
    });
    return signer;
  };
}

export async function loadExportKeys(prisma: Database): Promise<PublicExportJwk[]> {
  const rows = await findExportSigningKeys(prisma);
  return rows.map((row) => row.publicJwk as unknown as PublicExportJwk);
}

/** The payload of a JWS signed by one of `keys`, or the reason it is not. */
export async function verifyJws(
  jws: string,
  keys: readonly PublicExportJwk[],
): Promise<{ payload: Record<string, unknown>; kid: string } | { problem: string }> {
  let kid: string | undefined;
  try {
    const header = JSON.parse(Buffer.from(jws.split(".")[0] ?? "", "base64url").toString("utf8")) as {
      kid?: unknown;
    };
    kid = typeof header.kid === "string" ? header.kid : undefined;
  } catch {
    return { problem: "The signature is not readable." };
  }
  const jwk = keys.find((key) => key.kid === kid);
  if (!jwk) return { problem: `The signature names key ${kid ?? "(none)"}, which is not one of Odin's.` };
  try {
    const { payload } = await compactVerify(jws, await importJWK(jwk as JWK, "EdDSA"), {
      algorithms: ["EdDSA"],
    });
    return {
      payload: JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>,
      kid: jwk.kid,
    };
  } catch {
    return { problem: "The signature does not match: the signed statement was altered." };
  }
}
