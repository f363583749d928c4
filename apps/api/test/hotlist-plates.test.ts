import { readFile } from "node:fs/promises";
import path from "node:path";
import { MESSAGES } from "@odin/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAttachmentLinks } from "../src/modules/hotlists/attachment-links";
import {
  createHotlistWorld,
  file,
  form,
  PDF,
  picture,
  whileDatabaseRefusesBoom,
  type HotlistWorld,
} from "./hotlist-fixtures";

const UPLOAD_LIMIT = 256 * 1024;
let w: HotlistWorld;
let groupId: number;
beforeAll(async () => {
  w = await createHotlistWorld({ UPLOAD_MAX_BYTES: String(UPLOAD_LIMIT) });
  groupId = w.hartfordGroupId;
});
afterAll(() => w.close());

const plates = () => w.t.prisma.hotlistPlate.findMany({ where: { groupId }, orderBy: { id: "asc" } });
const snapshot = async () =>
  (await plates()).map((plate) => `${plate.plateNumber}|${plate.state}|${plate.reason}`);

const upload = (csv: string | Buffer, mode?: string, who = "hotlistAdmin") => {
  const fields: Record<string, string | Blob> = { csv_file: file(csv, "plates.csv", "text/csv") };
  if (mode) fields.mode = mode;
  return w.call(who, "POST", `/groups/${groupId}/bulk-upload-plates`, form(fields));
};

