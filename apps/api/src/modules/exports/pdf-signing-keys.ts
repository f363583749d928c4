import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  sign,
  X509Certificate,
  type JsonWebKey,
  type KeyObject,
} from "node:crypto";
import type { SecretBox } from "@odin/db";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  BasicConstraints,
  Certificate,
  Extension,
  Extensions,
  id_ce_basicConstraints,
  id_ce_keyUsage,
  id_ce_subjectKeyIdentifier,
  KeyUsage,
  KeyUsageFlags,
  Name,
  RelativeDistinguishedName,
  SubjectKeyIdentifier,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
} from "@peculiar/asn1-x509";
import type { Database } from "../../lib/database";
import { createCadesSignature } from "./cades-signature";
import {
  findAgenciesForExportKeys,
  findExportSigningKeys,
  findNewestPdfSigningKey,
  insertExportSigningKey,
} from "./export-signing.repository";

/**
 * The keys of PDF signatures (issue 38 item 3). Odin's Ed25519 seal key is not one NSS (pdfsig,
 * Firefox) or older Acrobat verify in a PDF signature, so each agency has an ECDSA P-256 key of its
 * own beside it, with a self-signed certificate naming the agency and Odin, kept like the seal keys
 * (`export_signing_keys`, purpose "pdf", the private JWK sealed by the secrets key). The certificate
 * is published in the public JWK's x5c (GET /export-keys). Users of no agency sign with the
 * installation's key (agency null).
 */
export const PDF_KEY_PURPOSE = "pdf";

export interface PdfSigningAgency {
  id: number;
  name: string;
}

export interface PdfSigner {
  kid: string;
  /** The certificate's subject, as readers show the signer. */
  signerName: string;
  /** A detached CAdES signature (DER CMS) of the SHA-256 of the signed byte ranges. */
  sign(digest: Buffer): Buffer;
}

/** Years a PDF signing certificate is valid: longer than evidence is kept. */
const CERTIFICATE_YEARS = 30;

export function pdfSignerName(agency: PdfSigningAgency | null): string {
  return agency ? `${agency.name} (Odin evidence exports)` : "Odin evidence exports";
}

const ECDSA_WITH_SHA256 = "1.2.840.10045.4.3.2";
const rdn = (type: string, value: string) =>
  new RelativeDistinguishedName([
    new AttributeTypeAndValue({ type, value: new AttributeValue({ utf8String: value }) }),
  ]);
const extension = (extnID: string, critical: boolean, value: object) =>
  new Extension({ extnID, critical, extnValue: new OctetString(AsnConvert.serialize(value)) });

/**
 * A certificate's serial number from 16 random bytes, as DER requires it: positive (first bit clear) and
 * minimally encoded (first byte not zero). Clearing only the first bit left one serial in 256 starting
 * 0x00 followed by a byte below 0x80, which OpenSSL, and so qpdf, pdfsig and Node's X509Certificate,
 * refuse to parse ("illegal padding"): that agency's certificate, and every PDF signed with it, unreadable.
 */
export function certificateSerial(bytes: Buffer = randomBytes(16)): Buffer {
  const serial = Buffer.from(bytes);
  serial[0] = (serial[0]! & 0x3f) | 0x40;
  return serial;
}

/** A self-signed X.509 v3 certificate of the key, for signing documents, naming the agency and Odin. */
export function selfSignedCertificate(
  privateKey: KeyObject,
  agency: PdfSigningAgency | null,
  serial: Buffer = certificateSerial(),
): Buffer {
  const spki = createPublicKey(privateKey).export({ type: "spki", format: "der" });
  const publicKeyInfo = AsnConvert.parse(spki, SubjectPublicKeyInfo);
  const name = new Name([
    rdn("2.5.4.3", pdfSignerName(agency)), // CN
    rdn("2.5.4.10", agency?.name ?? "Odin"), // O
    rdn("2.5.4.11", "Odin licence-plate evidence exports"), // OU
  ]);
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notBefore.getUTCFullYear() + CERTIFICATE_YEARS);
  const algorithm = new AlgorithmIdentifier({ algorithm: ECDSA_WITH_SHA256 });
  const keyId = createHash("sha1").update(Buffer.from(publicKeyInfo.subjectPublicKey)).digest();
  const tbsCertificate = new TBSCertificate({
    version: Version.v3,
    serialNumber: new Uint8Array(serial).buffer,
    signature: algorithm,
    issuer: name,
    subject: name,
    validity: new Validity({ notBefore, notAfter }),
    subjectPublicKeyInfo: publicKeyInfo,
    extensions: new Extensions([
      extension(id_ce_basicConstraints, true, new BasicConstraints({ cA: false })),
      extension(
        id_ce_keyUsage,
        true,
        new KeyUsage(KeyUsageFlags.digitalSignature | KeyUsageFlags.nonRepudiation),
      ),
      extension(id_ce_subjectKeyIdentifier, false, new SubjectKeyIdentifier(new Uint8Array(keyId))),
    ]),
  });
  const signature = sign("sha256", Buffer.from(AsnConvert.serialize(tbsCertificate)), {
    key: privateKey,
    dsaEncoding: "der",
  });
  const certificate = new Certificate({
    tbsCertificate,
    signatureAlgorithm: algorithm,
    signatureValue: new Uint8Array(signature).buffer,
  });
  return Buffer.from(AsnConvert.serialize(certificate));
}

