import { describe, expect, it } from "vitest";
import { createAttachmentLinks } from "../src/modules/hotlists/attachment-links";
import { readPlateCsv } from "../src/modules/hotlists/plate-csv";
import { parsePlateFields, toStateAbbreviation } from "../src/modules/hotlists/plate-input";
import { checkAttachment, sniffAttachmentType } from "../src/modules/hotlists/upload-checks";
import { AppError } from "../src/lib/app-error";

describe("plate rules", () => {
  it("keeps the plate as entered (trimmed, upper case) and normalises it for the matcher", () => {
    expect(parsePlateFields({ number: "  ab-12 3 ", state: "ct" })).toEqual({
      row: {
        plateNumber: "AB-12 3",
        plateNormalized: "AB123",
        plateSkeleton: "A8123",
        matchStrategy: "exact",
        state: "CT",
        reason: "",
        notes: null,
      },
    });
  });

  it("takes a state by abbreviation or name, blank as any state, and nothing else", () => {
    expect(toStateAbbreviation("Rhode Island")).toBe("RI");
    expect(toStateAbbreviation(" ny ")).toBe("NY");
    expect(toStateAbbreviation("")).toBeNull();
    expect(toStateAbbreviation("ON")).toBeUndefined();
    expect(parsePlateFields({ number: "A1", state: "DC" })).toMatchObject({ issues: [{ field: "state" }] });
  });

  it("refuses plates without a number or with other characters", () => {
    expect(parsePlateFields({ reason: "x" })).toMatchObject({ issues: [{ field: "number" }] });
    expect(parsePlateFields({ number: "--" })).toMatchObject({ issues: [{ field: "number" }] });
    expect(parsePlateFields({ number: "AB<1>" })).toMatchObject({ issues: [{ field: "number" }] });
  });
});

describe("plate CSV", () => {
  it("numbers bad rows by their line in the file, quoted line breaks included", () => {
    // The row starting on line 2 spans two lines, so the row without a plate is on line 4.
    const file = Buffer.from('plate_number,notes\n"A1","two\nlines"\n,x\nB2,\n');
    let error: unknown;
    try {
      readPlateCsv(file);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).details).toEqual([
      { path: "line 4", message: "plate_number: Plate number is required." },
    ]);
    // Fully blank lines are not rows.
    expect(readPlateCsv(Buffer.from("plate_number\nA1\n,\n\nB2\n")).map((row) => row.plateNumber)).toEqual([
      "A1",
      "B2",
    ]);
  });
});

describe("attachment checks", () => {
  it("goes by the first bytes, not the name", () => {
    expect(sniffAttachmentType(Buffer.from("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniffAttachmentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffAttachmentType(Buffer.from("<html>%PDF-"))).toBeNull();
    expect(() => checkAttachment("plates[0][file]", Buffer.from("hello"))).toThrow(/plates\[0\]\[file\]/);
  });
});

describe("attachment links", () => {
  const key = "k".repeat(64);
  it("opens for the signed file, plate and expiry only, until it expires", () => {
    let now = 1_700_000_000_000;
    const links = createAttachmentLinks(key, { now: () => now });
    const { plate_id, expires, sig } = links.sign("a.pdf", 7);
    expect(plate_id).toBe("7");
    expect(Number(expires)).toBe(1_700_000_300);
    expect(links.verify("a.pdf", 7, Number(expires), sig)).toBe(true);
    expect(links.verify("b.pdf", 7, Number(expires), sig)).toBe(false);
    expect(links.verify("a.pdf", 8, Number(expires), sig)).toBe(false);
    expect(links.verify("a.pdf", 7, Number(expires) + 1, sig)).toBe(false);
    expect(createAttachmentLinks("other", { now: () => now }).verify("a.pdf", 7, Number(expires), sig)).toBe(
      false,
    );
    now += 301_000;
    expect(links.verify("a.pdf", 7, Number(expires), sig)).toBe(false);
  });
});
