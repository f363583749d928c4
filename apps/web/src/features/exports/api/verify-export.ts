import { findEndpoint, type TExportVerification } from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const verifyCall = findEndpoint("POST", "/verify-export");

/** POST /verify-export: multipart with the exported PDF or ZIP in `file`; the answer says what it found. */
export function verifyExport(file: File): Promise<TExportVerification> {
  const form = new FormData();
  form.append("file", file);
  return callEndpoint(verifyCall, { body: form });
}
