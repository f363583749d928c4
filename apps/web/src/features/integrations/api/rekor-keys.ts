import {
  findEndpoint,
  type TAddApiKeyRequest,
  type TApiKeysDataResponse,
  type TBulkUploadResponse,
  type TRotateWebhookTokenResponse,
  type TSuccessMessage,
} from "@odin/contract";
import { callEndpoint } from "@/lib/call-endpoint";

const listCall = findEndpoint("GET", "/api-keys-data");
const addCall = findEndpoint("POST", "/add-api-key");
const uploadCall = findEndpoint("POST", "/bulk-upload-api-keys");
const deleteCall = findEndpoint("DELETE", "/delete-api-key/:id");
const rotateCall = findEndpoint("POST", "/rekor-keys/:id/rotate-webhook-token");

/** GET /api-keys-data: the agency's Rekor keys, masked by the server. */
export function getApiKeys(): Promise<TApiKeysDataResponse> {
  return callEndpoint(listCall);
}

/** POST /add-api-key with agency, api_key and source_program (Rekor). */
export function addApiKey(key: TAddApiKeyRequest): Promise<TSuccessMessage> {
  return callEndpoint(addCall, { body: key });
}

/** POST /bulk-upload-api-keys: multipart with the CSV in `file`. */
export function uploadApiKeys(file: File): Promise<TBulkUploadResponse> {
  const form = new FormData();
  form.append("file", file);
  return callEndpoint(uploadCall, { body: form });
}

/** DELETE /delete-api-key/{id}. */
export function deleteApiKey(id: number): Promise<TSuccessMessage> {
  return callEndpoint(deleteCall, { params: { id } });
}

/** POST /rekor-keys/{id}/rotate-webhook-token: a new webhook token, answered this once. */
export function rotateWebhookToken(id: number): Promise<TRotateWebhookTokenResponse> {
  return callEndpoint(rotateCall, { params: { id } });
}
