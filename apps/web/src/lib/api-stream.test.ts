import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eventStreamResponse, type TestEventStream } from "@/testing/event-stream";
import { jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import { isApiError } from "./api-client";
import { apiStream, backoffDelay, STREAM_IDLE_TIMEOUT_MS, type ApiStreamOptions } from "./api-stream";
import type { ServerSentEvent } from "./event-stream";

const fetchMock = stubFetchPerTest();
let streams: TestEventStream[] = [];

beforeEach(() => {
  streams = [];
  fetchMock.mockImplementation(async (_input, init) => {
    const stream = eventStreamResponse(init?.signal);
    streams.push(stream);
    return stream.response;
  });
});
afterEach(() => vi.useRealTimers());

function start(extra: Partial<ApiStreamOptions> = {}) {
  const controller = new AbortController();
  const events: ServerSentEvent[] = [];
  const onOpen = vi.fn<NonNullable<ApiStreamOptions["onOpen"]>>();
  const onDisconnect = vi.fn<NonNullable<ApiStreamOptions["onDisconnect"]>>();
  const done = apiStream("/alerts/stream", {
    signal: controller.signal,
    onEvent: (event) => events.push(event),
    onOpen,
    onDisconnect,
    ...extra,
  });
  return { controller, events, onOpen, onDisconnect, done };
}

const authorizationOf = (call: number) =>
  new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get("Authorization");

describe("apiStream", () => {
  it("sends the bearer token in the header (never in the URL), hands over events, stops on abort", async () => {
    const stream = start();
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.send(': ping\n\nevent: alert\ndata: {"group_id":3}\n\n');
    await vi.waitFor(() => expect(stream.events).toHaveLength(1));
    expect(stream.events[0]).toMatchObject({ event: "alert", data: '{"group_id":3}' });
    expect(urlOf(fetchMock.mock.calls[0]![0])).toBe("/alerts/stream");
    expect(authorizationOf(0)).toBe("Bearer access-token");
    expect(stream.onOpen).toHaveBeenCalledWith({ reconnected: false });

    stream.controller.abort();
    await expect(stream.done).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(stream.onDisconnect).not.toHaveBeenCalled();
  });

  it("refreshes the token once on a 401 and opens with the new one", async () => {
    fetchMock.mockImplementationOnce(async () => new Response("", { status: 401 }));
    const stream = start();
    await vi.waitFor(() => expect(stream.onOpen).toHaveBeenCalled());
    expect(authorizationOf(1)).toBe("Bearer refreshed-token");
    stream.controller.abort();
    await stream.done;
  });

  it("reopens with backoff after the server closes the stream, and says it reconnected", async () => {
    vi.useFakeTimers();
    const stream = start();
    await vi.advanceTimersByTimeAsync(0);
    streams[0]!.send(": ping\n\n");
    streams[0]!.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(stream.onDisconnect).toHaveBeenCalledTimes(1);
    const delay = stream.onDisconnect.mock.calls[0]![1];
    expect(delay).toBeGreaterThanOrEqual(500);
    expect(delay).toBeLessThanOrEqual(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(delay);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(stream.onOpen).toHaveBeenLastCalledWith({ reconnected: true });
    stream.controller.abort();
    await stream.done;
  });

  it("keeps retrying when the server cannot be reached, waiting longer each time", async () => {
    vi.useFakeTimers();
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const stream = start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const delays = stream.onDisconnect.mock.calls.map(([, delay]) => delay);
    expect(delays[1]!).toBeGreaterThanOrEqual(1000);
    expect(delays[2]!).toBeGreaterThanOrEqual(2000);
    expect(stream.onOpen).not.toHaveBeenCalled();
    stream.controller.abort();
    await expect(stream.done).resolves.toBeUndefined();
  });

  it("drops a connection that stays silent past the idle limit and opens a new one", async () => {
    vi.useFakeTimers();
    const stream = start();
    await vi.advanceTimersByTimeAsync(STREAM_IDLE_TIMEOUT_MS - 1);
    expect(stream.onDisconnect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(stream.onDisconnect.mock.calls[0]![0].message).toMatch(/went silent/);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stream.controller.abort();
    await stream.done;
  });

  it("gives up on an answer retrying cannot fix (404), without a second request", async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ error: { code: "NOT_FOUND", message: "Not found." } }, { status: 404 }),
    );
    const stream = start();
    const error: unknown = await stream.done.catch((caught: unknown) => caught);
    expect(isApiError(error, 404)).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("backoffDelay", () => {
  it("doubles from 1 s up to 30 s, never below the server's retry, with jitter down to half", () => {
    const max = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6].map((failures) => backoffDelay(failures, undefined, max))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(backoffDelay(0, 5000, max)).toBe(5000);
    expect(backoffDelay(3, undefined, () => 0)).toBe(4000);
  });
});
