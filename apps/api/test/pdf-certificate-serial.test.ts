import { generateKeyPairSync, X509Certificate } from "node:crypto";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  certificateSerial,
  ensurePdfSigningKeys,
  loadPdfSigner,
  PDF_KEY_PURPOSE,
  selfSignedCertificate,
} from "../src/modules/exports/pdf-signing-keys";
import { buildTestApp, type TestApp } from "./helpers";

const agency = { id: 1, name: "Hartford Police Department" };
const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });

/**
 * A PDF signing certificate's serial (found by a CI run: one agency's certificate in about 256 could
 * not be read). Serials whose first byte is 0x00 and second below 0x80 are not minimal DER; OpenSSL, and
 * so Node, qpdf and pdfsig, refuse such a certificate. certificateSerial never makes one.
 */
describe("PDF signing certificates' serial numbers", () => {
  it("a serial starting 0x00 0x3f (what clearing only the first bit could give) makes an unreadable certificate", () => {
    const padded = Buffer.from([0x00, 0x3f, ...Array.from({ length: 14 }, () => 0xa5)]);
    const der = selfSignedCertificate(privateKey, agency, padded);
    expect(() => new X509Certificate(der)).toThrow();
  });

  it("certificateSerial keeps every serial positive and minimal: the certificate reads, in Node and in openssl", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "odin-serial-"));
    try {
      for (const first of [0x00, 0x01, 0x7f, 0x80, 0xff]) {
        const bytes = Buffer.from([first, 0x00, ...Array.from({ length: 14 }, () => 0x11)]);
        const serial = certificateSerial(bytes);
        expect(serial[0]! & 0x80).toBe(0);
        expect(serial[0]).not.toBe(0);
        const der = selfSignedCertificate(privateKey, agency, serial);
        const certificate = new X509Certificate(der);
        expect(certificate.serialNumber.toLowerCase()).toBe(serial.toString("hex"));
        const file = path.join(dir, `${first}.der`);
        await writeFile(file, der);
        const { stdout } = await promisify(execFile)("openssl", [
          "x509",
          "-inform",
          "DER",
          "-in",
          file,
          "-noout",
          "-serial",
        ]);
        expect(stdout.trim().toLowerCase()).toBe(`serial=${serial.toString("hex")}`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("an agency whose stored certificate cannot be read (made before the fix)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it("gets a new key at the next publication and its exports are signed with it", async () => {
    const stored = await t.prisma.agency.create({ data: { name: "Serial Police Department", code: "SPD" } });
    const bad = selfSignedCertificate(privateKey, stored, Buffer.from([0x00, 0x3f, ...Array(14).fill(0x11)]));
    const jwk = privateKey.export({ format: "jwk" }) as Record<string, string> & { x: string; y: string };
    const kid = randomUUID();
    await t.prisma.exportSigningKey.create({
      data: {
        kid,
        purpose: PDF_KEY_PURPOSE,
        agencyId: stored.id,
        privateJwkCiphertext: t.secrets.encrypt(JSON.stringify({ ...jwk, x5c: [bad.toString("base64")] })),
        publicJwk: {
          kid,
          kty: "EC",
          crv: "P-256",
          x: jwk.x,
          y: jwk.y,
          x5c: [bad.toString("base64")],
          agency: stored.name,
        },
      },
    });
    // The signer of that agency: a new key, not the unreadable one (before the fix: X509Certificate threw).
    const signer = await loadPdfSigner(t.prisma, t.secrets, stored);
    expect(signer.kid).not.toBe(kid);
    expect(signer.signerName).toBe("Serial Police Department (Odin evidence exports)");
    // Publication counts the agency as holding a readable key now: nothing more is made.
    expect(await ensurePdfSigningKeys(t.prisma, t.secrets)).toBe(0);
  });
});
