import type { TFieldIssue } from "@odin/contract";

/** Whether a chosen file is a CSV by its name (001 §5); the server checks the content itself. */
export const isCsvFile = (file: File) => /\.csv$/i.test(file.name);

export const CHOOSE_CSV_FILE = "Choose a CSV file (.csv).";

/** A row's line as the server may name it in a path: "3", "line 3", "Line_3". */
const LINE_PATH = /^(?:line[\s._-]*)?(\d+)$/i;
/** Paths about the uploaded file as a whole: the users' and keys' `file` part, the plates' `csv_file`. */
const FILE_PATHS = new Set(["", "file", "csv_file"]);

/**
 * A rejected row as a person reads it. Uploads report rows by CSV line (header = line 1), either as
 * `{ line, message }` rows of a partly accepted file or as the `details` of a refused one, whose path
 * may be the bare line number or "line 3".
 */
export function describeRowIssue(issue: TFieldIssue | { line: number; message: string }): string {
  if ("line" in issue) return `Line ${issue.line}: ${issue.message}`;
  const path = issue.path.trim();
  const line = LINE_PATH.exec(path)?.[1];
  if (line) return `Line ${line}: ${issue.message}`;
  // The file as a whole, or a path the message already starts with, needs no prefix.
  const named = issue.message.toLowerCase().startsWith(path.toLowerCase());
  return FILE_PATHS.has(path) || named ? issue.message : `${path}: ${issue.message}`;
}

/** The rows a refused upload lists, leaving out a detail that only repeats the error's own message. */
export function rejectedRows(error: { message: string; details: readonly TFieldIssue[] }): string[] {
  return error.details.filter((issue) => issue.message !== error.message).map(describeRowIssue);
}
