import type { z } from "zod";
import { outboundFetch } from "./outbound-http";

/**
 * Every call Odin makes to a vendor goes through here: redirects are never followed (a vendor host
 * cannot bounce Odin to an internal address), connections to non-public addresses are refused after
 * DNS resolution unless the owner allowed the host (lib/outbound-http.ts), each call has a time limit
 * and a size limit, and failures become a VendorError whose message an investigator can read in the
 * search's source status. A refused address, a closed port, a reset and a DNS failure all read the
 * same ("could not be reached"), so the text never maps a network for whoever typed the URL.
 */
export type VendorErrorKind = "refused" | "not_found" | "failed" | "timeout" | "unreachable" | "bad_payload";

export class VendorError extends Error {
  constructor(
    readonly kind: VendorErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "VendorError";
  }
}

export interface VendorRequest {
  /** Names the vendor in error messages, e.g. "Rekor (Hartford PD)". */
  label: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  signal?: AbortSignal;
  /** Per call; the search's own per-source deadline still applies through `signal`. */
  timeoutMs?: number;
  maxBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** The one text for every refusal and connect failure. */
export const unreachableMessage = (label: string) => `${label} could not be reached`;
const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;

export async function vendorFetch(url: URL, request: VendorRequest): Promise<Response> {
  const timeout = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await outboundFetch(url, {
      method: request.method ?? "GET",
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
      redirect: "manual",
      signal,
    });
  } catch {
    // Time is observable anyway, so a time-out keeps its own words; every other failure reads the same.
    if (timeout.aborted) throw new VendorError("timeout", `${request.label} did not answer in time`);
    if (request.signal?.aborted) throw new VendorError("timeout", `${request.label}: the search was stopped`);
    throw new VendorError("unreachable", unreachableMessage(request.label));
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw new VendorError("failed", `${request.label} answered with a redirect, which Odin does not follow`);
  }
  return response;
}

/** Reads the body up to `maxBytes`; a larger answer is refused rather than buffered. */
export async function readLimited(response: Response, request: VendorRequest): Promise<Buffer> {
  const max = request.maxBytes ?? DEFAULT_MAX_BYTES;
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > max) {
    await response.body?.cancel();
    throw new VendorError("bad_payload", `${request.label} sent more than ${max} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  if (!response.body) return Buffer.alloc(0);
  for await (const chunk of response.body) {
    size += (chunk as Uint8Array).byteLength;
    if (size > max) throw new VendorError("bad_payload", `${request.label} sent more than ${max} bytes`);
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}

/** Turns a non-2xx answer into a VendorError (401/403 refused, 404 not found, others failed). */
export async function ensureOk(response: Response, request: VendorRequest): Promise<void> {
  if (response.ok) return;
  await response.body?.cancel();
  const status = response.status;
  if (status === 401 || status === 403)
    throw new VendorError("refused", `${request.label} refused Odin's credentials (${status})`, status);
  if (status === 404) throw new VendorError("not_found", `${request.label} has no such item (404)`, status);
  throw new VendorError("failed", `${request.label} failed (${status})`, status);
}

export async function fetchVendorJson<T extends z.ZodType>(
  url: URL,
  schema: T,
  request: VendorRequest,
): Promise<z.infer<T>> {
  const response = await vendorFetch(url, request);
  await ensureOk(response, request);
  const body = await readLimited(response, request);
  let json: unknown;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    throw new VendorError("bad_payload", `${request.label} sent an answer that is not JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new VendorError(
      "bad_payload",
      `${request.label} sent an unexpected answer (${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"})`,
    );
  }
  return parsed.data;
}

export interface VendorImage {
  body: Buffer;
  contentType: "image/jpeg" | "image/png" | "image/webp";
}

/** An image, checked by its first bytes (not the vendor's Content-Type): JPEG, PNG or WebP only. */
export async function fetchVendorImage(url: URL, request: VendorRequest): Promise<VendorImage> {
  const response = await vendorFetch(url, request);
  await ensureOk(response, request);
  const body = await readLimited(response, { maxBytes: 15 * 1024 * 1024, ...request });
  const contentType = sniffImageType(body);
  if (!contentType)
    throw new VendorError("bad_payload", `${request.label} sent something that is not an image`);
  return { body, contentType };
}

export function sniffImageType(bytes: Buffer): VendorImage["contentType"] | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return "image/png";
  if (
    bytes.length >= 12 &&
    bytes.toString("latin1", 0, 4) === "RIFF" &&
    bytes.toString("latin1", 8, 12) === "WEBP"
  )
    return "image/webp";
  return null;
}
