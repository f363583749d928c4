import { OBJECT_URL_REVOKE_MS } from "@odin/contract";

/** Hands a file to the browser's downloads. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later (000 §9: after 60 s): some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_REVOKE_MS);
}
