import { CLIENT_DEFAULTS, findEndpoint, type TBulkUploadResponse } from "@odin/contract";
import { apiDownload } from "@/lib/api-client";
import { callEndpoint } from "@/lib/call-endpoint";
import { saveFile } from "@/lib/save-file";

const templateCall = findEndpoint("GET", "/download-template");
const uploadCall = findEndpoint("POST", "/bulk-upload-users");

/** The name the template is saved under when the server does not name it. */
export const TEMPLATE_FALLBACK_NAME = "odin-users-template.csv";

/** GET /download-template: the user CSV template, handed to the browser's downloads. */
export async function downloadUserTemplate(): Promise<void> {
  const { blob, filename } = await apiDownload(
    templateCall.path,
    { method: templateCall.method },
    CLIENT_DEFAULTS.httpTimeoutMs,
  );
  saveFile(blob, filename ?? TEMPLATE_FALLBACK_NAME);
}

/** POST /bulk-upload-users: multipart with the CSV in `file`; the reply counts the users added. */
export function uploadUsers(file: File): Promise<TBulkUploadResponse> {
  const form = new FormData();
  form.append("file", file);
  return callEndpoint(uploadCall, { body: form });
}
