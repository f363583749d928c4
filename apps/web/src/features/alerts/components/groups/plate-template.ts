import { PLATE_CSV_COLUMNS } from "@odin/contract";
import { saveFile } from "@/lib/save-file";

export const PLATE_TEMPLATE_NAME = "hotlist-plates-template.csv";

/** The plate CSV template: the header row only, so a forgotten example row never becomes a plate. */
export function plateTemplateCsv(): string {
  return `${PLATE_CSV_COLUMNS.join(",")}\r\n`;
}

/** Hands the template to the browser's downloads; built here, no call needed. */
export function downloadPlateTemplate(): void {
  saveFile(new Blob([plateTemplateCsv()], { type: "text/csv;charset=utf-8" }), PLATE_TEMPLATE_NAME);
}
