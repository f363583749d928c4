import { createHash } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { pdfkitAddPlaceholder } from "@signpdf/placeholder-pdfkit";
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import type { PdfSigner } from "./pdf-signing-keys";

/**
 * PDF signatures on exported reports (issue 38 item 3), as readers check them: a signature field
 * whose dictionary (@signpdf/placeholder-pdfkit, SubFilter ETSI.CAdES.detached) holds a /ByteRange
 * covering the whole file but the /Contents hex string, and in /Contents a detached CAdES signature
 * of those bytes (cades-signature.ts). The report streams out as it is made: the stream hashes every
 * byte up to the signature dictionary, which pdfkit writes just before the document's last objects,
 * holds that tail (tens of kilobytes), then fills in the byte range and the signature and sends it.
 */

/** Bytes kept for the CMS signature (hex in the file: twice that). An ECDSA signature and its certificate take about 1.2 KB. */
export const PDF_SIGNATURE_BYTES = 8192;

const BYTE_RANGE_PLACEHOLDER = `/ByteRange [0 /${DEFAULT_BYTE_RANGE_PLACEHOLDER} /${DEFAULT_BYTE_RANGE_PLACEHOLDER} /${DEFAULT_BYTE_RANGE_PLACEHOLDER}]`;
const MARKER = Buffer.from(BYTE_RANGE_PLACEHOLDER, "latin1");
const CONTENTS = Buffer.from("/Contents <", "latin1");

export interface SignatureDetails {
  /** The signer readers show (the certificate names it too). */
  name: string;
  reason: string;
  location: string;
  contactInfo: string;
  signingTime: Date;
}

/**
 * Adds the signature field (an invisible widget on the current page) and its dictionary with the
 * placeholders. Call it last, just before `doc.end()`: the dictionary is written at once, and the
 * stream holds back everything from there to the end.
 */
export function addPdfSignaturePlaceholder(doc: PDFKit.PDFDocument, details: SignatureDetails): void {
  pdfkitAddPlaceholder({
    pdf: doc,
    pdfBuffer: Buffer.alloc(0),
    reason: details.reason,
    contactInfo: details.contactInfo,
    name: details.name,
    location: details.location,
    signingTime: details.signingTime,
    signatureLength: PDF_SIGNATURE_BYTES,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: "Odin",
  });
}

/** Passes the PDF through, hashing it, and signs it at its end (see the module's comment). */
export class PdfSignStream extends Transform {
  private readonly hash = createHash("sha256");
  private passed = 0;
  private pending = Buffer.alloc(0);
  private tail: Buffer[] | undefined;

  constructor(private readonly signer: () => Promise<Pick<PdfSigner, "sign">>) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.tail) {
      this.tail.push(chunk);
      return callback();
    }
    const all = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const at = all.indexOf(MARKER);
    // Until the marker is seen, keep back only what could be its start.
    const cut = at >= 0 ? at : Math.max(0, all.length - MARKER.length + 1);
    const out = all.subarray(0, cut);
    if (out.length) {
      this.hash.update(out);
      this.passed += out.length;
      this.push(out);
    }
    if (at >= 0) {
      this.tail = [Buffer.from(all.subarray(at))];
      this.pending = Buffer.alloc(0);
    } else this.pending = Buffer.from(all.subarray(cut));
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.finish().then(
      (tail) => callback(null, tail),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  private async finish(): Promise<Buffer> {
    if (!this.tail) throw new Error("the report has no signature placeholder");
    const tail = Buffer.concat(this.tail);
    const open = tail.indexOf(CONTENTS);
    if (open < 0) throw new Error("the signature dictionary has no /Contents");
    const start = open + CONTENTS.length - 1; // the "<"
    const end = tail.indexOf(">", start) + 1; // after the ">"
    if (end - start !== PDF_SIGNATURE_BYTES * 2 + 2)
      throw new Error("the /Contents placeholder is not the expected size");
    const total = this.passed + tail.length;
    const range = [0, this.passed + start, this.passed + end, total - this.passed - end];
    // The byte range in the room of its placeholder, padded with spaces like @signpdf/signpdf.
    const written = `/ByteRange [${range.join(" ")}]`;
    if (written.length > BYTE_RANGE_PLACEHOLDER.length)
      throw new Error("the byte range does not fit its placeholder");
    tail.write(written.padEnd(BYTE_RANGE_PLACEHOLDER.length, " "), 0, "latin1");
    this.hash.update(tail.subarray(0, start));
    this.hash.update(tail.subarray(end));
    const cms = (await this.signer()).sign(this.hash.digest());
    if (cms.length > PDF_SIGNATURE_BYTES) throw new Error("the signature does not fit its placeholder");
    tail.write(cms.toString("hex").padEnd(PDF_SIGNATURE_BYTES * 2, "0"), start + 1, "latin1");
    return tail;
  }
}
