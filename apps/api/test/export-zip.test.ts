import { createHash } from "node:crypto";
import { MESSAGES, type TSearchResult } from "@odin/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvCell, csvLine } from "../src/modules/exports/export-csv";
import { plateCropBox } from "../src/sources/record-images";
import { pdfText, readZip, startExportFixture, todayIn, type ExportFixture } from "./export-helpers";

const JUSTIFICATION = "Case 2026-302: evidence package for the prosecutor";

interface Manifest {
  exported_at: string;
  user: { username: string };
  agency: string;
  justification: string;
  record_count: number;
  files: { path: string; size: number; sha256: string }[];
  missing: { record: string; id: string; images: string[] }[];
}

const sha256 = (body: Buffer) => createHash("sha256").update(body).digest("hex");

/** records.csv back into rows (quoted cells, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  return text
    .split("\r\n")
    .filter(Boolean)
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((match) => match[1]!.replaceAll('""', '"')),
    );
}

describe("POST /export-zip", () => {
  let f: ExportFixture;

  /**
   * What a vendor answered, changed in the search's snapshot (as a hostile or broken vendor would have
   * sent it): exports print the server's copy, so that is where such values must come from. Answers
   * a function that puts the snapshot back.
   */
  async function vendorAnswered(record: TSearchResult, changes: Partial<TSearchResult>) {
    const rows = await f.t.prisma.searchSnapshot.findMany();
    const row = rows.find((candidate) =>
      (candidate.records as TSearchResult[]).some((entry) => entry.id === record.id),
    )!;
    const original = row.records as TSearchResult[];
    const changed = original.map((entry) => (entry.id === record.id ? { ...entry, ...changes } : entry));
    await f.t.prisma.searchSnapshot.update({ where: { id: row.id }, data: { records: changed } });
    return () => f.t.prisma.searchSnapshot.update({ where: { id: row.id }, data: { records: original } });
  }

  beforeAll(async () => {
    f = await startExportFixture();
  });
  afterAll(async () => {
    await f?.close();
  });

  it("packs a real search's records with their pictures, and a manifest whose hashes all match", async () => {
    const records = f.pick({ Rekor: 2, Axon: 2, Axis: 1 });
    const res = await f.exportAs("zip", { records, justification: JUSTIFICATION });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="odin-export-${todayIn()}.zip"`);

    const files = readZip(res.rawPayload);
    const manifest = JSON.parse(files.get("manifest.json")!.toString("utf8")) as Manifest;
    expect(manifest).toMatchObject({
      user: { username: "hartford.investigator" },
      agency: "Hartford Police Department",
      justification: JUSTIFICATION,
      record_count: records.length,
      missing: [],
    });
    expect(Date.now() - Date.parse(manifest.exported_at)).toBeLessThan(60_000);
    // Every file but the manifest is listed, and each listed file is exactly what the archive holds.
    expect(manifest.files.map((file) => file.path).sort()).toEqual(
      [...files.keys()].filter((name) => name !== "manifest.json").sort(),
    );
    for (const listed of manifest.files) {
      const body = files.get(listed.path)!;
      expect({ path: listed.path, size: body.length, sha256: sha256(body) }).toEqual(listed);
    }

    records.forEach((record, index) => {
      const folder = `${String(index + 1).padStart(4, "0")}-${record.plate}`;
      expect(files.has(`${folder}/vehicle.jpg`), folder).toBe(true);
      expect(files.has(`${folder}/plate.jpg`), folder).toBe(true);
      const json = JSON.parse(files.get(`${folder}/record.json`)!.toString("utf8")) as Record<
        string,
        unknown
      >;
      expect(json).toMatchObject({
        id: record.id,
        plate: record.plate,
        plate_state: record.plate_state,
        make: record.make,
        camera_name: record.camera_name,
        timestamp: record.timestamp,
        latitude: record.latitude,
        source_program: record.source_program,
        files: { vehicle_image: "vehicle.jpg", plate_image: "plate.jpg" },
      });
      // Nothing the browser prepared, and none of Odin's image handles.
      for (const key of ["vehicle_image_data_uri", "map_data_uri", "api_key", "rekor_api_key"])
        expect(json, key).not.toHaveProperty(key);
    });

    const csv = parseCsv(files.get("records.csv")!.toString("utf8"));
    expect(csv).toHaveLength(records.length + 1);
    expect(csv[0]).toContain("plate");
    expect(csv.slice(1).map((row) => row[csv[0]!.indexOf("plate")])).toEqual(records.map((r) => r.plate));
    expect(csv[5]![csv[0]!.indexOf("source")]).toBe("RAVEN");

    const audit = await f.t.prisma.auditLog.findFirstOrThrow({
      where: { action: "export_zip" },
      orderBy: { id: "desc" },
    });
    expect(audit).toMatchObject({ justification: JUSTIFICATION, recordCount: records.length });
  });

  it("sends the pictures as the sources have them, and cuts Rekor's plate with an 8% margin", async () => {
    const [rekor, axis] = f.pick({ Rekor: 1, Axis: 1 });
    const res = await f.exportAs("zip", { records: [rekor, axis], justification: JUSTIFICATION });
    const files = readZip(res.rawPayload);

    const proxied = async (url: string) =>
      (await f.t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${await f.token()}` } }))
        .rawPayload;
    expect(sha256(files.get(`0001-${rekor!.plate}/vehicle.jpg`)!)).toBe(
      sha256(await proxied(rekor!.vehicle_image_src!)),
    );
    expect(sha256(files.get(`0002-${axis!.plate}/plate.jpg`)!)).toBe(
      sha256(await proxied(axis!.plate_image_src!)),
    );

    const vehicle = await sharp(files.get(`0001-${rekor!.plate}/vehicle.jpg`)).metadata();
    const plate = await sharp(files.get(`0001-${rekor!.plate}/plate.jpg`)).metadata();
    const box = plateCropBox(rekor!, vehicle.width, vehicle.height)!;
    expect({ width: plate.width, height: plate.height }).toEqual({ width: box.width, height: box.height });
    const plateWidth = rekor!.plate_x2! - rekor!.plate_x1!;
    expect(box.width).toBeGreaterThanOrEqual(Math.round(plateWidth * 1.16) - 1);
    expect(box.width).toBeLessThanOrEqual(Math.round(plateWidth * 1.16) + 2);
    const json = JSON.parse(files.get(`0001-${rekor!.plate}/record.json`)!.toString("utf8")) as {
      files: Record<string, unknown>;
    };
    expect(json.files.plate_image_cut_from_vehicle_image).toBe(true);
  });

  it("neutralises formulas in records.csv and keeps file names safe", async () => {
    const [record] = f.pick({ Axon: 1 });
    const restore = await vendorAnswered(record!, {
      plate: '=HYPERLINK("http://evil.example","click")',
      camera_name: "+cmd|' /C calc'!A0",
      agency: "@SUM(1+1)",
      make: "-2+3",
      color: "\tTab",
    });
    const res = await f.exportAs("zip", { records: [record], justification: JUSTIFICATION }).finally(restore);
    expect(res.statusCode).toBe(200);
    const files = readZip(res.rawPayload);
    const text = files.get("records.csv")!.toString("utf8");
    const [header, row] = parseCsv(text);
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell("plate")).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(cell("camera_name")).toBe("'+cmd|' /C calc'!A0");
    expect(cell("agency")).toBe("'@SUM(1+1)");
    expect(cell("make")).toBe("'-2+3");
    expect(cell("color")).toBe("'\tTab");
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect([...files.keys()].every((name) => /^(?:[\w-]+\/)?[\w.-]+$/.test(name))).toBe(true);
  });

  it("lists pictures that cannot be had in the manifest instead of failing", async () => {
    const [axon, rekor] = f.pick({ Axon: 1, Rekor: 1 });
    const restore = await vendorAnswered(axon!, {
      image_path: "http://169.254.169.254/latest/meta-data/",
      plate_image_url: null,
    });
    // The Rekor vendor fails every request: the record is packed without its pictures.
    const faults = `${f.sim.rekorUrl}/__sim/faults`;
    const headers = { "content-type": "application/json" };
    await fetch(faults, { method: "POST", headers, body: JSON.stringify({ fail_rate: 1 }) });
    const res = await f
      .exportAs("zip", { records: [axon, rekor], justification: JUSTIFICATION })
      .finally(async () => {
        await restore();
        await fetch(faults, { method: "DELETE" });
      });
    expect(res.statusCode).toBe(200);
    const files = readZip(res.rawPayload);
    const manifest = JSON.parse(files.get("manifest.json")!.toString("utf8")) as Manifest;
    expect(manifest.missing).toEqual([
      {
        record: `0001-${axon!.plate}`,
        id: axon!.id,
        images: expect.arrayContaining([expect.stringMatching(/^vehicle image: /)]),
      },
      {
        record: `0002-${rekor!.plate}`,
        id: rekor!.id,
        images: [expect.stringMatching(/^vehicle image: /), "plate image: no vehicle picture to cut it from"],
      },
    ]);
    expect(files.has(`0001-${axon!.plate}/vehicle.jpg`)).toBe(false);
    expect(files.has(`0002-${rekor!.plate}/record.json`)).toBe(true);
  });

  it("prints the agency's hotlist groups each plate is on at export time, never the client's claim (issue 40 item 1)", async () => {
    // Two reads of plates on no list yet (some demo plates are listed).
    const unlisted = f.results.filter((result) => result.source_program === "Rekor" && !result.hotlists);
    const listed = unlisted[0];
    const other = unlisted.find((result) => result.plate !== listed!.plate);
    const group = await f.t.prisma.hotlistGroup.findFirstOrThrow({
      where: { name: "Hartford Stolen Vehicles" },
    });
    const entry = await f.t.prisma.hotlistPlate.create({
      data: {
        groupId: group.id,
        plateNumber: listed!.plate,
        plateNormalized: listed!.plate.replace(/[^A-Z0-9]/gi, "").toUpperCase(),
        state: null,
        reason: "Stolen 11/28",
      },
    });
    try {
      // The client claims a list for the other record: the server's answer is what prints.
      const forged = { ...other!, hotlists: [{ group_id: 999, group_name: "Forged List" }] };
      const body = { records: [listed, forged], justification: JUSTIFICATION };
      const zip = await f.exportAs("zip", body);
      expect(zip.statusCode, zip.body).toBe(200);
      const files = readZip(zip.rawPayload);
      const csv = parseCsv(files.get("records.csv")!.toString("utf8"));
      const column = csv[0]!.indexOf("hotlists");
      expect(column).toBe(csv[0]!.length - 1);
      expect(csv[1]![column]).toBe("Hartford Stolen Vehicles (Stolen 11/28), Hartford Police Department");
      expect(csv[2]![column]).toBe("");
      const json = JSON.parse(
        files.get(`0001-${listed!.plate}/record.json`)!.toString("utf8"),
      ) as TSearchResult;
      expect(json.hotlists).toEqual([
        {
          group_id: group.id,
          group_name: "Hartford Stolen Vehicles",
          agency_name: "Hartford Police Department",
          reason: "Stolen 11/28",
        },
      ]);

      const pdf = await f.exportAs("pdf", body);
      expect(pdf.statusCode, pdf.body).toBe(200);
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain("On hotlist at export:");
      expect(text).toContain("Hartford Stolen Vehicles");
      expect(text).not.toContain("Forged List");
    } finally {
      await f.t.prisma.hotlistPlate.delete({ where: { id: entry.id } });
    }
  });

  it("refuses an export without a selection or a justification, unaudited", async () => {
    const before = await f.t.prisma.auditLog.count({ where: { action: "export_zip" } });
    const none = await f.exportAs("zip", { records: [], justification: JUSTIFICATION });
    expect(none.json()).toMatchObject({ error: { message: MESSAGES.selectAtLeastOneResult } });
    const blank = await f.exportAs("zip", { records: f.pick({ Axis: 1 }), justification: " " });
    expect(blank.json()).toMatchObject({ error: { message: MESSAGES.justificationRequired } });
    expect([none.statusCode, blank.statusCode]).toEqual([400, 400]);
    expect(await f.t.prisma.auditLog.count({ where: { action: "export_zip" } })).toBe(before);
  });
});

describe("CSV cells", () => {
  it("quotes every cell, doubles quotes and neutralises formula starts in text only", () => {
    expect(csvLine(["a", 'say "hi"', null, 41.5, -72.7, "=1+1", "x,y\nz"])).toBe(
      `"a","say ""hi""","","41.5","-72.7","'=1+1","x,y\nz"\r\n`,
    );
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}1`)).toBe(`"'${start}1"`);
    expect(csvCell("A=1")).toBe('"A=1"');
  });
});
