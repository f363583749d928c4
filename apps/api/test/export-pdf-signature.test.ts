import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TExportKeysResponse, TExportRecord } from "@odin/contract";
import { X509Certificate } from "node:crypto";
import PDFDocument from "pdfkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEAL_TYPE, verifyExportFile } from "../src/modules/exports/export-seal";
import { loadExportKeys, loadExportSigner } from "../src/modules/exports/export-signing";
import { startExportFixture, type ExportFixture } from "./export-helpers";

/**
 * Issue 38 item 3: a PDF report carries a PDF signature (PAdES B-B, ECDSA P-256, the agency's
 * certificate) that independent validators accept: `qpdf --check` (Debian's qpdf) finds no damage and
 * `pdfsig` (Debian's poppler-utils, NSS) finds the signature valid over the whole document, for a
 * small report and one at the 500-record limit; `odin verify-export` and the verify call still check
 * it, and the keys are published before any export.
 */
const JUSTIFICATION = "Case 2026-3803: evidence a PDF reader trusts";

const run = (command: string, args: string[]) =>
  new Promise<{ code: number; output: string }>((resolve) => {
    execFile(command, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });

describe("PDF reports signed as PDF signatures", () => {
  let f: ExportFixture;
  let dir: string;

  beforeAll(async () => {
    f = await startExportFixture();
    dir = await mkdtemp(path.join(os.tmpdir(), "odin-pdf-signature-"));
  });
  afterAll(async () => {
    await f?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function exportPdf(records: TExportRecord[]) {
    const res = await f.exportAs("pdf", { records, justification: JUSTIFICATION });
    expect(res.statusCode, res.body).toBe(200);
    const file = path.join(dir, `report-${records.length}.pdf`);
    await writeFile(file, res.rawPayload);
    return { body: res.rawPayload, file, exportId: String(res.headers["x-odin-export-id"]) };
  }

  async function expectValidatorsPass(file: string) {
    const qpdf = await run("qpdf", ["--check", file]);
    expect(qpdf.output).toContain("No syntax or stream encoding errors found");
    expect(qpdf.code, qpdf.output).toBe(0);
    const pdfsig = await run("pdfsig", [file]);
    expect(pdfsig.output).toContain("Signature #1:");
    expect(pdfsig.output).toContain(
      "Signer Certificate Common Name: Hartford Police Department (Odin evidence exports)",
    );
    expect(pdfsig.output).toContain("Signature Type: ETSI.CAdES.detached");
    expect(pdfsig.output).toContain("Total document signed");
    expect(pdfsig.output).toContain("Signature Validation: Signature is Valid.");
    expect(pdfsig.code, pdfsig.output).toBe(0);
    return { qpdf: qpdf.output, pdfsig: pdfsig.output };
  }

  it("publishes every agency's certificate and the seal key before any export", async () => {
    const res = await f.t.app.inject({ method: "GET", url: "/export-keys" });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json<TExportKeysResponse>();
    expect(keys.filter((key) => key.kty === "OKP")).toHaveLength(1);
    const agencies = await f.t.prisma.agency.findMany();
    expect(agencies.length).toBeGreaterThan(1);
    for (const agency of [...agencies, null]) {
      const key = keys.find((entry) => entry.kty === "EC" && entry.agency === (agency?.name ?? null));
      expect(key, agency?.name ?? "the installation").toBeDefined();
      if (key?.kty !== "EC") continue;
      const certificate = new X509Certificate(Buffer.from(key.x5c[0]!, "base64"));
      expect(certificate.subject).toContain(agency ? `O=${agency.name}` : "O=Odin");
      expect(certificate.subject).toContain("Odin evidence exports");
      expect(certificate.issuer).toBe(certificate.subject);
      expect(certificate.verify(certificate.publicKey)).toBe(true);
    }
    // Published once: asking again makes no new key.
    const again = await f.t.app.inject({ method: "GET", url: "/export-keys" });
    expect(again.json<TExportKeysResponse>().keys).toHaveLength(keys.length);
  });

  it("signs a small report so that qpdf finds no damage and pdfsig a valid signature", async () => {
    const records = f.pick({ Rekor: 1, Axon: 1, Axis: 1 });
    const { body, file, exportId } = await exportPdf(records);
    const printed = await expectValidatorsPass(file);
    console.log(`3-record report (${body.length} bytes):\n${printed.qpdf}${printed.pdfsig}`);

    const keys = await loadExportKeys(f.t.prisma);
    const result = await verifyExportFile(body, keys);
    const hartford = keys.find((key) => key.kty === "EC" && key.agency === "Hartford Police Department");
    expect(result).toMatchObject({
      valid: true,
      kind: "pdf",
      problems: [],
      export_id: exportId,
      key_id: hartford!.kid,
      user: "hartford.investigator",
      agency: "Hartford Police Department",
      record_count: 3,
    });
    expect(result.signed_by).toContain("CN=Hartford Police Department (Odin evidence exports)");
    expect(result.records.map((record) => record.plate)).toEqual(records.map((record) => record.plate));

    // Changed, appended to (an incremental update), or checked against other keys: not valid.
    const changed = Buffer.from(body);
    changed[Math.floor(body.length / 2)]! ^= 0x01;
    expect((await verifyExportFile(changed, keys)).valid).toBe(false);
    const appended = Buffer.concat([body, Buffer.from("\n1 0 obj\n<< >>\nendobj\n%%EOF\n")]);
    expect((await verifyExportFile(appended, keys)).problems[0]).toMatch(
      /added or changed after the PDF was signed/,
    );
    const other = await verifyExportFile(
      body,
      keys.filter((key) => key.kty === "OKP"),
    );
    expect(other.valid).toBe(false);
    expect(other.problems[0]).toMatch(/not one of Odin's published keys/);
    const changedFile = path.join(dir, "changed.pdf");
    await writeFile(changedFile, changed);
    expect((await run("pdfsig", [changedFile])).output).not.toContain("Signature is Valid.");
  });

  it("signs a report at the 500-record limit that both validators pass", { timeout: 600_000 }, async () => {
    const picked = f.pick({ Rekor: 2, Axon: 2, Axis: 1 });
    const records = Array.from({ length: 500 }, (_, i) => picked[i % picked.length]!);
    const { body, file } = await exportPdf(records);
    const printed = await expectValidatorsPass(file);
    console.log(`500-record report (${body.length} bytes):\n${printed.qpdf}${printed.pdfsig}`);
    const result = await verifyExportFile(body, await loadExportKeys(f.t.prisma));
    expect(result).toMatchObject({ valid: true, record_count: 500, problems: [] });
  });

  it("still verifies a report sealed the old way (Ed25519 seal comment after %%EOF)", async () => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => doc.on("end", resolve));
    doc.text("An Odin report of 2026-11");
    doc.end();
    await ended;
    const pdf = Buffer.concat(chunks);
    const signer = await loadExportSigner(f.t.prisma, f.t.secrets);
    const jws = await signer.sign({
      typ: SEAL_TYPE,
      kind: "pdf",
      export_id: "old-export",
      exported_at: "2026-11-01T00:00:00.000Z",
      user: "hartford.investigator",
      agency: "Hartford Police Department",
      record_count: 1,
      records: [],
      sha256: createHash("sha256").update(pdf).digest("hex"),
    });
    const sealed = Buffer.concat([pdf, Buffer.from(`\n%ODIN-SEAL ${jws}\n%%EOF\n`, "latin1")]);
    const keys = await loadExportKeys(f.t.prisma);
    expect(await verifyExportFile(sealed, keys)).toMatchObject({
      valid: true,
      export_id: "old-export",
      key_id: signer.kid,
    });
    sealed[20]! ^= 0x01;
    expect((await verifyExportFile(sealed, keys)).valid).toBe(false);
  });
});
