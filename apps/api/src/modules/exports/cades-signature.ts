import { createHash, createPublicKey, sign, verify, type KeyObject } from "node:crypto";
import {
  Attribute,
  CertificateChoices,
  CertificateSet,
  ContentInfo,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  SignedData,
  SignerIdentifier,
  SignerInfo,
  SignerInfos,
  DigestAlgorithmIdentifiers,
  id_data,
  id_signedData,
} from "@peculiar/asn1-cms";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import { AlgorithmIdentifier, Certificate } from "@peculiar/asn1-x509";

/**
 * The CMS signature inside a signed PDF (issue 38 item 3): a detached CAdES signature, PAdES
 * baseline B-B (ETSI EN 319 142-1): SignedData without content, one signer, its certificate, and
 * exactly the signed attributes B-B asks for: content-type (id-data), message-digest (SHA-256 of the
 * PDF's byte ranges) and signing-certificate-v2; the signing time is the signature dictionary's /M.
 * ECDSA P-256 with SHA-256: what NSS (pdfsig, Firefox), Acrobat and every PAdES validator verify.
 */
const OID = {
  sha256: "2.16.840.1.101.3.4.2.1",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
};

/** OBJECT IDENTIFIER 1.2.840.113549.1.7.1 (id-data), DER. */
const ID_DATA_DER = Buffer.from("06092a864886f70d010701", "hex");

/** DER length octets. */
function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const der = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
};

/** SigningCertificateV2 ::= SEQUENCE { SEQUENCE OF ESSCertIDv2 { certHash } } (SHA-256, the default). */
function signingCertificateV2(certificateDer: Buffer): Buffer {
  const hash = createHash("sha256").update(certificateDer).digest();
  return der(0x30, der(0x30, der(0x30, der(0x04, hash))));
}

const attribute = (type: string, value: Buffer) =>
  new Attribute({ attrType: type, attrValues: [new Uint8Array(value).buffer] });

/** The signed attributes as signed: a DER SET OF, its members in DER order. */
function signedAttributesDer(attributes: Attribute[]): Buffer {
  const members = attributes
    .map((entry) => Buffer.from(AsnConvert.serialize(entry)))
    .sort((a, b) => Buffer.compare(a, b));
  return der(0x31, ...members);
}

export interface CadesSigningKey {
  privateKey: KeyObject;
  certificateDer: Buffer;
}

/** The DER CMS ContentInfo of a detached CAdES signature of `digest` (SHA-256 of the signed bytes). */
export function createCadesSignature(key: CadesSigningKey, digest: Buffer): Buffer {
  const certificate = AsnConvert.parse(key.certificateDer, Certificate);
  const attributes = [
    attribute(OID.contentType, ID_DATA_DER),
    attribute(OID.messageDigest, Buffer.from(AsnConvert.serialize(new OctetString(digest)))),
    attribute(OID.signingCertificateV2, signingCertificateV2(key.certificateDer)),
  ];
  const signedDer = signedAttributesDer(attributes);
  const signature = sign("sha256", signedDer, { key: key.privateKey, dsaEncoding: "der" });
  const sha256 = new AlgorithmIdentifier({ algorithm: OID.sha256 });
  const signerInfo = new SignerInfo({
    version: 1,
    sid: new SignerIdentifier({
      issuerAndSerialNumber: new IssuerAndSerialNumber({
        issuer: certificate.tbsCertificate.issuer,
        serialNumber: certificate.tbsCertificate.serialNumber,
      }),
    }),
    digestAlgorithm: sha256,
    // The order of the DER SET, so the [0] IMPLICIT copy holds the very bytes that were signed.
    signedAttrs: attributes.sort((a, b) =>
      Buffer.compare(Buffer.from(AsnConvert.serialize(a)), Buffer.from(AsnConvert.serialize(b))),
    ),
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 }),
    signature: new OctetString(signature),
  });
  const signedData = new SignedData({
    version: 1,
    digestAlgorithms: new DigestAlgorithmIdentifiers([sha256]),
    encapContentInfo: new EncapsulatedContentInfo({ eContentType: id_data }),
    certificates: new CertificateSet([new CertificateChoices({ certificate })]),
    signerInfos: new SignerInfos([signerInfo]),
  });
  return Buffer.from(
    AsnConvert.serialize(
      new ContentInfo({ contentType: id_signedData, content: AsnConvert.serialize(signedData) }),
    ),
  );
}

export type CadesCheck =
  { certificateDer: Buffer; publicKey: KeyObject } | { problem: string; certificateDer?: Buffer };

/**
 * Checks a detached CMS signature against the SHA-256 of the signed bytes: the message-digest
 * attribute, and the signer's signature over the signed attributes with its certificate's key.
 * Which key that is (one of Odin's?) is the caller's question.
 */
export function checkCadesSignature(cms: Buffer, digest: Buffer): CadesCheck {
  let signedData: SignedData;
  try {
    const info = AsnConvert.parse(cms, ContentInfo);
    if (info.contentType !== id_signedData) return { problem: "The PDF signature is not a CMS SignedData." };
    signedData = AsnConvert.parse(info.content, SignedData);
  } catch {
    return { problem: "The PDF signature is not readable." };
  }
  const signer = signedData.signerInfos[0];
  const certificate = signedData.certificates?.[0]?.certificate;
  if (!signer || signedData.signerInfos.length !== 1 || !certificate)
    return { problem: "The PDF signature does not name one signer and its certificate." };
  const certificateDer = Buffer.from(AsnConvert.serialize(certificate));
  const found = (type: string) => signer.signedAttrs?.find((entry) => entry.attrType === type)?.attrValues[0];
  const messageDigest = found(OID.messageDigest);
  if (!messageDigest || !signer.signedAttrs)
    return { problem: "The PDF signature has no message digest.", certificateDer };
  if (!Buffer.from(AsnConvert.parse(messageDigest, OctetString).buffer).equals(digest))
    return {
      problem: "The file was changed after it was signed: its SHA-256 is not the signed one.",
      certificateDer,
    };
  // The signed attributes were signed as a DER SET OF (tag 0x31), not as the [0] IMPLICIT field they
  // sit in; encoded again (the parser keeps no raw copy), which gives the signed bytes of a DER signer.
  const signed = signedAttributesDer(signer.signedAttrs);
  const publicKey = createPublicKey({
    key: Buffer.from(AsnConvert.serialize(certificate.tbsCertificate.subjectPublicKeyInfo)),
    format: "der",
    type: "spki",
  });
  const ok = verify(
    "sha256",
    signed,
    { key: publicKey, dsaEncoding: "der" },
    Buffer.from(signer.signature.buffer),
  );
  if (!ok) return { problem: "The PDF signature does not match its signed attributes.", certificateDer };
  return { certificateDer, publicKey };
}
