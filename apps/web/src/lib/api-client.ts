import { CLIENT_DEFAULTS, MESSAGES, type TFieldIssue } from "@odin/contract";

/**
 * The one way the web app calls Odin's API (spec 000 §7): every call carries the signed-in user's bearer
 * token; on a 401 the token is refreshed bypassing the cache and the call is retried once; a failing
 * answer throws; a JSON answer is parsed, anything else is returned as text.
 *
 * The wrapper knows nothing of React or of the identity provider: the auth wiring registers a
 * TokenSource (see features/auth/auth-provider.tsx). Calling before that is a programming error.
 */
export interface TokenSource {
  /** The current access token, or null when nobody is signed in (the call then goes out without one). */
  getAccessToken(): Promise<string | null>;
  /** A new access token from the identity provider, not from the cache; null when that fails. */
  refreshAccessToken(): Promise<string | null>;
  /**
   * The API refused a signed-in call (401) and no refresh could answer it (issue 34): the session is
   * over. The source says so ("Your session ended: sign in again") and goes to sign-in.
   */
  sessionEnded?(): void;
}

let tokenSource: TokenSource | null = null;

/** Registers the token source; returns a function that removes it again (only if it is still this one). */
export function registerTokenSource(source: TokenSource): () => void {
  tokenSource = source;
  return () => {
    if (tokenSource === source) tokenSource = null;
  };
}

/** The registered token source, for requests this wrapper does not make itself (the event stream). */
export function getTokenSource(): TokenSource {
  if (!tokenSource) throw new Error(MESSAGES.tokenGetterNotSet);
  return tokenSource;
}

/** A failed call: the message is ready to show; status 0 means no answer (network failure or timeout). */
export class ApiError extends Error {
  readonly status: number;
  /** Odin's error code (ZApiError), when the answer carried one. */
  readonly code: string | undefined;
  /** The failing fields of a 400, when the answer listed them. */
  readonly details: TFieldIssue[];
  /** How long the server asked to wait before asking again (a 503's or 429's Retry-After), in ms. */
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    options: {
      status: number;
      code?: string;
      details?: TFieldIssue[];
      retryAfterMs?: number;
      cause?: unknown;
    },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ApiError";
    this.status = options.status;
    this.code = options.code;
    this.details = options.details ?? [];
    this.retryAfterMs = options.retryAfterMs;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

const timeoutMessage = (ms: number) =>
  `Odin's server did not answer within ${Math.round(ms / 1000)} seconds. Check your connection and try again.`;
export const TIMEOUT_MESSAGE = timeoutMessage(CLIENT_DEFAULTS.httpTimeoutMs);
export const NETWORK_MESSAGE = "Odin's server could not be reached. Check your connection and try again.";

interface RawAnswer {
  response: Response;
  text: string;
  /** The body as bytes, when it was read as a blob (images). */
  blob?: Blob;
}

type BodyReading = "text" | "blob";

/**
 * Calls the API at `path` (same origin: the API serves the web app, and Vite proxies it in development)
 * and returns the answer: parsed JSON when its content type is JSON (null for an empty body), else text.
 */
export async function apiFetch<T = unknown>(path: string, init: RequestInit = {}): Promise<T> {
  return parseBody(await call(path, init, "text")) as T;
}

/**
 * A call marked public in the contract (e.g. a transparency page, Verify Export), sent without a token:
 * it works on pages open to everyone, where no identity provider may be configured and nobody is
 * signed in.
 */
export async function apiFetchPublic<T = unknown>(path: string, init: RequestInit = {}): Promise<T> {
  const answer = await send(path, init, null, "text", CLIENT_DEFAULTS.httpTimeoutMs);
  if (!answer.response.ok) throw toApiError(answer);
  return parseBody(answer) as T;
}

/** As apiFetch, with the answer's headers (e.g. the search's per-source status header). */
export async function apiFetchWithHeaders<T = unknown>(
  path: string,
  init: RequestInit = {},
  /** How long to wait (a search's bound is the server's, getSearchTimeoutMs); the client default otherwise. */
  timeoutMs?: number,
): Promise<{ data: T; headers: Headers }> {
  const answer = await call(path, init, "text", timeoutMs);
  return { data: parseBody(answer) as T, headers: answer.response.headers };
}

/** A binary answer (an image through Odin's proxies, a report) with the bearer token like any call. */
export async function apiFetchBlob(path: string, init: RequestInit = {}): Promise<Blob> {
  const answer = await call(path, init, "blob");
  return answer.blob ?? new Blob([answer.text]);
}

/**
 * A file the server makes (an export): the bytes and the name from Content-Disposition. Reports take
 * longer than ordinary calls, so the caller gives the time limit.
 */
export async function apiDownload(
  path: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ blob: Blob; filename: string | null }> {
  const answer = await call(path, init, "blob", timeoutMs);
  const disposition = answer.response.headers.get("content-disposition") ?? "";
  const filename = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return {
    blob: answer.blob ?? new Blob([answer.text]),
    filename: filename ? decodeURIComponent(filename) : null,
  };
}

async function call(
  path: string,
  init: RequestInit,
  reading: BodyReading,
  timeoutMs: number = CLIENT_DEFAULTS.httpTimeoutMs,
): Promise<RawAnswer> {
  const source = tokenSource;
  if (!source) throw new Error(MESSAGES.tokenGetterNotSet);

  const token = await source.getAccessToken();
  let answer = await send(path, init, token, reading, timeoutMs);
  if (answer.response.status === 401) {
    // Refresh bypassing the cache, then retry exactly once; a second 401 is thrown like any failure.
    const fresh = await source.refreshAccessToken().catch(() => null);
    if (fresh) answer = await send(path, init, fresh, reading, timeoutMs);
    else if (token) source.sessionEnded?.();
  }
  if (!answer.response.ok) throw toApiError(answer);
  return answer;
}

/** One request, its body read in full, all within the HTTP timeout (CLIENT_DEFAULTS.httpTimeoutMs). */
async function send(
  path: string,
  init: RequestInit,
  token: string | null,
  reading: BodyReading,
  timeoutMs: number,
): Promise<RawAnswer> {
  const headers = new Headers(init.headers);
  if (token) headers.set("Authorization", `Bearer ${token}`);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const callerSignal = init.signal ?? undefined;
  const forwardAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) forwardAbort();
  else callerSignal?.addEventListener("abort", forwardAbort, { once: true });

