/**
 * A small RFC 4180 reader for the upload calls (hotlist plates, users, Rekor keys). Checks by content:
 * a file that is not UTF-8 text, holds NUL bytes or does not parse as CSV is refused with a reason a
 * person understands, whatever its name or declared type.
 */
export class CsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CsvError";
  }
}

export interface CsvTable {
  /** Header names, trimmed and lower-cased. */
  header: string[];
  /** Data rows as header → trimmed cell, with the 1-based line of the file each starts on. */
  rows: { line: number; values: Record<string, string> }[];
}

/** Parses CSV text into rows of cells (quotes, doubled quotes, CRLF and LF all handled). */
export function parseCsvRows(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === "\n") line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (char === ",") {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = "";
      line++;
      rowLine = line;
    } else cell += char;
  }
  if (quoted) throw new CsvError(`Line ${rowLine}: a quoted cell is never closed.`);
  if (cell !== "" || cells.length > 0) {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
  }
  return rows.filter((row) => row.cells.some((value) => value.trim() !== ""));
}

/**
 * Reads an uploaded CSV file with a header row. `required` columns must all be present; columns
 * outside `allowed` are refused (a typo would otherwise drop data silently).
 */
export function readCsvTable(
  file: Buffer,
  {
    required,
    allowed = required,
    maxRows,
  }: { required: readonly string[]; allowed?: readonly string[]; maxRows: number },
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
  const header = head.cells.map((name) => name.trim().toLowerCase());
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
  return { header, rows };
}
