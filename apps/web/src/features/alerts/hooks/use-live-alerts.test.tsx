import type { TAlert } from "@odin/contract";
import { renderHook, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, stubFetchPerTest, urlOf } from "@/testing/auth";
import { eventStreamResponse, type TestEventStream } from "@/testing/event-stream";
import { alertFixture } from "../components/history/alert-fixtures";
import { parseAlertStreamEvent, useLiveAlerts } from "./use-live-alerts";

const fetchMock = stubFetchPerTest();
let streams: TestEventStream[];

beforeEach(() => {
  streams = [];
  fetchMock.mockImplementation(async (_input, init) => {
    const stream = eventStreamResponse(init?.signal);
    streams.push(stream);
    return stream.response;
  });
});

const event = (groupId: number, alert: TAlert, type = "alert") =>
  `event: ${type}\ndata: ${JSON.stringify({ group_id: groupId, alert })}\n\n`;

function listen(groupId: number | null) {
  const onAlert = vi.fn<(alert: TAlert) => void>();
  const onOpen = vi.fn<(info: { reconnected: boolean }) => void>();
  const hook = renderHook(({ id }) => useLiveAlerts(id, { onAlert, onOpen }), {
    initialProps: { id: groupId },
  });
  return { ...hook, onAlert, onOpen };
}

describe("useLiveAlerts", () => {
  it("hands over the alerts of its group only, and ignores other events and malformed data", async () => {
    const { result, onAlert, onOpen } = listen(3);
    expect(result.current).toBe("connecting");
    await waitFor(() => expect(result.current).toBe("live"));
    expect(onOpen).toHaveBeenCalledWith({ reconnected: false });
    expect(urlOf(fetchMock.mock.calls[0]![0])).toBe("/alerts/stream");

    const mine = alertFixture({ id: 21, plate: "NEW123" });
    streams[0]!.send(event(4, alertFixture({ id: 20, plate: "OTHER1" })));
    streams[0]!.send(event(3, alertFixture({ id: 22 }), "message"));
    streams[0]!.send("event: alert\ndata: {not json\n\n");
    streams[0]!.send(`event: alert\ndata: ${JSON.stringify({ group_id: 3, alert: { id: 23 } })}\n\n`);
    streams[0]!.send(event(3, mine));
    await waitFor(() => expect(onAlert).toHaveBeenCalledTimes(1));
    expect(onAlert).toHaveBeenCalledWith(mine);
  });

  it("closes the stream when unmounted and opens none without a group", async () => {
    const { result, unmount } = listen(3);
    await waitFor(() => expect(result.current).toBe("live"));
    unmount();
    await waitFor(() => expect(streams[0]!.response.bodyUsed).toBe(true));
    const none = listen(null);
    expect(none.result.current).toBe("off");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("reports 'unavailable' when the server refuses the stream", async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ error: { code: "FORBIDDEN", message: "Forbidden." } }, { status: 403 }),
    );
    const { result } = listen(3);
    await waitFor(() => expect(result.current).toBe("unavailable"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("parseAlertStreamEvent", () => {
  it("accepts the contract's shape only", () => {
    const alert = alertFixture();
    expect(parseAlertStreamEvent(JSON.stringify({ group_id: 3, alert }))).toEqual({ group_id: 3, alert });
    expect(parseAlertStreamEvent(JSON.stringify({ group_id: "3", alert }))).toBeNull();
    expect(parseAlertStreamEvent("not json")).toBeNull();
  });
});
