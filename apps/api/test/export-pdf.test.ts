import { MESSAGES, type TExportRecord } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfPageCount, pdfText, startExportFixture, todayIn, type ExportFixture } from "./export-helpers";

const JUSTIFICATION = "Case 2026-301: stolen vehicle follow-up";

describe("POST /export-pdf", () => {
  let f: ExportFixture;

  beforeAll(async () => {
    f = await startExportFixture({ EXPORT_MAX_RECORDS: "8" });
  });
  afterAll(async () => {
    await f?.close();
  });

  const exportAudits = () => f.t.prisma.auditLog.findMany({ where: { action: "export_pdf" } });

  it("reports the results of a real search of Rekor, Axon and RAVEN, and audits the export", async () => {
    const records = f.pick();
    const before = (await exportAudits()).length;
    const res = await f.exportAs("pdf", { records, justification: ` ${JUSTIFICATION} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="odin-report-${todayIn()}.pdf"`);
    expect(res.headers["cache-control"]).toBe("no-store");
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-6).toString("latin1")).toContain("%%EOF");
    expect(pdfPageCount(pdf)).toBe(records.length + 1);

    const text = pdfText(pdf);
    expect(text).toContain("LPR Evidence Report");
    expect(text).toContain(JUSTIFICATION);
    expect(text).toContain("Hartford Police Department");
    expect(text).toContain("For authorized law-enforcement use only.");
    expect(text).toContain(`Page 1 of ${records.length + 1}`);
    expect(text).toContain(`Page ${records.length + 1} of ${records.length + 1}`);
    for (const record of records) expect(text).toContain(record.plate);
    expect(text).toContain("RAVEN");
    // Every picture came through the sources: no record is missing one.
    expect(text).not.toContain("Image unavailable");
    // The nearest address comes from the geocoder (the maps simulator) when the record has none.
    expect(text).not.toMatch(/Nearest Address\nUnavailable/);
    // Times in the export's zone, as the results table writes them.
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} E[SD]T/);

    const audits = await exportAudits();
    expect(audits).toHaveLength(before + 1);
    const audit = audits.at(-1)!;
    expect(audit).toMatchObject({
      username: "hartford.investigator",
      agencyName: "Hartford Police Department",
      justification: JUSTIFICATION,
      recordCount: records.length,
      programsQueried: "Rekor,Axon,Axis",
    });
    expect(audit.queryParameters).toMatchObject({
      format: "pdf",
      record_count: records.length,
      records: records.map((record) => ({
        id: record.id,
        source_program: record.source_program,
        plate: record.plate,
      })),
    });
  });

  it("prints the address the server finds, never the client's address or pictures", async () => {
    const [record] = f.pick({ Axis: 1 });
    const withCopies: TExportRecord = {
      ...record!,
      address: "12 Evidence Lane, Hartford, CT",
      // A picture the server must not use: it fetches the record's own through the source.
      vehicle_image_data_uri: "data:image/png;base64,iVBORw0KGgo=",
    };
    const res = await f.exportAs("pdf", { records: [withCopies], justification: JUSTIFICATION });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).not.toContain("12 Evidence Lane");
    expect(text).not.toMatch(/Nearest Address\nUnavailable/);
    expect(text).not.toContain("Image unavailable");
  });

  it("still makes the report when pictures cannot be had, and says which are unavailable", async () => {
    const [rekor, axis] = f.pick({ Rekor: 1, Axis: 1 });
    // Picture references a client edits are ignored: the server uses its own copy of the record.
    const tampered = { ...rekor!, api_key: `${rekor!.api_key}x`, rekor_api_key: `${rekor!.api_key}x` };
    const faults = `${f.sim.rekorUrl}/__sim/faults`;
    await fetch(faults, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ fail_rate: 1 }),
    });
    try {
      const res = await f.exportAs("pdf", { records: [tampered, axis!], justification: JUSTIFICATION });
      expect(res.statusCode, res.body).toBe(200);
      const text = pdfText(res.rawPayload);
      expect(text).toContain(tampered.plate);
      // Rekor failed: its vehicle picture, and the plate cut from it, are unavailable; RAVEN's are not.
      expect(text.match(/Image unavailable/g)?.length).toBe(2);
      expect(text).not.toContain("This image link has expired");
      expect(text).toContain("Page 3 of 3");
    } finally {
      await fetch(faults, { method: "DELETE" });
    }
  });

  it("refuses an export without a selection or a justification with the spec's messages, unaudited", async () => {
    const before = (await exportAudits()).length;
    const records = f.pick({ Axis: 1 });
    const cases = [
      [{ records: [], justification: JUSTIFICATION }, MESSAGES.selectAtLeastOneResult],
      [{ justification: JUSTIFICATION }, MESSAGES.selectAtLeastOneResult],
      [{ records, justification: "  \t " }, MESSAGES.justificationRequired],
      [{ records }, MESSAGES.justificationRequired],
    ] as const;
    for (const [body, message] of cases) {
      const res = await f.exportAs("pdf", body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: "VALIDATION_FAILED", message } });
    }
    expect(await exportAudits()).toHaveLength(before);
  });

  it("refuses more records than EXPORT_MAX_RECORDS with a clear message, unaudited", async () => {
    const before = (await exportAudits()).length;
    const [record] = f.pick({ Axis: 1 });
    const records = Array.from({ length: 9 }, (_, i) => ({ ...record!, id: `${record!.id}-${i}` }));
    const res = await f.exportAs("pdf", { records, justification: JUSTIFICATION });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: {
        code: "VALIDATION_FAILED",
        message: "An export can hold at most 8 records. Select fewer and export again.",
      },
    });
    expect(await exportAudits()).toHaveLength(before);
  });

  it("refuses the export, with no file, when its audit row cannot be written", async () => {
    // A real failure of the audit table (as a full disk or a lost connection would be), for exports only.
    await f.t.prisma.$executeRawUnsafe(`
      CREATE FUNCTION refuse_export_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit log unavailable'; END $$`);
    await f.t.prisma.$executeRawUnsafe(`
      CREATE TRIGGER refuse_export_audit BEFORE INSERT ON audit_logs
      FOR EACH ROW WHEN (NEW.action LIKE 'export%') EXECUTE FUNCTION refuse_export_audit()`);
    try {
      for (const kind of ["pdf", "zip"] as const) {
        const res = await f.exportAs(kind, { records: f.pick({ Axis: 1 }), justification: JUSTIFICATION });
        expect(res.statusCode).toBe(503);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
        expect(res.headers["content-disposition"]).toBeUndefined();
        expect(res.json()).toEqual({ error: { code: "UNAVAILABLE", message: MESSAGES.exportNotAudited } });
      }
    } finally {
      await f.t.prisma.$executeRawUnsafe("DROP TRIGGER refuse_export_audit ON audit_logs");
      await f.t.prisma.$executeRawUnsafe("DROP FUNCTION refuse_export_audit()");
    }
  });

  it("is for signed-in users only", async () => {
    const res = await f.t.app.inject({
      method: "POST",
      url: "/export-pdf",
      payload: { records: f.pick({ Axis: 1 }), justification: JUSTIFICATION },
    });
    expect(res.statusCode).toBe(401);
  });
});
