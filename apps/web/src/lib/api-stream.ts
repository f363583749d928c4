import { CLIENT_DEFAULTS } from "@odin/contract";
import { ApiError, getTokenSource, NETWORK_MESSAGE, TIMEOUT_MESSAGE, toApiError } from "./api-client";
import { createEventStreamParser, type ServerSentEvent } from "./event-stream";

export interface ApiStreamOptions {
  /** Aborting it closes the stream for good; apiStream then resolves. */
  signal: AbortSignal;
  onEvent: (event: ServerSentEvent) => void;
  /** The stream is open; `reconnected` is false the first time only (the caller may catch up then). */
  onOpen?: (info: { reconnected: boolean }) => void;
  /** The stream failed or ended; the next attempt comes in `retryInMs`. */
  onDisconnect?: (error: Error, retryInMs: number) => void;
}

export const STREAM_BACKOFF_INITIAL_MS = 1000;
export const STREAM_BACKOFF_MAX_MS = 30_000;
/** The server pings every 15 s: after three missed pings the connection is dead even if TCP has not noticed. */
export const STREAM_IDLE_TIMEOUT_MS = 45_000;
const STREAM_CLOSED = "The live connection to Odin's server closed.";
const STREAM_STALLED = "The live connection to Odin's server went silent.";

/**
 * A server-sent event stream from Odin's API (e.g. GET /alerts/stream). EventSource cannot send an
 * Authorization header, and a token in the URL would land in logs and history, so the stream is read
 * with fetch like any call: the bearer token in the header, a 401 refreshed and retried once. Dropped
 * or silent connections are reopened with exponential backoff (jittered, so a restarted server is not
 * hit by every browser at once). Resolves when `signal` aborts; rejects on an answer retrying cannot
 * fix (a 4xx such as 403 or 404, or a 401 after the refresh).
 */
export async function apiStream(path: string, options: ApiStreamOptions): Promise<void> {
  const { signal } = options;
  let failures = 0;
  let opened = false;
  let serverRetryMs: number | undefined;

  while (!signal.aborted) {
    const connection = linkedController(signal);
    const progress = { receivedAny: false, retryMs: undefined as number | undefined };
    let problem: Error;
    try {
      const response = await open(path, connection);
      options.onOpen?.({ reconnected: opened });
      opened = true;
      await readEvents(response, options.onEvent, connection, progress);
      problem = new ApiError(STREAM_CLOSED, { status: 0 });
    } catch (error) {
      if (signal.aborted) return;
      if (!isRetryable(error)) throw error;
      problem = error;
    } finally {
      connection.abort();
    }
    if (signal.aborted) return;
    serverRetryMs = progress.retryMs ?? serverRetryMs;
    if (progress.receivedAny) failures = 0;
    const delay = backoffDelay(failures++, serverRetryMs);
    options.onDisconnect?.(problem, delay);
    await sleep(delay, signal);
  }
}

/** Exponential from 1 s to 30 s (never below the server's `retry:`), with "equal jitter". */
export function backoffDelay(failures: number, serverRetryMs?: number, random: () => number = Math.random) {
  const base = Math.min(
    STREAM_BACKOFF_MAX_MS,
    Math.max(STREAM_BACKOFF_INITIAL_MS * 2 ** failures, serverRetryMs ?? 0),
  );
  return Math.round(base / 2 + (random() * base) / 2);
}

function isRetryable(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  const { status } = error;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** A controller aborted with the caller's signal, so one connection can also be dropped on its own. */
function linkedController(signal: AbortSignal): AbortController {
  const controller = new AbortController();
  const forward = () => controller.abort();
  signal.addEventListener("abort", forward, { once: true });
  controller.signal.addEventListener("abort", () => signal.removeEventListener("abort", forward), {
    once: true,
  });
  return controller;
}

async function open(path: string, connection: AbortController): Promise<Response> {
  const source = getTokenSource();
  let response = await request(path, await source.getAccessToken(), connection);
  if (response.status === 401) {
    await response.body?.cancel();
    const fresh = await source.refreshAccessToken().catch(() => null);
    if (fresh) response = await request(path, fresh, connection);
  }
  if (!response.ok) throw toApiError({ response, text: await response.text().catch(() => "") });
  const type = response.headers.get("content-type") ?? "";
  if (!response.body || !type.includes("text/event-stream")) {
    await response.body?.cancel();
    throw new ApiError(`${path} did not answer with an event stream.`, { status: 415 });
  }
  return response;
}

/** Sends the request; the answer's headers must arrive within the usual HTTP timeout. */
async function request(path: string, token: string | null, connection: AbortController): Promise<Response> {
  const headers = new Headers({ Accept: "text/event-stream" });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    connection.abort();
  }, CLIENT_DEFAULTS.httpTimeoutMs);
  try {
    return await fetch(path, { headers, cache: "no-store", signal: connection.signal });
  } catch (error) {
    if (timedOut) throw new ApiError(TIMEOUT_MESSAGE, { status: 0, code: "TIMEOUT", cause: error });
    throw new ApiError(NETWORK_MESSAGE, { status: 0, cause: error });
  } finally {
    clearTimeout(timer);
  }
}

/** Reads until the server ends the stream; a silence longer than STREAM_IDLE_TIMEOUT_MS drops it. */
async function readEvents(
  response: Response,
  onEvent: (event: ServerSentEvent) => void,
  connection: AbortController,
  progress: { receivedAny: boolean; retryMs: number | undefined },
): Promise<void> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const parser = createEventStreamParser(onEvent);
  let stalled = false;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      stalled = true;
      connection.abort();
    }, STREAM_IDLE_TIMEOUT_MS);
  };
  // Aborting the request ends a pending read in every fetch implementation, not only in browsers'.
  const stop = () => void reader.cancel().catch(() => undefined);
  connection.signal.addEventListener("abort", stop, { once: true });
  watch();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      progress.receivedAny = true;
      watch();
      parser.push(decoder.decode(value, { stream: true }));
      progress.retryMs = parser.retryMs;
    }
  } catch (error) {
    throw new ApiError(stalled ? STREAM_STALLED : NETWORK_MESSAGE, { status: 0, cause: error });
  } finally {
    clearTimeout(idle);
    connection.signal.removeEventListener("abort", stop);
  }
  if (stalled) throw new ApiError(STREAM_STALLED, { status: 0 });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
