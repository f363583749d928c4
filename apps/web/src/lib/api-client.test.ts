import { MESSAGES } from "@odin/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiFetch,
  ApiError,
  jsonRequest,
  NETWORK_MESSAGE,
  registerTokenSource,
  TIMEOUT_MESSAGE,
  type TokenSource,
} from "./api-client";

const json = (body: unknown, status = 200, statusText = "") =>
  new Response(JSON.stringify(body), { status, statusText, headers: { "Content-Type": "application/json" } });
const text = (body: string, status = 200, statusText = "", type = "text/plain; charset=utf-8") =>
  new Response(body, { status, statusText, headers: { "Content-Type": type } });

const fetchMock = vi.fn<typeof fetch>();

/** A fetch that never answers, and rejects like the real one when its signal aborts. */
const hangingFetch: typeof fetch = (_url, init) =>
  new Promise((_resolve, reject) => {
    const abort = () => reject(new DOMException("aborted", "AbortError"));
    if (init?.signal?.aborted) abort();
    else init?.signal?.addEventListener("abort", abort);
  });
let unregister: (() => void) | undefined;
let tokens: { getAccessToken: ReturnType<typeof vi.fn>; refreshAccessToken: ReturnType<typeof vi.fn> };

function useTokens(current: string | null = "token-1", refreshed: string | null = "token-2") {
  tokens = { getAccessToken: vi.fn(async () => current), refreshAccessToken: vi.fn(async () => refreshed) };
  unregister = registerTokenSource(tokens as unknown as TokenSource);
}

