import { CsvError, readCsvTable, type CsvTable } from "../../lib/csv";
import { AppError } from "../../lib/app-error";

/** A rejected row of an uploaded CSV: its line in the file (header = line 1) and why. */
export interface RowError {
  line: number;
  message: string;
}

/**
 * The uploaded `file` part read as a CSV table; a missing file or one that is not a CSV is a 400
 * with a reason a person can act on.
 */
export function readUploadedCsv(
  file: Buffer | undefined,
  options: { required: readonly string[]; allowed: readonly string[]; maxRows: number },
): CsvTable {
  if (!file) {
    throw new AppError("VALIDATION_FAILED", "Choose a CSV file to upload.", [
      { path: "file", message: "A CSV file is required." },
    ]);
  }
  try {
    return readCsvTable(file, options);
  } catch (error) {
    if (error instanceof CsvError) {
      throw new AppError("VALIDATION_FAILED", error.message, [{ path: "file", message: error.message }]);
    }
    throw error;
  }
}

/** All or nothing: any rejected row refuses the whole file, listing every row's reason by line. */
export function rejectRows(errors: RowError[]): void {
  if (errors.length === 0) return;
  const rows = new Set(errors.map((error) => error.line)).size;
  throw new AppError(
    "VALIDATION_FAILED",
    `Nothing was added: ${rows} row(s) of the file have errors.`,
    errors
      .sort((a, b) => a.line - b.line)
      .map((error) => ({ path: `line ${error.line}`, message: error.message })),
  );
}
