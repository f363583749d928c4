import { PLATE_CSV_COLUMNS } from "@odin/contract";

export const PLATE_TEMPLATE_NAME = "hotlist-plates-template.csv";

/** The plate CSV template: the header row only, so a forgotten example row never becomes a plate. */
export function plateTemplateCsv(): string {
  return `${PLATE_CSV_COLUMNS.join(",")}\r\n`;
}

/** Hands the template to the browser's downloads; built here, no call needed. */
export function downloadPlateTemplate(): void {
  const url = URL.createObjectURL(new Blob([plateTemplateCsv()], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = PLATE_TEMPLATE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
