/**
 * A `text/event-stream` answer for a stubbed fetch, fed by the test: `send` pushes text as the server
 * would (in any pieces), `close` ends it as a server closing the connection. Like a real fetch, the
 * body errors when the request's signal aborts.
 */
export function eventStreamResponse(signal?: AbortSignal | null) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  signal?.addEventListener("abort", () => {
    if (closed) return;
    closed = true;
    controller.error(new DOMException("The operation was aborted.", "AbortError"));
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { "Content-Type": "text/event-stream" } }),
    send(text: string) {
      if (!closed) controller.enqueue(encoder.encode(text));
    },
    close() {
      if (closed) return;
      closed = true;
      controller.close();
    },
  };
}

export type TestEventStream = ReturnType<typeof eventStreamResponse>;