  try {
    const response = await fetch(path, { ...init, headers, signal: controller.signal });
    if (reading === "blob" && response.ok) return { response, text: "", blob: await response.blob() };
    const text = await response.text();
    return { response, text };
  } catch (error) {
    if (timedOut) {
      const message =
        timeoutMs === CLIENT_DEFAULTS.httpTimeoutMs ? TIMEOUT_MESSAGE : timeoutMessage(timeoutMs);
      throw new ApiError(message, { status: 0, code: "TIMEOUT", cause: error });
    }
    if (callerSignal?.aborted) throw error; // the caller cancelled: not a failure to report
    throw new ApiError(NETWORK_MESSAGE, { status: 0, cause: error });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", forwardAbort);
  }
}

function isJson(response: Response): boolean {
  const type = response.headers.get("content-type")?.toLowerCase() ?? "";
  return type.includes("application/json") || /\+json\b/.test(type);
}

function parseBody({ response, text }: RawAnswer): unknown {
  if (!isJson(response)) return text;
  return text === "" ? null : (JSON.parse(text) as unknown);
}

/**
 * The error of a failing answer. The spec's rule is "the response text, or 'status statusText' when the
 * text is empty". Odin's API always answers failures as `{ error: { code, message } }`, so showing that
 * raw JSON would put braces in front of users: when the text parses as that shape, its `error.message`
 * is used (with the code and field details kept on the error). Any other text follows the spec's rule.
 */
export function toApiError({ response, text }: Pick<RawAnswer, "response" | "text">): ApiError {
  const status = response.status;
  const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
  const fallback = text.trim() === "" ? `${status} ${response.statusText}`.trim() : text;
  const body = tryParseJson(text);
  if (isErrorBody(body)) {
    const { message, code, details } = body.error;
    return new ApiError(message.trim() === "" ? fallback : message, {
      status,
      code: typeof code === "string" ? code : undefined,
      details: Array.isArray(details) ? details.filter(isFieldIssue) : undefined,
      retryAfterMs,
    });
  }
  return new ApiError(fallback, { status, retryAfterMs });
}

/** Retry-After in ms: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function tryParseJson(text: string): unknown {
  if (!text.trimStart().startsWith("{")) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isErrorBody(
  value: unknown,
): value is { error: { message: string; code?: unknown; details?: unknown } } {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const { error } = value;
  return (
    typeof error === "object" && error !== null && "message" in error && typeof error.message === "string"
  );
}

function isFieldIssue(value: unknown): value is TFieldIssue {
  return (
    typeof value === "object" &&
    value !== null &&
    "path" in value &&
    "message" in value &&
    typeof value.path === "string" &&
    typeof value.message === "string"
  );
}

/** JSON request options: `apiFetch(path, jsonRequest("POST", { new_password }))`. */
export function jsonRequest(method: "POST" | "PUT" | "PATCH" | "DELETE", body?: unknown): RequestInit {
  if (body === undefined) return { method };
  return { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
}