describe("bulk plate upload (POST /groups/{id}/bulk-upload-plates)", () => {
  it("adds the rows of a good file, and refuses the same file uploaded again (409)", async () => {
    const before = (await plates()).length;
    const csv =
      'plate_number,state,reason,notes\nCSV-001,CT,Stolen,"Red, dented"\ncsv 002,new york,Warrant,\nCSV003,,,\n';
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.platesUploaded(3), added: 3, removed: 0 });
    const added = (await plates()).slice(before);
    expect(
      added.map((plate) => [
        plate.plateNumber,
        plate.plateNormalized,
        plate.state,
        plate.reason,
        plate.notes,
      ]),
    ).toEqual([
      ["CSV-001", "CSV001", "CT", "Stolen", "Red, dented"],
      ["CSV 002", "CSV002", "NY", "Warrant", null],
      ["CSV003", "CSV003", null, "", null],
    ]);
    // Every row is already on the group now (issue 17): the file is refused whole, each row named.
    const again = await upload(csv, "add");
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details.map((detail: { path: string }) => detail.path)).toEqual([
      "line 2",
      "line 3",
      "line 4",
    ]);
    expect(await w.t.prisma.auditLog.count({ where: { action: "hotlist_plates_uploaded" } })).toBe(1);
  });

  it("rejects a file with one bad row among good ones whole, with every bad row's line and reason", async () => {
    const before = await snapshot();
    const audits = await w.t.prisma.auditLog.count();
    const csv = [
      "plate_number,state,reason,notes",
      "GOOD-1,CT,Stolen,",
      ",CT,missing plate,", // line 3
      "GOOD-2,,,",
      "BAD 4,Ontario,Stolen,", // line 5
      '"GOOD-3",MA,"multi',
      'line note",',
      "#$%,CT,,", // line 8
    ].join("\r\n");
    for (const mode of ["add", "replace"]) {
      const res = await upload(csv, mode);
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.message).toMatch(/^3 row\(s\) of the file are invalid, so nothing was uploaded/);
      expect(error.message).not.toContain(".).");
      expect(error.details).toEqual([
        { path: "line 3", message: `plate_number: ${MESSAGES.plateNumberRequired}` },
        { path: "line 5", message: expect.stringMatching(/^state: State must be one of the 50 US states/) },
        { path: "line 8", message: expect.stringMatching(/^plate_number: Plate number may hold only/) },
      ]);
    }
    expect(await snapshot()).toEqual(before);
    expect(await w.t.prisma.auditLog.count()).toBe(audits);
  });

  it("refuses what is not a plate CSV by content, and a missing file, naming csv_file", async () => {
    const before = await snapshot();
    for (const [body, message] of [
      [await picture("png"), /not a CSV text file/],
      ["plate,reason\nA1,x\n", /must name the columns plate_number/],
      ["plate_number,colour\nA1,red\n", /Unknown column\(s\): colour/],
      ["plate_number\n", /no data rows/],
    ] as const) {
      const res = await upload(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(message);
      expect(res.json().error.details[0].path).toBe("csv_file");
    }
    const missing = await w.call(
      "hotlistAdmin",
      "POST",
      `/groups/${groupId}/bulk-upload-plates`,
      form({ mode: "add" }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details[0].path).toBe("csv_file");
    const mode = await upload("plate_number\nA1\n", "merge");
    expect(mode.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a file over UPLOAD_MAX_BYTES with a 413, changing nothing", async () => {
    const before = await snapshot();
    const rows = Array.from({ length: 30_000 }, (_, i) => `BIG${i},CT,Stolen`).join("\n");
    expect(rows.length).toBeGreaterThan(UPLOAD_LIMIT);
    const res = await upload(`plate_number,state,reason\n${rows}\n`, "replace");
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await snapshot()).toEqual(before);
  });

  it("replaces all plates at once; the old plates' alerts stay", async () => {
    const old = await plates();
    const alert = await w.t.prisma.alert.create({
      data: {
        groupId,
        hotlistPlateId: old[0]!.id,
        sourceProgram: "Axis",
        sourceReadId: "replace-test",
        plate: old[0]!.plateNumber,
        timestamp: new Date(),
        reason: old[0]!.reason,
        dateAdded: old[0]!.createdAt,
      },
    });
    // A plate twice in the file is refused (issue 17), by its line.
    const repeated = await upload("plate_number,state\nNEW-1,CT\nNEW-2,RI\nNEW-1,CT\n", "replace");
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json().error.details).toEqual([
      { path: "line 4", message: MESSAGES.plateRepeatsLine("NEW-1", 2) },
    ]);
    const res = await upload("plate_number,state\nNEW-1,CT\nNEW-2,RI\n", "replace");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ added: 2, removed: old.length });
    expect(await snapshot()).toEqual(["NEW-1|CT|", "NEW-2|RI|"]);
    expect(await w.t.prisma.alert.findFirst({ where: { id: alert.id } })).toMatchObject({
      hotlistPlateId: null,
    });
  });

  it("leaves the old plates when a replace fails half-way in the database (one transaction)", async () => {
    const before = await snapshot();
    await whileDatabaseRefusesBoom(w.t, async () => {
      const res = await upload("plate_number\nFINE-1\nBOOM\nFINE-2\n", "replace");
      expect(res.statusCode).toBe(500);
      expect(await snapshot()).toEqual(before);
    });
  });

  it("takes Rekor Scout's alert-list CSV as it is (issue 37 item 2): Plate Number, Description, Match Strategy", async () => {
    // The file as Rekor's own hotlist importer writes it for an alert list (openalpr_hotlist_import,
    // parsers/base.py: header `Plate Number,Description,Match Strategy`, rows `plate,description,strategy`
    // with the list's match_strategy `exact` or `lenient`), from the example lines of its NCIC, NJ MVC and
    // WA parsers. No state column: the entries hold for any state, as in Rekor.
    const rekorFile = await readFile(path.join(import.meta.dirname, "fixtures", "rekor", "alert-list.csv"));
    const before = (await plates()).length;
    const res = await upload(rekorFile);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ added: 3, removed: 0 });
    const added = (await plates()).slice(before);
    expect(added.map((plate) => [plate.plateNumber, plate.state, plate.reason, plate.matchStrategy])).toEqual(
      [
        ["AB123456", null, "Stolen Vehicle - 20190509 (CA) BLK 2009 YAMA CYL", "exact"],
        ["ABC123", null, "Suspended Owner 1985 BLUE NIS SEN - NJ", "exact"],
        ["BN0W111", null, "Stolen Plate - 20211006 (WA) 2022 PC", "lenient"],
      ],
    );
    expect(added[2]!.plateSkeleton).not.toBe("");

    // The dashboard's spelling (Exact / Lenient), CRLF, any header case and a quoted description.
    const dashboard = await upload(
      'PLATE NUMBER,description,Match Strategy\r\nRK-200,"Stolen, blue Civic",Lenient\r\nRK-201,Warrant,Exact\r\nRK-202,,\r\n',
    );
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const dashboardRows = (await plates()).filter((plate) => plate.plateNumber.startsWith("RK-"));
    expect(dashboardRows.map((plate) => [plate.plateNumber, plate.reason, plate.matchStrategy])).toEqual([
      ["RK-200", "Stolen, blue Civic", "lenient"],
      ["RK-201", "Warrant", "exact"],
      ["RK-202", "", "exact"],
    ]);

    // A bad row names the column as Rekor's file does; a file naming a column in both layouts is refused.
    const bad = await upload(
      "Plate Number,Description,Match Strategy\nRK-300,x,exact\n#$%,y,exact\nRK-301,z,fuzzy\n",
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([
      { path: "line 3", message: expect.stringMatching(/^plate number: Plate number may hold only/) },
      { path: "line 4", message: "match strategy: Match strategy must be Exact or Lenient." },
    ]);
    const both = await upload("plate_number,Plate Number\nRK-400,RK-400\n");
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toBe(
      "The header row names the same column twice (plate_number and plate number); keep one.",
    );
    expect(
      (await plates()).some(
        (plate) => plate.plateNumber.startsWith("RK-3") || plate.plateNumber === "RK-400",
      ),
    ).toBe(false);
  });
});

