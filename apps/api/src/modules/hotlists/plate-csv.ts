import { PLATE_CSV_COLUMN_ALIASES, PLATE_CSV_COLUMNS, type TFieldIssue } from "@odin/contract";
import { AppError } from "../../lib/app-error";
import { CsvError, readCsvTable } from "../../lib/csv";
import { parsePlateFields, type PlateRow } from "./plate-input";

/** Odin's limit (the spec shows none): a large agency list fits, one upload stays one quick transaction. */
export const PLATE_CSV_MAX_ROWS = 20_000;

/** How a refusal names each field's column (Odin's template). */
const COLUMN_OF_FIELD = {
  number: "plate_number",
  state: "state",
  reason: "reason",
  notes: "notes",
  match_strategy: "match strategy",
} as const;
/** The column each field is read from. */
const FIELD_COLUMN = { ...COLUMN_OF_FIELD, match_strategy: "match_strategy" } as const;

/**
 * The rows of a plate CSV, every row checked with the rules of a plate added by hand. Two layouts, told
 * apart by their header names (any case, any order):
 * - Odin's template: plate_number, state, reason, notes, match_strategy (Exact or Lenient, issue 19);
 * - Rekor Scout's alert-list CSV as its dashboard and hotlist importer write it (issue 37 item 2):
 *   Plate Number → plate_number, Description → reason, Match Strategy → match_strategy.
 * Only the plate is required, as in the edit form. A file with any bad row is refused whole: the 400
 * lists every bad row by its line in the file ("line 7") and reason, naming the column as the file
 * does, so the person fixes the file once and uploads it again.
 */
export interface CsvPlateRow extends PlateRow {
  /** The row's line in the file, to name it in a refusal. */
  line: number;
}

export function readPlateCsv(file: Buffer, field = "csv_file"): CsvPlateRow[] {
  let table;
  try {
    table = readCsvTable(file, {
      required: ["plate_number"],
      allowed: PLATE_CSV_COLUMNS,
      aliases: PLATE_CSV_COLUMN_ALIASES,
      maxRows: PLATE_CSV_MAX_ROWS,
    });
  } catch (error) {
    if (error instanceof CsvError) {
      throw new AppError("VALIDATION_FAILED", error.message, [{ path: field, message: error.message }]);
    }
    throw error;
  }

  // A column is named in a refusal as the file names it when that is Rekor's name ("description").
  const columnName = (field: keyof typeof COLUMN_OF_FIELD) => {
    const written = table.headerAsWritten.find(
      (name) => PLATE_CSV_COLUMN_ALIASES[name] === FIELD_COLUMN[field],
    );
    return written ?? COLUMN_OF_FIELD[field];
  };
  const rows: CsvPlateRow[] = [];
  const details: TFieldIssue[] = [];
  for (const { line, values } of table.rows) {
    const result = parsePlateFields({
      number: values.plate_number ?? "",
      state: values.state,
      reason: values.reason,
      notes: values.notes,
      match_strategy: values.match_strategy,
    });
    if ("row" in result) rows.push({ ...result.row, line });
    else {
      for (const issue of result.issues) {
        details.push({ path: `line ${line}`, message: `${columnName(issue.field)}: ${issue.message}` });
      }
    }
  }
  if (details.length > 0) {
    const lines = new Set(details.map((detail) => detail.path)).size;
    const first = details
      .slice(0, 3)
      // Each message is a sentence; inside the parentheses its own full stop would read ".).".
      .map((detail) => `${detail.path}: ${detail.message.replace(/\.$/, "")}`)
      .join("; ");
    throw new AppError(
      "VALIDATION_FAILED",
      `${lines} row(s) of the file are invalid, so nothing was uploaded (${first}${details.length > 3 ? "; ..." : ""}).`,
      details,
    );
  }
  return rows;
}
