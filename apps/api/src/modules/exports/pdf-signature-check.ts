import { createHash, createPublicKey, X509Certificate, type KeyObject } from "node:crypto";
import { inflateSync } from "node:zlib";
import { checkCadesSignature } from "./cades-signature";
import type { PublicExportJwk } from "./export-signing";

/**
 * Checks the PDF signature of a report (pdf-signature.ts) as a reader would, and that its key is one
 * of Odin's published keys: the last signature's byte range must cover the whole file but its
 * /Contents (nothing added after it, no incremental update), the CMS signature must hold, and its
 * certificate's key must be a published PDF key. The statement (odin-export.json, attached to the
 * report) is then read from the signed bytes.
 */
export type PdfSignatureCheck =
  { kid: string; signedBy: string; statement: Record<string, unknown> | null } | { problem: string };

/** The name of the statement attached to every report. */
export const STATEMENT_FILE = "odin-export.json";

const spki = (key: KeyObject) => key.export({ type: "spki", format: "der" });

function publishedKeyOf(publicKey: KeyObject, keys: readonly PublicExportJwk[]): PublicExportJwk | undefined {
  const wanted = spki(publicKey);
  return keys.find((key) => {
    if (key.kty !== "EC") return false;
    try {
      return spki(
        createPublicKey({ key: { kty: key.kty, crv: key.crv, x: key.x, y: key.y }, format: "jwk" }),
      ).equals(wanted);
    } catch {
      return false;
    }
  });
}

/** The DER value's whole length from its header (the /Contents hex is zero-padded after it). */
function derSize(der: Buffer): number {
  if (der.length < 2) return der.length;
  const first = der[1]!;
  if (first < 0x80) return 2 + first;
  const count = first & 0x7f;
  let length = 0;
  for (let i = 0; i < count; i++) length = length * 256 + (der[2 + i] ?? 0);
  return 2 + count + length;
}

export function hasPdfSignature(text: string): boolean {
  return text.includes("/ByteRange [");
}

export function checkPdfSignature(
  file: Buffer,
  text: string,
  keys: readonly PublicExportJwk[],
): PdfSignatureCheck {
  const at = text.lastIndexOf("/ByteRange [");
  const match = /^\/ByteRange \[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text.slice(at, at + 80));
  if (at < 0 || !match) return { problem: "The file carries no PDF signature." };
  const [start, gapStart, gapEnd, rest] = match.slice(1).map(Number) as [number, number, number, number];
  if (
    start !== 0 ||
    gapStart <= at ||
    gapEnd <= gapStart ||
    !text.slice(gapStart - 10, gapStart).endsWith("/Contents ") ||
    text[gapStart] !== "<" ||
    text[gapEnd - 1] !== ">" ||
    !/^[0-9a-fA-F]*$/.test(text.slice(gapStart + 1, gapEnd - 1))
  )
    return { problem: "The PDF signature's byte range is not that of a signed report." };
  if (gapEnd + rest !== file.length)
    return {
      problem:
        "Bytes were added or changed after the PDF was signed (the signature does not cover the whole file).",
    };
  const digest = createHash("sha256")
    .update(file.subarray(0, gapStart))
    .update(file.subarray(gapEnd))
    .digest();
  const hex = Buffer.from(text.slice(gapStart + 1, gapEnd - 1), "hex");
  const checked = checkCadesSignature(hex.subarray(0, derSize(hex)), digest);
  if ("problem" in checked) return { problem: checked.problem };
  const key = publishedKeyOf(checked.publicKey, keys);
  const signedBy = new X509Certificate(checked.certificateDer).subject.replace(/\n/g, ", ");
  if (!key)
    return { problem: `The PDF is signed by "${signedBy}", whose key is not one of Odin's published keys.` };
  return { kid: key.kid, signedBy, statement: readStatement(file, text) };
}

/** The attached odin-export.json (inside the signed bytes), or null when it is not there or not readable. */
function readStatement(file: Buffer, text: string): Record<string, unknown> | null {
  // The file specification names the attachment and points at its stream: /F n 0 R inside /EF.
  const spec = new RegExp(`/F \\(${STATEMENT_FILE.replace(".", "\\.")}\\)[^]*?/EF <<\\s*/F (\\d+) 0 R`).exec(
    text,
  );
  if (!spec) return null;
  const object = text.indexOf(`\n${spec[1]} 0 obj\n`);
  if (object < 0) return null;
  const header = /<<([^]*?)>>\s*stream\r?\n/.exec(text.slice(object, object + 2000));
  const length = header ? /\/Length (\d+)/.exec(header[1]!) : null;
  if (!header || !length) return null;
  const from = object + header.index + header[0].length;
  const body = file.subarray(from, from + Number(length[1]));
  try {
    const json = /\/Filter \/FlateDecode/.test(header[1]!) ? inflateSync(body) : body;
    return JSON.parse(json.toString("utf8")) as Record<string, unknown>;
  } catch {
    return null;
  }
}
