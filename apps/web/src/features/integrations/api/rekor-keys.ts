import {
  findEndpoint,
  toPath,
  type TAddApiKeyRequest,
  type TApiKeysDataResponse,
  type TBulkUploadResponse,
  type TSuccessMessage,
} from "@odin/contract";
import { apiFetch, jsonRequest } from "@/lib/api-client";

const listCall = findEndpoint("GET", "/api-keys-data");
const addCall = findEndpoint("POST", "/add-api-key");
const uploadCall = findEndpoint("POST", "/bulk-upload-api-keys");
const deleteCall = findEndpoint("DELETE", "/delete-api-key/:id");

/** GET /api-keys-data: the agency's Rekor keys, masked by the server. */
export async function getApiKeys(): Promise<TApiKeysDataResponse> {
  return listCall.response.parse(await apiFetch(listCall.path));
}

/** POST /add-api-key with agency, api_key and source_program (Rekor). */
export async function addApiKey(key: TAddApiKeyRequest): Promise<TSuccessMessage> {
  return addCall.response.parse(await apiFetch(addCall.path, jsonRequest(addCall.method, key)));
}

/** POST /bulk-upload-api-keys: multipart with the CSV in `file`. */
export async function uploadApiKeys(file: File): Promise<TBulkUploadResponse> {
  const form = new FormData();
  form.append("file", file);
  return uploadCall.response.parse(
    await apiFetch(uploadCall.path, { method: uploadCall.method, body: form }),
  );
}

/** DELETE /delete-api-key/{id}. */
export async function deleteApiKey(id: number): Promise<TSuccessMessage> {
  return deleteCall.response.parse(
    await apiFetch(toPath(deleteCall.path, { id }), jsonRequest(deleteCall.method)),
  );
}
