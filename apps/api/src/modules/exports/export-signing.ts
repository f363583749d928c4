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
import {
  ensurePdfSigningKeys,
  loadPdfSigner,
  type PdfSigner,
  type PdfSigningAgency,
} from "./pdf-signing-keys";

/**
 * Odin's export signatures (issue 17): Ed25519 (JWS alg EdDSA), keys in `export_signing_keys` with
 * the private JWK sealed by the secrets key like vendor secrets, so every replica signs with the same
 * key and restarts keep it. The newest key signs; every key stays published (GET /export-keys) so a
 * report signed years ago still verifies. PDF reports are signed as PDF signatures by each agency's
 * ECDSA P-256 key instead (issue 38, pdf-signing-keys.ts); ZIP seals and manifests stay Ed25519.
 */
export type PublicExportJwk = TExportKeysResponse["keys"][number];

export interface ExportSigner {
  kid: string;
  /** A compact JWS (EdDSA) of the JSON payload. */
  sign(payload: object): Promise<string>;
  /** The PDF signer of an agency (null: the installation's), loaded once per process. */
  pdf(agency: PdfSigningAgency | null): Promise<PdfSigner>;
}

export async function addExportSigningKey(prisma: Database, secrets: SecretBox): Promise<string> {
  const { privateKey } = generateKeyPairSync("ed25519");
  const kid = randomUUID();
  const jwk = privateKey.export({ format: "jwk" }) as { kty: "OKP"; crv: "Ed25519"; x: string; d: string };
  const publicJwk: PublicExportJwk = { kid, kty: "OKP", crv: "Ed25519", x: jwk.x, alg: "EdDSA", use: "sig" };
  await insertExportSigningKey(prisma, {
    kid,
    purpose: "seal",
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
  const pdfSigners = new Map<number | null, Promise<PdfSigner>>();
  return {
    kid,
    pdf: (agency) => {
      const id = agency?.id ?? null;
      let signer = pdfSigners.get(id);
      if (!signer) {
        signer = loadPdfSigner(prisma, secrets, agency);
        signer.catch(() => pdfSigners.delete(id));
        pdfSigners.set(id, signer);
      }
      return signer;
    },
    sign: (payload) =>
      new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
        .setProtectedHeader({ alg: "EdDSA", kid, typ: "odin-export+jws" })
        .sign(key),
  };
}

/** The newest Ed25519 seal key, made when there is none (at start-up: published before any export). */
export async function ensureExportSealKey(prisma: Database, secrets: SecretBox): Promise<number> {
  if (await findNewestExportSigningKey(prisma)) return 0;
  await addExportSigningKey(prisma, secrets);
  return 1;
}

/** Odin's export signers of one process, and the check that every key is made and published. */
export interface ExportSigners {
  /** The signer, loaded on the first export. */
  current(): Promise<ExportSigner>;
  /**
   * Makes the keys that are missing: the seal key, and a PDF key for every agency and for the
   * installation. Run at start-up and whenever the keys are published (an agency added since), so a
   * verifier saved at install time, or before an agency's first export, already holds its key. One run
   * at a time per process; two replicas racing make a second key, which is harmless (both published).
   */
  ensurePublished(): Promise<void>;
}

export function lazyExportSigner(prisma: Database, secrets: SecretBox): ExportSigners {
  let signer: Promise<ExportSigner> | undefined;
  let ensuring: Promise<void> | undefined;
  return {
    current: () => {
      signer ??= loadExportSigner(prisma, secrets).catch((error: unknown) => {
        signer = undefined;
        throw error;
      });
      return signer;
    },
    ensurePublished: () =>
      (ensuring ??= Promise.all([ensureExportSealKey(prisma, secrets), ensurePdfSigningKeys(prisma, secrets)])
        .then(() => undefined)
        .finally(() => (ensuring = undefined))),
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
  const jwk = keys.find((key) => key.kid === kid && key.kty === "OKP");
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
