import { createHash, type Hash } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import type { TExportVerification } from "@odin/contract";
import { unzipBounded } from "./bounded-unzip";
import { verifyJws, type PublicExportJwk } from "./export-signing";
import { checkPdfSignature, hasPdfSignature } from "./pdf-signature-check";

/**
 * The seal of an exported file (issue 17, docs/security.md "Signed exports"): the SHA-256 of the
 * file's bytes, with the export id and what the file holds, signed by Odin (Ed25519 JWS) and written
 * at the very end of the file as it streams out:
 * - PDF, before issue 38 (still verified): after the document, a comment line `%ODIN-SEAL {jws}` and a
 *   final `%%EOF`. PDF reports are now signed as PDF signatures instead (pdf-signature.ts), with the
 *   same statement attached to the report as odin-export.json;
 * - ZIP: the archive comment (the last field of the end-of-central-directory record); the hash covers
 *   every byte before the comment-length field.
 * The ZIP's manifest.json also carries the export id, every file's SHA-256 and its own signature, so a
 * single file taken out of the archive can still be checked.
 */
export const SEAL_TYPE = "odin-export-seal/1";
export const MANIFEST_FORMAT = "odin-export/2";
/** The `typ` of the statement a signed PDF report carries (odin-export.json, issue 38). */
export const PDF_STATEMENT_TYPE = "odin-export-statement/1";
const PDF_MARKER = "\n%ODIN-SEAL ";
const PDF_END = "\n%%EOF\n";
const ZIP_MARKER = "ODIN-SEAL ";
const EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const EOCD_LENGTH = 22;

/** Passes the file through, hashing it, and lets `finish` write the tail (it may take held-back bytes). */
class SealStream extends Transform {
  private readonly hash = createHash("sha256");
  private held = Buffer.alloc(0);

  constructor(
    private readonly holdBack: number,
    private readonly finish: (hash: Hash, held: Buffer) => Promise<Buffer>,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    const all = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    const cut = Math.max(0, all.length - this.holdBack);
    const out = all.subarray(0, cut);
    this.held = Buffer.from(all.subarray(cut));
    if (out.length) {
      this.hash.update(out);
      this.push(out);
    }
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.finish(this.hash, this.held).then(
      (tail) => callback(null, tail),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }
}

/** What every seal states beside the file's hash. */
export interface SealStatement {
  export_id: string;
  exported_at: string;
  user: string;
  agency: string | null;
  record_count: number;
  [more: string]: unknown;
}

type Sign = (payload: object) => Promise<string>;

export function zipSealStream(sign: Sign, statement: () => SealStatement): Transform {
  return new SealStream(EOCD_LENGTH, async (hash, held) => {
    if (held.length !== EOCD_LENGTH || !held.subarray(0, 4).equals(EOCD) || held.readUInt16LE(20) !== 0)
      throw new Error("the archive does not end with a plain end-of-central-directory record");
    hash.update(held.subarray(0, 20));
    const jws = await sign({ typ: SEAL_TYPE, kind: "zip", ...statement(), sha256: hash.digest("hex") });
    const comment = Buffer.from(`${ZIP_MARKER}${jws}`, "latin1");
    if (comment.length > 0xffff) throw new Error("the seal does not fit a ZIP comment");
    const end = Buffer.from(held);
    end.writeUInt16LE(comment.length, 20);
    return Buffer.concat([end, comment]);
  });
}

const sha256 = (body: Uint8Array) => createHash("sha256").update(body).digest("hex");

type Verification = TExportVerification;

function emptyVerification(kind: Verification["kind"], problem?: string): Verification {
  return {
    valid: false,
    kind,
    problems: problem ? [problem] : [],
    export_id: null,
    exported_at: null,
    key_id: null,
    user: null,
    agency: null,
    record_count: null,
    records: [],
    files: null,
  };
}

const str = (value: unknown) => (typeof value === "string" ? value : null);

function recordsOf(value: unknown): Verification["records"] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: Record<string, unknown>) =>
    entry && typeof entry === "object"
      ? [
          {
            id: str(entry.id) ?? "",
            source: str(entry.source) ?? "",
            plate: str(entry.plate) ?? "",
            timestamp: str(entry.timestamp),
          },
        ]
      : [],
  );
}

/** Fills the result from a checked seal. */
function fromSeal(result: Verification, payload: Record<string, unknown>, kid: string): void {
  result.export_id = str(payload.export_id);
  result.exported_at = str(payload.exported_at);
  result.key_id = kid;
  result.user = str(payload.user);
  result.agency = str(payload.agency);
  result.record_count = typeof payload.record_count === "number" ? payload.record_count : null;
  result.records = recordsOf(payload.records);
}

/** How long the unpacking of an uploaded ZIP may take (EXPORT_VERIFY_TIMEOUT_MS sets it for the server). */
export const DEFAULT_UNZIP_TIMEOUT_MS = 20_000;

/**
 * Checks an exported file against Odin's public keys: its seal (signature and whole-file hash) and,
 * for a ZIP, its manifest (signature, and the size and SHA-256 of every file). Never throws for a bad
 * file: the answer says what is wrong; an archive that could not be an export at all (too many or too
 * large entries, too long to unpack) throws ArchiveRefusedError instead.
 */
