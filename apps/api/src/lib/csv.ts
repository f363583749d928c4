import { CsvError as ParserError, parse } from "csv-parse/sync";

/**
 * The upload calls' CSV reader (hotlist plates, users, Rekor keys): RFC 4180 through `csv-parse`, strict
 * about quoting (issue 38 item 5: `ab"c` and `"abc"def` are refused with their line, not read as some
 * other text). Checks by content: a file that is not UTF-8 text, holds NUL bytes or does not parse as
 * CSV is refused with a reason a person understands, whatever its name or declared type.
 */
export class CsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CsvError";
  }
}

export interface CsvTable {
  /** Header names, trimmed and lower-cased, an alias given as the column it stands for. */
  header: string[];
  /** The header names as the file wrote them (trimmed and lower-cased, aliases not replaced). */
  headerAsWritten: string[];
  /** Data rows as header → trimmed cell, with the 1-based line of the file each starts on. */
  rows: { line: number; values: Record<string, string> }[];
}

const QUOTE_ADVICE = 'Put the whole cell in quotes and write each quote inside it twice ("").';

/**
 * The 1-based line of a byte offset of `bytes`, for offsets asked in increasing order (CRLF, LF and a
 * lone CR each end one line). Counted here, not taken from csv-parse's `lines`, which counts a CRLF
 * inside a quoted cell as two lines.
 */
function lineCounter(bytes: Uint8Array): (offset: number) => number {
  let position = 0;
  let line = 1;
  return (offset) => {
    if (offset < position) {
      position = 0;
      line = 1;
    }
    for (; position < offset && position < bytes.length; position++) {
      const byte = bytes[position];
      if (byte === 0x0a || (byte === 0x0d && bytes[position + 1] !== 0x0a)) line++;
    }
    return line;
  };
}

/** csv-parse's refusal as a sentence naming the line the bad row starts on. */
function describeParseError(error: ParserError, line: number): string {
  const cell = typeof error.column === "number" ? `cell ${error.column + 1}` : "a cell";
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `Line ${line}: a quoted cell is never closed.`;
    case "INVALID_OPENING_QUOTE":
      return `Line ${line}: ${cell} holds a quote (") but does not start with one. ${QUOTE_ADVICE}`;
    case "CSV_INVALID_CLOSING_QUOTE":
    case "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE":
      return `Line ${line}: ${cell} has text after its closing quote. ${QUOTE_ADVICE}`;
    default:
      return `Line ${line}: the row is not valid CSV (${error.message}).`;
  }
}

/**
 * Parses CSV text into rows of cells (quotes, doubled quotes, CRLF, LF and CR all handled; blank rows
 * left out), each with the line of the file it starts on. Whitespace around a cell and its quotes is
 * dropped; a quote anywhere else than around a whole cell is refused (CsvError naming the line).
 */
export function parseCsvRows(text: string): { line: number; cells: string[] }[] {
  const bytes = Buffer.from(text, "utf8");
  const lineAt = lineCounter(bytes);
  // Where the row being read starts: the end of the one before (blank lines are rows here too).
  let rowStart = 0;
  const rows: { line: number; cells: string[] }[] = [];
  try {
    parse(bytes, {
      bom: true,
      trim: true,
      relax_column_count: true,
      skip_empty_lines: false,
      record_delimiter: ["\r\n", "\n", "\r"],
      // Each row is kept here with its line; csv-parse keeps none (null drops the record from its result).
      on_record: (cells, { bytes: end }) => {
        rows.push({ line: lineAt(rowStart), cells });
        rowStart = end;
        return null;
      },
    });
  } catch (error) {
    if (error instanceof ParserError) throw new CsvError(describeParseError(error, lineAt(rowStart)));
    throw error;
  }
  return rows.filter((row) => row.cells.some((value) => value.trim() !== ""));
}

/**
 * Reads an uploaded CSV file with a header row. `required` columns must all be present; columns
 * outside `allowed` are refused (a typo would otherwise drop data silently), and so is a column named
 * twice. `aliases` maps another product's header names (lower case) to the columns they stand for.
 */
export function readCsvTable(
  file: Buffer,
  {
    required,
    allowed = required,
    aliases = {},
    maxRows,
  }: {
    required: readonly string[];
    allowed?: readonly string[];
    aliases?: Readonly<Record<string, string>>;
    maxRows: number;
  },
): CsvTable {
  if (file.includes(0)) throw new CsvError("The file is not a CSV text file.");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(file);
  } catch {
    throw new CsvError("The file is not a CSV text file (it is not UTF-8 text).");
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const [head, ...body] = parseCsvRows(text);
  if (!head) throw new CsvError("The file is empty.");
  const headerAsWritten = head.cells.map((name) => name.trim().toLowerCase());
  const header = headerAsWritten.map((name) => aliases[name] ?? name);
  const twice = header.findIndex((name, index) => header.indexOf(name) !== index);
  if (twice >= 0 && allowed.includes(header[twice]!)) {
    const first = headerAsWritten[header.indexOf(header[twice]!)]!;
    const again = headerAsWritten[twice]!;
    throw new CsvError(
      first === again
        ? `The header row names the column ${first} twice; keep one.`
        : `The header row names the same column twice (${first} and ${again}); keep one.`,
    );
  }
  const missing = required.filter((name) => !header.includes(name));
  if (missing.length > 0) {
    throw new CsvError(
      `The header row must name the columns ${required.join(", ")}; missing: ${missing.join(", ")}.`,
    );
  }
  const unknown = header.filter((name) => !allowed.includes(name));
  if (unknown.length > 0) throw new CsvError(`Unknown column(s): ${unknown.join(", ")}. Use the template.`);
  if (body.length === 0) throw new CsvError("The file has a header row but no data rows.");
  if (body.length > maxRows)
    throw new CsvError(`The file has ${body.length} rows; at most ${maxRows} are allowed.`);
  const rows = body.map(({ line, cells }) => {
    if (cells.length > header.length) {
      throw new CsvError(
        `Line ${line}: ${cells.length} cells but the header names ${header.length} columns.`,
      );
    }
    return {
      line,
      values: Object.fromEntries(header.map((name, index) => [name, (cells[index] ?? "").trim()])),
    };
  });
  return { header, headerAsWritten, rows };
}
