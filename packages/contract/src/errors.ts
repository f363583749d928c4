import { z } from "zod";

/**
 * Every error code Odin answers with, mapped to its HTTP status in this one place, so the API's error
 * handler and the web client agree on what a status means.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A deleted RAVEN integration's camera still pushing: remove the destination (not worth a retry). */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A paused RAVEN integration's camera pushing: refused until an admin resumes it. */
  LOCKED: 423,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_FAILED: 502,
  UNAVAILABLE: 503,
  UPSTREAM_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** One failing field of a request: `path` is dotted ("records.0.latitude"), empty for the whole body. */
export const ZFieldIssue = z.object({
  path: z.string(),
  message: z.string(),
});
export type TFieldIssue = z.infer<typeof ZFieldIssue>;

/**
 * The one error body of every failed call. `details` lists the failing fields of a 400; 5xx bodies
 * never carry internals. A 502 from the identity provider puts the provider's sanitized reason in
 * `message`, which the add-user screen prefixes with 'Auth0 provisioning failed: '.
 */
export const ZApiError = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.array(ZFieldIssue).optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;

export function apiError(code: ErrorCode, message: string, details?: TFieldIssue[]): TApiError {
  return { error: details ? { code, message, details } : { code, message } };
}

/** Turns zod issues into the contract's `details`, so every validation failure reads the same. */
export function toFieldIssues(issues: readonly z.core.$ZodIssue[]): TFieldIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
}