export async function verifyExportFile(
  file: Buffer,
  keys: readonly PublicExportJwk[],
  { unzipTimeoutMs = DEFAULT_UNZIP_TIMEOUT_MS }: { unzipTimeoutMs?: number } = {},
): Promise<Verification> {
  if (file.subarray(0, 5).toString("latin1") === "%PDF-") return verifyPdf(file, keys);
  if (file.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
    return verifyZip(file, keys, unzipTimeoutMs);
  return emptyVerification(null, "This is neither a PDF nor a ZIP exported by Odin.");
}

async function verifyPdf(file: Buffer, keys: readonly PublicExportJwk[]): Promise<Verification> {
  const text = file.toString("latin1");
  const at = text.lastIndexOf(PDF_MARKER);
  if (at < 0) return verifySignedPdf(file, text, keys);
  // A report made before issue 38: Odin's own seal comment after the document.
  const result = emptyVerification("pdf");
  const end = text.indexOf("\n", at + PDF_MARKER.length);
  const jws = text.slice(at + PDF_MARKER.length, end < 0 ? undefined : end);
  if (end < 0 || text.slice(end) !== PDF_END)
    result.problems.push("Bytes were added or changed after the seal.");
  const checked = await verifyJws(jws, keys);
  if ("problem" in checked) return { ...result, problems: [...result.problems, checked.problem] };
  fromSeal(result, checked.payload, checked.kid);
  if (checked.payload.typ !== SEAL_TYPE || checked.payload.kind !== "pdf")
    result.problems.push("The seal is not that of a PDF export.");
  if (checked.payload.sha256 !== sha256(file.subarray(0, at)))
    result.problems.push("The file was changed after it was exported: its SHA-256 is not the signed one.");
  result.valid = result.problems.length === 0;
  return result;
}

/** A report signed as a PDF (issue 38): its PDF signature, then the statement it carries. */
function verifySignedPdf(file: Buffer, text: string, keys: readonly PublicExportJwk[]): Verification {
  if (!hasPdfSignature(text))
    return emptyVerification(
      "pdf",
      "The file carries no Odin signature (it was not exported by Odin, or it was re-saved).",
    );
  const checked = checkPdfSignature(file, text, keys);
  if ("problem" in checked) return emptyVerification("pdf", checked.problem);
  const result = emptyVerification("pdf");
  result.signed_by = checked.signedBy;
  const statement = checked.statement;
  if (!statement || statement.typ !== PDF_STATEMENT_TYPE) {
    result.problems.push("The signed PDF carries no Odin export statement (odin-export.json).");
    return { ...result, key_id: checked.kid };
  }
  fromSeal(result, statement, checked.kid);
  result.valid = true;
  return result;
}

async function verifyZip(
  file: Buffer,
  keys: readonly PublicExportJwk[],
  unzipTimeoutMs: number,
): Promise<Verification> {
  const result = emptyVerification("zip");
  // The end-of-central-directory record: 22 bytes, then the comment, which is the seal.
  const eocd = file.lastIndexOf(EOCD);
  if (eocd < 0 || eocd + EOCD_LENGTH > file.length)
    return emptyVerification("zip", "The file is not a complete ZIP.");
  const commentLength = file.readUInt16LE(eocd + 20);
  const comment = file.subarray(eocd + EOCD_LENGTH).toString("latin1");
  if (comment.length !== commentLength || !comment.startsWith(ZIP_MARKER))
    return emptyVerification(
      "zip",
      "The file carries no Odin seal (it was not exported by Odin, or it was re-packed).",
    );
  const checked = await verifyJws(comment.slice(ZIP_MARKER.length), keys);
  if ("problem" in checked) return { ...result, problems: [checked.problem] };
  fromSeal(result, checked.payload, checked.kid);
  if (checked.payload.typ !== SEAL_TYPE || checked.payload.kind !== "zip")
    result.problems.push("The seal is not that of a ZIP export.");
  if (checked.payload.sha256 !== sha256(file.subarray(0, eocd + 20)))
    result.problems.push("The file was changed after it was exported: its SHA-256 is not the signed one.");

  // Bounded and off the event loop (bounded-unzip.ts): an archive no export could be is refused with
  // ArchiveRefusedError, which the route answers 413 and the command prints.
  const { entries, manifest } = await unzipBounded(file, { timeoutMs: unzipTimeoutMs });
  if (!manifest) {
    result.problems.push(
      entries["manifest.json"] ? "manifest.json cannot be unpacked." : "The archive has no manifest.json.",
    );
    return result;
  }
  if ("unreadable" in manifest) {
    result.problems.push("manifest.json is not readable.");
    return result;
  }
  const signed =
    manifest.signature !== null
      ? await verifyJws(manifest.signature, keys)
      : { problem: "manifest.json is not signed." };
  if ("problem" in signed) result.problems.push(`manifest.json: ${signed.problem}`);
  else if (JSON.stringify(signed.payload) !== manifest.statementJson)
    result.problems.push("manifest.json was changed: it is not the signed statement.");
  if (manifest.exportId !== result.export_id)
    result.problems.push("manifest.json names another export than the archive's seal.");
  const files = manifest.files;
  const listed = new Set<string>();
  for (const entry of files) {
    listed.add(entry.path);
    const found = entries[entry.path];
    if (!found) result.problems.push(`${entry.path} is missing.`);
    else if ("damaged" in found)
      result.problems.push(`${entry.path} cannot be unpacked: it was changed after it was exported.`);
    else if (found.size !== entry.size || found.sha256 !== entry.sha256)
      result.problems.push(`${entry.path} was changed: its SHA-256 is not the signed one.`);
  }
  for (const [name, found] of Object.entries(entries))
    if (name !== "manifest.json" && !listed.has(name))
      result.problems.push(
        "damaged" in found
          ? `${name} cannot be unpacked: it was changed after it was exported.`
          : `${name} is not in the signed manifest.`,
      );
  result.files = files.length;
  result.records = manifest.records;
  result.valid = result.problems.length === 0;
  return result;
}
