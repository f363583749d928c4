import type { ZodType } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** How the request body travels. "multipart" and "form" bodies are described by their text fields only. */
export type RequestContentType = "json" | "multipart" | "form";

/**
 * One call of the API. `path` is Fastify-style (":groupId"). Schemas describe what the server accepts
 * (body, query, params) and the 200 answer (`response`); an answer that is a file or an image is the
 * marker "binary", with its MIME type(s) in `binaryTypes`. Failures always use ZApiError.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: `/${string}`;
  readonly summary: string;
  /** Which spec defines the call ("000", "001", both), or "odin" for Odin's own. */
  readonly spec: "000" | "001" | "both" | "odin";
  readonly params?: ZodType;
  readonly query?: ZodType;
  readonly body?: ZodType;
  /** Request body encoding; JSON when a body is declared and this is absent. */
  readonly contentType?: RequestContentType;
  /** Multipart file field names; the server checks their size and content, not their names. */
  readonly files?: readonly string[];
  readonly response: ZodType | "binary";
  readonly binaryTypes?: readonly string[];
  /** Extra response headers with a JSON value and its schema. */
  readonly responseHeaders?: Readonly<Record<string, ZodType>>;
  /** True only for calls that need no bearer token. */
  readonly public?: boolean;
}

/** The image proxies answer the image itself. */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
