import { findEndpoint, ZExportVerification, type TExportVerification } from "@odin/contract";
import { apiFetchPublic } from "@/lib/api-client";

const verifyCall = findEndpoint("POST", "/verify-export");

/**
 * POST /verify-export: multipart with the exported PDF or ZIP in `file`; the answer says what it found.
 * A public call (issue 40 item 7): sent without a token, so court staff and defence can use it.
 */
export async function verifyExport(file: File): Promise<TExportVerification> {
  const form = new FormData();
  form.append("file", file);
  return ZExportVerification.parse(await apiFetchPublic(verifyCall.path, { method: "POST", body: form }));
}
