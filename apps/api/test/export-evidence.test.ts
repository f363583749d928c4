import { MESSAGES, type TExportRecord, type TExportVerification, type TSearchResult } from "@odin/contract";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyExportCommand } from "../src/cli/verify-export-command";
import { verifyExportFile } from "../src/modules/exports/export-seal";
import { loadExportKeys } from "../src/modules/exports/export-signing";
import { createRecordRefs, LEFT_OUT_REASONS } from "../src/modules/exports/record-refs";
import { createImageHandles } from "../src/sources/image-handle";
import { pdfText, readZip, startExportFixture, type ExportFixture } from "./export-helpers";
import type { Persona } from "./tokens";

/**
 * Issue 17 item 1: exports print only what the server reads again under each record's signed
 * reference, with the caller's access at export time; the audit row comes first; the files are signed
 * and can be checked later.
 */
const JUSTIFICATION = "Case 2026-317: evidence integrity check";

describe("exports from record references", () => {
  let f: ExportFixture;

  beforeAll(async () => {
    f = await startExportFixture({ EXPORT_MAX_RECORDS: "8" });
  });
  afterAll(async () => {
    await f?.close();
  });

  const exportAudits = () =>
    f.t.prisma.auditLog.findMany({ where: { action: { in: ["export_pdf", "export_zip"] } } });

  async function searchAs(persona: Persona): Promise<TSearchResult[]> {
    const now = Date.now();
    const res = await f.t.app.inject({
      method: "POST",
      url: "/search-data",
      headers: { authorization: `Bearer ${await f.token(persona)}` },
      payload: {
        justification: "Case 2026-317: another user's search",
        start_time: new Date(now - 24 * 3_600_000).toISOString(),
        end_time: new Date(now + 60_000).toISOString(),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TSearchResult[]>();
  }

  async function verifyCall(file: Buffer, name: string): Promise<TExportVerification> {
    const boundary = "----odin-verify";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          "Content-Type: application/octet-stream\r\n\r\n",
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await f.t.app.inject({
      method: "POST",
      url: "/verify-export",
      headers: {
        authorization: `Bearer ${await f.token()}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TExportVerification>();
  }

  it("gives every search result a signed reference", () => {
    expect(f.results.length).toBeGreaterThan(0);
    for (const result of f.results) expect(result.ref).toMatch(/^or1\.[\w-]+\.[\w-]+$/);
  });

  it("prints what the source says, never the plate, time or address a tampered request sends", async () => {
    const real = f.pick({ Rekor: 1, Axon: 1, Axis: 1 });
    const tampered: TExportRecord[] = real.map((record, i) => ({
      ...record,
      plate: `FAKE00${i}`,
      timestamp: "2001-09-09T01:46:40.000Z",
      camera_name: "Forged Camera",
      make: "Forgedmobile",
      address: "1 Forged Street, Nowhere",
    }));

    const pdf = await f.exportAs("pdf", { records: tampered, justification: JUSTIFICATION });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const record of real) expect(text).toContain(record.plate);
    for (const forged of [
      "FAKE00",
      "09/08/2001",
      "09/09/2001",
      "Forged Camera",
      "Forgedmobile",
      "Forged Street",
    ])
      expect(text).not.toContain(forged);

    const zip = await f.exportAs("zip", { records: tampered, justification: JUSTIFICATION });
    expect(zip.statusCode, zip.body).toBe(200);
    const files = readZip(zip.rawPayload);
    const everything = [...files.values()].map((body) => body.toString("latin1")).join("\n");
    for (const record of real) expect(everything).toContain(record.plate);
    for (const forged of ["FAKE00", "2001-09-09", "Forged Camera", "Forgedmobile", "Forged Street"])
      expect(everything).not.toContain(forged);
    const first = [...files.keys()].find(
      (name) => name.startsWith("0001-") && name.endsWith("/record.json"),
    )!;
    const json = JSON.parse(files.get(first)!.toString());
    expect(json).toMatchObject({ id: real[0]!.id, plate: real[0]!.plate, timestamp: real[0]!.timestamp });
    expect(json).not.toHaveProperty("ref");

    // The audit rows name the plates the references carry, not the request's text.
    const audits = (await exportAudits()).slice(-2);
    for (const audit of audits) {
      expect(audit.recordCount).toBe(3);
      expect(JSON.stringify(audit.queryParameters)).not.toContain("FAKE00");
      expect(audit.queryParameters).toMatchObject({
        export_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        plates: expect.arrayContaining(real.map((record) => record.plate.toUpperCase())),
        record_count: 3,
      });
    }
    expect(pdf.headers["x-odin-export-id"]).toBe(
      (audits[0]!.queryParameters as { export_id: string }).export_id,
    );
  });

  it("leaves out forged, expired, missing and other users' or agencies' references and lists them", async () => {
    const [valid] = f.pick({ Axis: 1 });
    const [rekor] = f.pick({ Rekor: 1 });
    // One signature character changed: not the last, whose low bits are base64 padding a decoder ignores
    // (changing "A" to "B" there would leave the signature valid, about one run in 32).
    const forged = { ...rekor!, ref: rekor!.ref!.replace(/.(?=.$)/, (c) => (c === "A" ? "B" : "A")) };
    // A reference Odin signed nine hours ago has expired (they live eight).
    const past = createRecordRefs({
      prisma: f.t.prisma,
      key: f.t.secrets.derive("record-refs"),
      handles: createImageHandles(f.t.secrets.derive("image-handles")),
      now: () => Date.now() - 9 * 3_600_000,
    });
    const investigator = await f.t.prisma.user.findUniqueOrThrow({
      where: { username: "hartford.investigator" },
    });
    const [old] = await past.attach({ user: investigator } as never, [valid!]);
    const otherAgency = (await searchAs("otherAgencyAdmin"))[0]!;
    const otherUser = (await searchAs("admin")).find((result) => result.source_program === "Axon")!;
    const specShaped: TExportRecord = { ...valid! };
    delete specShaped.ref;

    const before = (await exportAudits()).length;
    const records = [valid!, forged, old!, otherAgency, otherUser, specShaped];
    const res = await f.exportAs("zip", { records, justification: JUSTIFICATION });
    expect(res.statusCode, res.body).toBe(200);
    const manifest = JSON.parse(readZip(res.rawPayload).get("manifest.json")!.toString());
    expect(manifest.record_count).toBe(1);
    expect(manifest.records).toEqual([expect.objectContaining({ id: valid!.id, plate: valid!.plate })]);
    expect(manifest.left_out).toEqual([
      { position: 2, id: null, reason: LEFT_OUT_REASONS.forged },
      { position: 3, id: valid!.id, reason: LEFT_OUT_REASONS.expired },
      { position: 4, id: otherAgency.id, reason: LEFT_OUT_REASONS.notYours },
      { position: 5, id: otherUser.id, reason: LEFT_OUT_REASONS.notYours },
      { position: 6, id: null, reason: LEFT_OUT_REASONS.missing },
    ]);
    const audits = await exportAudits();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ recordCount: 1, plate: valid!.plate.toUpperCase() });

    const pdf = await f.exportAs("pdf", { records, justification: JUSTIFICATION });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("Page 2 of 2");
    expect(text).toContain("5 selected record(s) left out");
  });

  it("refuses an export whose references are all invalid, or too many records, with the contract's error", async () => {
    const before = (await exportAudits()).length;
    const [record] = f.pick({ Axis: 1 });
    const spec = { ...record! };
    delete spec.ref;
    for (const records of [[spec], [{ ...record!, ref: "or1.e30.AAAA" }]]) {
      const res = await f.exportAs("pdf", { records, justification: JUSTIFICATION });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: "VALIDATION_FAILED",
          message: MESSAGES.exportNoValidRecords,
          details: [{ path: "records", message: MESSAGES.exportNoValidRecords }],
        },
      });
    }
    const many = Array.from({ length: 9 }, () => record!);
    const res = await f.exportAs("zip", { records: many, justification: JUSTIFICATION });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.exportTooManyRecords(8));
    expect(await exportAudits()).toHaveLength(before);
  });

  it("leaves out a record whose source the caller may no longer search", async () => {
    const [rekor, axis] = f.pick({ Rekor: 1, Axis: 1 });
    const hartford = await f.t.prisma.agency.findFirstOrThrow({
      where: { name: "Hartford Police Department" },
    });
    const other = await f.t.prisma.agency.findFirstOrThrow({ where: { id: { not: hartford.id } } });
    const keys = await f.t.prisma.rekorApiKey.findMany({ where: { agencyId: hartford.id } });
    await f.t.prisma.rekorApiKey.updateMany({
      where: { agencyId: hartford.id },
      data: { agencyId: other.id },
    });
    try {
      const res = await f.exportAs("zip", { records: [rekor!, axis!], justification: JUSTIFICATION });
      expect(res.statusCode, res.body).toBe(200);
      const manifest = JSON.parse(readZip(res.rawPayload).get("manifest.json")!.toString());
      expect(manifest.records.map((entry: { id: string }) => entry.id)).toEqual([axis!.id]);
      expect(manifest.left_out).toEqual([{ position: 1, id: rekor!.id, reason: LEFT_OUT_REASONS.noAccess }]);
    } finally {
      for (const key of keys)
        await f.t.prisma.rekorApiKey.update({ where: { id: key.id }, data: { agencyId: hartford.id } });
    }
  });

  it("signs the PDF and the ZIP: an untouched file verifies, a one-byte change does not", async () => {
    const records = f.pick({ Rekor: 1, Axon: 1, Axis: 1 });
    const published = await f.t.app.inject({ method: "GET", url: "/export-keys" });
    expect(published.statusCode).toBe(200);
    const keys = await loadExportKeys(f.t.prisma);
    expect(published.json()).toEqual({ keys });
    // The Ed25519 seal key (ZIPs) and a PDF signing key (ECDSA P-256) per agency and the installation.
    const seal = keys.filter((key) => key.kty === "OKP");
    expect(seal).toHaveLength(1);
    const pdfKey = keys.find((key) => key.kty === "EC" && key.agency === "Hartford Police Department");
    expect(pdfKey).toBeDefined();

    for (const kind of ["pdf", "zip"] as const) {
      const res = await f.exportAs(kind, { records, justification: JUSTIFICATION });
      expect(res.statusCode, res.body).toBe(200);
      const file = res.rawPayload;
      const exportId = String(res.headers["x-odin-export-id"]);

      const good = await verifyCall(file, `report.${kind}`);
      expect(good).toMatchObject({
        valid: true,
        kind,
        problems: [],
        export_id: exportId,
        key_id: kind === "pdf" ? pdfKey!.kid : seal[0]!.kid,
        user: "hartford.investigator",
        agency: "Hartford Police Department",
        record_count: 3,
      });
      expect(good.records.map((record) => record.plate)).toEqual(records.map((record) => record.plate));
      if (kind === "zip") {
        const manifest = JSON.parse(readZip(file).get("manifest.json")!.toString());
        expect(manifest).toMatchObject({ export_id: exportId, key_id: seal[0]!.kid });
        expect(manifest.signature).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
        expect(good.files).toBe(manifest.files.length);
      } else {
        const text = pdfText(file);
        expect(text).toContain(`Export ${exportId}`);
        expect(text).toMatch(/Vehicle [0-9a-f]{64}/);
      }

      // One byte changed anywhere: in the middle (a picture or a page), at the start, near the end.
      for (const at of [Math.floor(file.length / 2), 10, file.length - 200]) {
        const changed = Buffer.from(file);
        changed[at] = changed[at]! ^ 0x01;
        const bad = await verifyExportFile(changed, keys);
        expect(bad.valid, `${kind} byte ${at}`).toBe(false);
        expect(bad.problems.length).toBeGreaterThan(0);
      }
      const viaCall = Buffer.from(file);
      const third = Math.floor(file.length / 3);
      viaCall[third] = viaCall[third]! ^ 0x01;
      expect((await verifyCall(viaCall, `report.${kind}`)).valid).toBe(false);
      // Signed by another key than Odin's: not valid.
      expect((await verifyExportFile(file, [])).valid).toBe(false);
    }
    expect((await verifyExportFile(Buffer.from("hello"), keys)).problems).toEqual([
      "This is neither a PDF nor a ZIP exported by Odin.",
    ]);
  });

  it("`odin verify-export` checks a saved file with saved public keys (exit 0 valid, 1 not)", async () => {
    const res = await f.exportAs("zip", { records: f.pick({ Axis: 1 }), justification: JUSTIFICATION });
    const dir = await mkdtemp(path.join(os.tmpdir(), "odin-verify-"));
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      const keys = path.join(dir, "keys.json");
      await writeFile(keys, (await f.t.app.inject({ method: "GET", url: "/export-keys" })).body);
      const good = path.join(dir, "good.zip");
      await writeFile(good, res.rawPayload);
      const changed = Buffer.from(res.rawPayload);
      changed[100] = changed[100]! ^ 0x01;
      const bad = path.join(dir, "bad.zip");
      await writeFile(bad, changed);
      expect(await verifyExportCommand([good, "--keys", keys])).toBe(0);
      expect(log.mock.calls.at(-1)?.[0]).toMatch(/good\.zip: VALID \(ZIP\)[\s\S]*export id: +[0-9a-f-]{36}/);
      expect(await verifyExportCommand([bad, "--keys", keys])).toBe(1);
      expect(log.mock.calls.at(-1)?.[0]).toMatch(/bad\.zip: NOT VALID/);
    } finally {
      log.mockRestore();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("makes no file and asks no source when the audit row cannot be written (503, Retry-After)", async () => {
    const records = f.pick({ Rekor: 1, Axon: 1, Axis: 1 });
    let vendorRequests = 0;
    const count = () => void vendorRequests++;
    f.sim.rekor.server.on("request", count);
    f.sim.axon.server.on("request", count);
    await f.t.prisma.$executeRawUnsafe(`
      CREATE FUNCTION refuse_evidence_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit log unavailable'; END $$`);
    await f.t.prisma.$executeRawUnsafe(`
      CREATE TRIGGER refuse_evidence_audit BEFORE INSERT ON audit_logs
      FOR EACH ROW WHEN (NEW.action LIKE 'export%') EXECUTE FUNCTION refuse_evidence_audit()`);
    try {
      for (const kind of ["pdf", "zip"] as const) {
        const res = await f.exportAs(kind, { records, justification: JUSTIFICATION });
        expect(res.statusCode).toBe(503);
        expect(res.headers["retry-after"]).toMatch(/^\d+$/);
        expect(res.headers["content-disposition"]).toBeUndefined();
        expect(res.json()).toEqual({ error: { code: "UNAVAILABLE", message: MESSAGES.exportNotAudited } });
      }
      expect(vendorRequests).toBe(0);
    } finally {
      f.sim.rekor.server.off("request", count);
      f.sim.axon.server.off("request", count);
      await f.t.prisma.$executeRawUnsafe("DROP TRIGGER refuse_evidence_audit ON audit_logs");
      await f.t.prisma.$executeRawUnsafe("DROP FUNCTION refuse_evidence_audit()");
    }
    // The same export, audited, does ask the vendors for its pictures: the counter would have seen it.
    f.sim.rekor.server.on("request", count);
    try {
      expect((await f.exportAs("zip", { records, justification: JUSTIFICATION })).statusCode).toBe(200);
      expect(vendorRequests).toBeGreaterThan(0);
    } finally {
      f.sim.rekor.server.off("request", count);
    }
  });

  it("keeps remote results in an expiring snapshot and purges it after", async () => {
    const snapshots = await f.t.prisma.searchSnapshot.findMany();
    expect(snapshots.length).toBeGreaterThan(0);
    for (const row of snapshots) {
      expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now());
      expect((row.records as TSearchResult[]).every((record) => record.source_program !== "Axis")).toBe(true);
    }
    const later = createRecordRefs({
      prisma: f.t.prisma,
      key: "unused",
      handles: createImageHandles("unused"),
      now: () => Date.now() + 9 * 3_600_000,
    });
    expect(await later.purge()).toBe(snapshots.length);
    expect(await f.t.prisma.searchSnapshot.count()).toBe(0);
  });
});
