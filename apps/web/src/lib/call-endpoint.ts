import { toPath, type HttpMethod } from "@odin/contract";
import { apiFetch, apiFetchPublic, jsonRequest } from "./api-client";

/** What callEndpoint needs of a contract entry (`findEndpoint(...)`): a JSON answer it can parse. */
export interface JsonEndpoint<T> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly response: { parse(data: unknown): T };
}

export interface CallOptions {
  /** Fills the path's `:name` parts: `{ groupId: 7 }`. */
  params?: Readonly<Record<string, string | number>>;
  /** The query string, left off when empty. */
  query?: URLSearchParams;
  /** Sent as JSON; FormData (multipart) and URLSearchParams (form fields) travel as they are. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * One call of the contract with its answer parsed by the contract's schema, so a fetcher reads
 * `callEndpoint(deleteCall, { params: { id } })` rather than building the path, the request and the parse.
 */
export async function callEndpoint<T>(endpoint: JsonEndpoint<T>, options: CallOptions = {}): Promise<T> {
  const { params, query, body, signal } = options;
  const search = query?.toString();
  const path = toPath(endpoint.path, params) + (search ? `?${search}` : "");
  const init = toRequest(endpoint.method, body);
  return endpoint.response.parse(await apiFetch(path, signal ? { ...init, signal } : init));
}

/** A public GET of the contract (`public: true`), sent without a token and parsed by its schema. */
export async function callPublicEndpoint<T>(
  endpoint: JsonEndpoint<T> & { readonly public: true; readonly method: "GET" },
  params?: Readonly<Record<string, string | number>>,
): Promise<T> {
  return endpoint.response.parse(await apiFetchPublic(toPath(endpoint.path, params)));
}

function toRequest(method: HttpMethod, body: unknown): RequestInit {
  if (method === "GET") return {};
  if (body instanceof FormData || body instanceof URLSearchParams) return { method, body };
  return jsonRequest(method, body);
}