const authorizationOf = (call: number) =>
  new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get("Authorization");

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  unregister?.();
  unregister = undefined;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("apiFetch", () => {
  it("throws the spec's internal error when no token getter is registered", async () => {
    await expect(apiFetch("/get-current-user")).rejects.toThrow(MESSAGES.tokenGetterNotSet);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the bearer token and returns parsed JSON", async () => {
    useTokens();
    fetchMock.mockResolvedValueOnce(json({ username: "j.rivera" }));
    await expect(apiFetch("/profile-data")).resolves.toEqual({ username: "j.rivera" });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/profile-data");
    expect(authorizationOf(0)).toBe("Bearer token-1");
  });

  it("returns text when the answer is not JSON, and null for an empty JSON body", async () => {
    useTokens();
    fetchMock.mockResolvedValueOnce(text("plain words"));
    await expect(apiFetch("/x")).resolves.toBe("plain words");
    fetchMock.mockResolvedValueOnce(
      new Response(null, { status: 204, headers: { "Content-Type": "application/json" } }),
    );
    await expect(apiFetch("/x")).resolves.toBeNull();
  });

  it("keeps the caller's method, body and headers next to the bearer token", async () => {
    useTokens();
    fetchMock.mockResolvedValueOnce(json({ success: true, message: "ok" }));
    await apiFetch("/user/reset-password", jsonRequest("POST", { new_password: "Aa1!aaaa" }));
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe(JSON.stringify({ new_password: "Aa1!aaaa" }));
    const headers = new Headers(init?.headers);
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.get("Authorization")).toBe("Bearer token-1");
  });

  it("on a 401 refreshes the token bypassing the cache and retries once with the new one", async () => {
    useTokens();
    fetchMock.mockResolvedValueOnce(
      json({ error: { code: "UNAUTHENTICATED", message: "Token expired." } }, 401),
    );
    fetchMock.mockResolvedValueOnce(json({ ok: true }));
    await expect(apiFetch("/get-current-user")).resolves.toEqual({ ok: true });
    expect(tokens.refreshAccessToken).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(authorizationOf(0)).toBe("Bearer token-1");
    expect(authorizationOf(1)).toBe("Bearer token-2");
  });

  it("a second 401 is thrown, without a third try", async () => {
    useTokens();
    fetchMock.mockResolvedValueOnce(
      json({ error: { code: "UNAUTHENTICATED", message: "Token expired." } }, 401),
    );
    fetchMock.mockResolvedValueOnce(
      json({ error: { code: "UNAUTHENTICATED", message: "Session revoked." } }, 401, "Unauthorized"),
    );
    const error = await apiFetch("/get-current-user").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: "UNAUTHENTICATED", message: "Session revoked." });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(tokens.refreshAccessToken).toHaveBeenCalledOnce();
  });

  it("when the refresh fails, throws the first 401 without retrying", async () => {
    useTokens("token-1", null);
    fetchMock.mockResolvedValueOnce(text("", 401, "Unauthorized"));
    await expect(apiFetch("/x")).rejects.toMatchObject({ status: 401, message: "401 Unauthorized" });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it("an error carries the response text, or 'status statusText' when the text is empty", async () => {
    useTokens();
    fetchMock.mockResolvedValueOnce(text("Upstream exploded", 502, "Bad Gateway"));
    await expect(apiFetch("/x")).rejects.toMatchObject({ status: 502, message: "Upstream exploded" });
    fetchMock.mockResolvedValueOnce(text("", 500, "Internal Server Error"));
    const error = await apiFetch("/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ status: 500, message: "500 Internal Server Error" });
  });

  it("a 503 carries the server's Retry-After in ms, for the query layer's retry (lib/query-client.ts)", async () => {
    useTokens();
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: "UNAVAILABLE", message: "The database is down." } }), {
        status: 503,
        headers: { "Content-Type": "application/json", "Retry-After": "5" },
      }),
    );
    await expect(apiFetch("/x")).rejects.toMatchObject({ status: 503, retryAfterMs: 5_000 });
    fetchMock.mockResolvedValueOnce(text("", 500, "Internal Server Error"));
    await expect(apiFetch("/x")).rejects.toMatchObject({ status: 500, retryAfterMs: undefined });
  });

  it("prefers error.message of Odin's error body over the raw JSON text, keeping code and details", async () => {
    useTokens();
    fetchMock.mockResolvedValueOnce(
      json(
        {
          error: {
            code: "VALIDATION_FAILED",
            message: "The new password is too weak.",
            details: [{ path: "new_password", message: "A digit" }],
          },
        },
        400,
        "Bad Request",
      ),
    );
    const error = await apiFetch("/user/reset-password").catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      code: "VALIDATION_FAILED",
      message: "The new password is too weak.",
      details: [{ path: "new_password", message: "A digit" }],
    });
  });

  it("other JSON error bodies are shown as their text", async () => {
    useTokens();
    fetchMock.mockResolvedValueOnce(json({ detail: "nope" }, 403, "Forbidden"));
    await expect(apiFetch("/x")).rejects.toMatchObject({ status: 403, message: '{"detail":"nope"}' });
  });

  it("gives up after 10 seconds with a readable message", async () => {
    vi.useFakeTimers();
    useTokens();
    fetchMock.mockImplementation(hangingFetch);
    const result = apiFetch("/search-data").catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchMock).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toMatchObject({ status: 0, code: "TIMEOUT", message: TIMEOUT_MESSAGE });
  });

  it("a network failure becomes a readable error", async () => {
    useTokens();
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(apiFetch("/x")).rejects.toMatchObject({ status: 0, message: NETWORK_MESSAGE });
  });

  it("a call the caller cancels rejects with the caller's abort, not an error message", async () => {
    useTokens();
    fetchMock.mockImplementation(hangingFetch);
    const controller = new AbortController();
    const result = apiFetch("/x", { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await result;
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: "AbortError" });
  });

  it("sends no Authorization header when nobody is signed in", async () => {
    useTokens(null);
    fetchMock.mockResolvedValueOnce(json({ status: "ok", database: "ok" }));
    await apiFetch("/healthz");
    expect(authorizationOf(0)).toBeNull();
  });
});
