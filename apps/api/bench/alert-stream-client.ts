/**
 * The connected client of the matcher bench, in a process of its own (as a browser is): it holds
 * GET /alerts/stream open with a bearer token, parses the frames as they arrive and notes when each
 * alert arrived (performance.timeOrigin + performance.now(): comparable across processes on one
 * machine). Driven by IPC messages (lib/stream-protocol.ts); not meant to be run by hand.
 */
import { ALERT_STREAM_EVENT, type TAlertStreamEvent } from "@odin/contract";
import type { FromStreamClient, ToStreamClient } from "./lib/stream-protocol";

const now = () => performance.timeOrigin + performance.now();

/** First arrival per plate (the bench gives every matching read a plate of its own). */
let arrivals = new Map<string, number>();
let received = 0;
let controller: AbortController | undefined;
let waiter: { count: number; resolve: () => void } | undefined;

function send(message: FromStreamClient): void {
  process.send?.(message);
}

async function connect(baseUrl: string, token: string): Promise<void> {
  controller = new AbortController();
  const response = await fetch(`${baseUrl}/alerts/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`the stream answered ${response.status}`);
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body!) {
        const at = now();
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let split = buffer.indexOf("\n\n");
        while (split !== -1) {
          const frame = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          split = buffer.indexOf("\n\n");
          if (frame === ": ready") markReady();
          if (!frame.startsWith(`event: ${ALERT_STREAM_EVENT}\n`)) continue;
          const data = JSON.parse(frame.slice(frame.indexOf("data: ") + 6)) as TAlertStreamEvent;
          received++;
          if (!arrivals.has(data.alert.plate)) arrivals.set(data.alert.plate, at);
          if (waiter && received >= waiter.count) waiter.resolve();
        }
      }
    } catch (error) {
      if (!controller?.signal.aborted) send({ type: "error", message: `stream: ${String(error)}` });
    }
  })();
  await ready;
}

/** Waits until `count` alerts arrived since the last collect (or the timeout), then hands them over. */
async function collect(count: number, timeoutMs: number): Promise<void> {
  if (received < count) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      waiter = {
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
    waiter = undefined;
  }
  send({ type: "collected", received, arrivals: [...arrivals] });
  arrivals = new Map();
  received = 0;
}

process.on("message", (message: ToStreamClient) => {
  const handle = async () => {
    switch (message.type) {
      case "connect":
        await connect(message.baseUrl, message.token);
        return send({ type: "connected" });
      case "collect":
        return collect(message.count, message.timeoutMs);
      case "exit":
        controller?.abort();
        process.exit(0);
    }
  };
  handle().catch((error: unknown) => send({ type: "error", message: String(error) }));
});
