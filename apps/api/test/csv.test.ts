import { describe, expect, it } from "vitest";
import { CsvError, readCsvTable } from "../src/lib/csv";

const read = (text: string, maxRows = 10) =>
  readCsvTable(Buffer.from(text), { required: ["plate", "note"], maxRows });

describe("reading an uploaded CSV file", () => {
  it("reads quoted cells, doubled quotes, CRLF and LF, a BOM and blank lines, with each row's first line", () => {
    const table = read(
      '\uFEFF Plate ,Note\r\nABC123,"stolen, red"\r\n\r\nXYZ9,"said ""hi"""\n"Q1", "two\nlines"\nLAST,end',
    );
    expect(table.header).toEqual(["plate", "note"]);
    expect(table.rows).toEqual([
      { line: 2, values: { plate: "ABC123", note: "stolen, red" } },
      { line: 4, values: { plate: "XYZ9", note: 'said "hi"' } },
      { line: 5, values: { plate: "Q1", note: "two\nlines" } },
      { line: 7, values: { plate: "LAST", note: "end" } },
    ]);
  });

  it("fills missing trailing cells with empty text and refuses extra cells with the line", () => {
    expect(read("plate,note\nABC123\n").rows).toEqual([{ line: 2, values: { plate: "ABC123", note: "" } }]);
    expect(() => read("plate,note\nA,b\nB,c,d\n")).toThrow(
      new CsvError("Line 3: 3 cells but the header names 2 columns."),
    );
  });

  it("refuses malformed quoting with the row's line instead of reading it as other text (issue 38 item 5)", () => {
    // Before csv-parse these were read as 'ab"c' and 'abcdef': a plate or a reason changed without a word.
    expect(() => read('plate,note\nA,ok\nB,ab"c\n')).toThrow(
      new CsvError(
        'Line 3: cell 2 holds a quote (") but does not start with one. Put the whole cell in quotes and write each quote inside it twice ("").',
      ),
    );
    expect(() => read('plate,note\n"abc"def,x\n')).toThrow(
      new CsvError(
        'Line 2: cell 1 has text after its closing quote. Put the whole cell in quotes and write each quote inside it twice ("").',
      ),
    );
    // The line is where the bad row starts, counted past a quoted cell that spans lines (LF or CRLF).
    expect(() => read('plate,note\nA,"two\nlines"\nB,x"y\n')).toThrow(/^Line 4: cell 2 holds a quote/);
    expect(() => read('plate,note\r\nA,"two\r\nlines"\r\n"B"C,y\r\n')).toThrow(
      /^Line 4: cell 1 has text after its closing quote/,
    );
    expect(() => read('plate,note\nA,"two\nlines\nB,c\n')).toThrow(
      new CsvError("Line 2: a quoted cell is never closed."),
    );
  });

  it("reads another product's header names as the columns they stand for, and refuses a column named twice", () => {
    const aliases = { "plate number": "plate", description: "note" };
    const table = readCsvTable(Buffer.from("Plate Number,Description\nAB123456,Stolen Vehicle\n"), {
      required: ["plate", "note"],
      aliases,
      maxRows: 10,
    });
    expect(table.header).toEqual(["plate", "note"]);
    expect(table.headerAsWritten).toEqual(["plate number", "description"]);
    expect(table.rows).toEqual([{ line: 2, values: { plate: "AB123456", note: "Stolen Vehicle" } }]);
    expect(() =>
      readCsvTable(Buffer.from("plate,Plate Number,note\nA,B,c\n"), {
        required: ["plate", "note"],
        aliases,
        maxRows: 1,
      }),
    ).toThrow(new CsvError("The header row names the same column twice (plate and plate number); keep one."));
    expect(() => read("plate,note,Plate\nA,b,c\n")).toThrow(
      new CsvError("The header row names the column plate twice; keep one."),
    );
  });

  it("refuses what is not CSV text with a reason a person understands", () => {
    expect(() => read('plate,note\nA,"open\n')).toThrow(
      new CsvError("Line 2: a quoted cell is never closed."),
    );
    expect(() => readCsvTable(Buffer.from([0x70, 0, 0x71]), { required: ["plate"], maxRows: 1 })).toThrow(
      "The file is not a CSV text file.",
    );
    expect(() => readCsvTable(Buffer.from([0xff, 0xfe, 0x41]), { required: ["plate"], maxRows: 1 })).toThrow(
      "The file is not a CSV text file (it is not UTF-8 text).",
    );
    expect(() => read("")).toThrow("The file is empty.");
    expect(() => read("plate\nA\n")).toThrow(
      "The header row must name the columns plate, note; missing: note.",
    );
    expect(() => read("plate,note,colour\nA,b,c\n")).toThrow("Unknown column(s): colour. Use the template.");
    expect(() => read("plate,note\n")).toThrow("The file has a header row but no data rows.");
    expect(() => read("plate,note\nA,1\nB,2\n", 1)).toThrow("The file has 2 rows; at most 1 are allowed.");
  });
});