/** Makes and stores a new PDF signing key and certificate for `agency` (null: the installation's). */
export async function addPdfSigningKey(
  prisma: Database,
  secrets: SecretBox,
  agency: PdfSigningAgency | null,
): Promise<string> {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = privateKey.export({ format: "jwk" }) as JsonWebKey & { x: string; y: string };
  const certificate = selfSignedCertificate(privateKey, agency);
  const kid = randomUUID();
  await insertExportSigningKey(prisma, {
    kid,
    purpose: PDF_KEY_PURPOSE,
    agencyId: agency?.id ?? null,
    privateJwkCiphertext: secrets.encrypt(JSON.stringify({ ...jwk, x5c: [certificate.toString("base64")] })),
    publicJwk: {
      kid,
      kty: "EC",
      crv: "P-256",
      x: jwk.x,
      y: jwk.y,
      alg: "ES256",
      use: "sig",
      x5c: [certificate.toString("base64")],
      agency: agency?.name ?? null,
    },
  });
  return kid;
}

/** Whether a certificate (base64 DER) parses: one with a padded serial does not (certificateSerial). */
function readableCertificate(base64: string | undefined): boolean {
  if (!base64) return false;
  try {
    new X509Certificate(Buffer.from(base64, "base64"));
    return true;
  } catch {
    return false;
  }
}

/**
 * Every agency (and the installation) holds a PDF signing key: made at start-up and checked again
 * whenever the keys are published, so GET /export-keys lists an agency's key before its first export.
 * Returns how many keys were made.
 */
export async function ensurePdfSigningKeys(prisma: Database, secrets: SecretBox): Promise<number> {
  const [agencies, keys] = await Promise.all([
    findAgenciesForExportKeys(prisma),
    findExportSigningKeys(prisma, PDF_KEY_PURPOSE),
  ]);
  // A key whose certificate cannot be read (a serial made before certificateSerial) does not count: a new
  // one is made, and signs from now on.
  const holders = new Set(
    keys
      .filter((key) => readableCertificate((key.publicJwk as { x5c?: string[] }).x5c?.[0]))
      .map((key) => key.agencyId),
  );
  const missing = [null, ...agencies].filter((agency) => !holders.has(agency?.id ?? null));
  for (const agency of missing) await addPdfSigningKey(prisma, secrets, agency);
  return missing.length;
}

/** The signer of the agency's newest PDF key, made on first use when there is none. */
export async function loadPdfSigner(
  prisma: Database,
  secrets: SecretBox,
  agency: PdfSigningAgency | null,
): Promise<PdfSigner> {
  let row = await findNewestPdfSigningKey(prisma, agency?.id ?? null);
  const stored = row && (JSON.parse(secrets.decrypt(row.privateJwkCiphertext)) as { x5c?: string[] });
  if (!row || !readableCertificate(stored?.x5c?.[0])) {
    await addPdfSigningKey(prisma, secrets, agency);
    row = await findNewestPdfSigningKey(prisma, agency?.id ?? null);
  }
  const jwk = JSON.parse(secrets.decrypt(row!.privateJwkCiphertext)) as JsonWebKey & {
    x5c: string[];
  };
  const certificateDer = Buffer.from(jwk.x5c[0]!, "base64");
  const { x5c: _certificates, ...keyJwk } = jwk;
  const privateKey = createPrivateKey({ key: keyJwk, format: "jwk" });
  const subject = new X509Certificate(certificateDer).subject;
  return {
    kid: row!.kid,
    signerName: /^CN=(.*)$/m.exec(subject)?.[1] ?? pdfSignerName(agency),
    sign: (digest) => createCadesSignature({ privateKey, certificateDer }, digest),
  };
}