describe("attachments", () => {
  let pdfPlate: { id: number; attachmentPath: string };
  let pngPlate: { id: number; attachmentPath: string };

  beforeAll(async () => {
    const png = await picture("png");
    const res = await w.call(
      "hotlistAdmin",
      "POST",
      `/groups/${groupId}/edit-mobile`,
      form({
        group_name: "Hartford Stolen Vehicles",
        group_members: (await w.t.prisma.hotlistGroupMember.findMany({ where: { groupId } }))
          .map((m) => m.userId)
          .join(","),
        "plates[0][number]": "ATT-PDF",
        "plates[0][file]": file(PDF, "report.pdf"),
        "plates[1][number]": "ATT-PNG",
        "plates[1][file]": file(png, "looks-like.pdf", "application/pdf"),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const stored = await w.t.prisma.hotlistPlate.findMany({
      where: { groupId, plateNormalized: { startsWith: "ATT" } },
    });
    const pick = (name: string) => {
      const plate = stored.find((p) => p.plateNumber === name)!;
      return { id: plate.id, attachmentPath: plate.attachmentPath! };
    };
    pdfPlate = pick("ATT-PDF");
    pngPlate = pick("ATT-PNG");
  });

  const linkFor = async (plate: { id: number; attachmentPath: string }, who = "hotlistViewer") => {
    const res = await w.call(
      who,
      "GET",
      `/get-hotlist-attachment-url/${plate.attachmentPath}?plate_id=${plate.id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return new URL(res.json<{ url: string }>().url);
  };
  const open = (url: URL) => w.t.app.inject({ method: "GET", url: `${url.pathname}${url.search}` });

  it("answers a signed 5-minute link that opens the file inline with its checked type", async () => {
    const url = await linkFor(pdfPlate);
    expect(url.origin).toBe(new URL(w.t.config.publicUrl).origin);
    expect(url.pathname).toBe(`/hotlist-attachments/${pdfPlate.attachmentPath}`);
    expect(Number(url.searchParams.get("expires")) - Date.now() / 1000).toBeGreaterThan(290);
    expect(Number(url.searchParams.get("expires")) - Date.now() / 1000).toBeLessThanOrEqual(300);

    const res = await open(url); // no bearer token: the signature stands for it
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers).toMatchObject({
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${pdfPlate.attachmentPath}"`,
      "x-content-type-options": "nosniff",
    });
    expect(res.headers["content-security-policy"]).toMatch(/^default-src 'none';/);
    expect(res.headers["content-security-policy"]).not.toMatch(/script-src/);

    const png = await open(await linkFor(pngPlate, "hotlistAdmin"));
    expect(png.statusCode).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    expect(png.headers["content-security-policy"]).toMatch(/sandbox$/);
  });

  it("refuses a changed signature, another plate or file, and an expired link", async () => {
    const url = await linkFor(pdfPlate);
    const changed = new URL(url);
    const sig = changed.searchParams.get("sig")!;
    changed.searchParams.set("sig", `${sig.slice(0, -2)}${sig.endsWith("AA") ? "BB" : "AA"}`);
    expect((await open(changed)).statusCode).toBe(403);

    const otherPlate = new URL(url);
    otherPlate.searchParams.set("plate_id", String(pngPlate.id));
    expect((await open(otherPlate)).statusCode).toBe(403);

    const otherFile = new URL(url);
    otherFile.pathname = `/hotlist-attachments/${pngPlate.attachmentPath}`;
    expect((await open(otherFile)).statusCode).toBe(403);

    const later = new URL(url);
    later.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    expect((await open(later)).statusCode).toBe(403);

    // A link made with the app's key six minutes ago has expired.
    const past = createAttachmentLinks(w.t.secrets.derive("hotlist-attachments"), {
      now: () => Date.now() - 6 * 60_000,
    });
    const expired = new URLSearchParams(past.sign(pdfPlate.attachmentPath, pdfPlate.id)).toString();
    const res = await w.t.app.inject({
      method: "GET",
      url: `/hotlist-attachments/${pdfPlate.attachmentPath}?${expired}`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/expired/);
    // The same key a minute ago still opens it: the 403 above is the expiry, not the key.
    const recent = createAttachmentLinks(w.t.secrets.derive("hotlist-attachments"), {
      now: () => Date.now() - 60_000,
    });
    const fresh = new URLSearchParams(recent.sign(pdfPlate.attachmentPath, pdfPlate.id)).toString();
    expect(
      (
        await w.t.app.inject({
          method: "GET",
          url: `/hotlist-attachments/${pdfPlate.attachmentPath}?${fresh}`,
        })
      ).statusCode,
    ).toBe(200);
  });

  it("gives links only for a plate's own file in a group the caller may see", async () => {
    const get = (who: string, name: string, plateId: number) =>
      w.call(who, "GET", `/get-hotlist-attachment-url/${name}?plate_id=${plateId}`);
    expect((await get("hotlistAdmin", pngPlate.attachmentPath, pdfPlate.id)).statusCode).toBe(404);
    expect((await get("otherAgencyAdmin", pdfPlate.attachmentPath, pdfPlate.id)).statusCode).toBe(404);
    const outsider = await w.addUser({
      username: "hartford.outsider",
      agencyId: w.hartfordAgencyId,
      hotlistViewer: true,
    });
    expect((await get(outsider.token, pdfPlate.attachmentPath, pdfPlate.id)).statusCode).toBe(404);
    expect((await get("hotlistAdmin", "..%2F..%2Fsecrets.key", pdfPlate.id)).statusCode).toBe(400);
  });

  it("removes a plate at once from a form post, with its file; a plate of another group is 404", async () => {
    const url = await linkFor(pdfPlate);
    const otherGroupPlate = await w.t.prisma.hotlistPlate.findFirstOrThrow({
      where: { groupId: w.newHavenGroupId },
    });
    const wrong = await w.call(
      "hotlistAdmin",
      "POST",
      `/groups/${groupId}/remove-plate`,
      new URLSearchParams({ plate_id: String(otherGroupPlate.id) }),
    );
    expect(wrong.statusCode).toBe(404);
    expect(await w.t.prisma.hotlistPlate.findUnique({ where: { id: otherGroupPlate.id } })).not.toBeNull();

    const res = await w.call(
      "hotlistAdmin",
      "POST",
      `/groups/${groupId}/remove-plate`,
      new URLSearchParams({ plate_id: String(pdfPlate.id) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.plateRemoved });
    expect(await w.t.prisma.hotlistPlate.findUnique({ where: { id: pdfPlate.id } })).toBeNull();
    expect(await w.filesIn("attachments")).not.toContain(pdfPlate.attachmentPath);
    expect((await open(url)).statusCode).toBe(404);
    expect(await w.t.prisma.auditLog.count({ where: { action: "hotlist_plate_removed" } })).toBe(1);
  });
});
