import { findEndpoint, type TExportRecord, type TSearchResult } from "@odin/contract";
import { apiDownload, jsonRequest } from "@/lib/api-client";

export type ExportKind = "pdf" | "zip";

const PATHS: Record<ExportKind, string> = {
  pdf: findEndpoint("POST", "/export-pdf").path,
  zip: findEndpoint("POST", "/export-zip").path,
};

/** A report of many records with pictures and maps takes a while: a longer limit than ordinary calls. */
export const EXPORT_TIMEOUT_MS = 5 * 60_000;

/** The records as the export calls take them: the results' own fields; the server fetches the pictures. */
export function toExportRecords(results: TSearchResult[]): TExportRecord[] {
  return results.map((result) => ({ ...result }));
}

const today = () => new Date().toISOString().slice(0, 10);

/** The spec's file names with the date (000 §9), used when the server does not name the file. */
export const fallbackFilename = (kind: ExportKind) =>
  kind === "pdf" ? `odin-report-${today()}.pdf` : `odin-export-${today()}.zip`;

/** POST /export-pdf or /export-zip; answers the file and its name. */
export async function exportResults(
  kind: ExportKind,
  results: TSearchResult[],
  justification: string,
  caseFields: { case_number?: string | undefined; offense_category?: string | undefined } = {},
): Promise<{ blob: Blob; filename: string }> {
  const { blob, filename } = await apiDownload(
    PATHS[kind],
    jsonRequest("POST", { records: toExportRecords(results), justification, ...caseFields }),
    EXPORT_TIMEOUT_MS,
  );
  return { blob, filename: filename ?? fallbackFilename(kind) };
}

/** The export dialog hands the file to the browser's downloads with the app's one helper. */
export { saveFile } from "@/lib/save-file";
