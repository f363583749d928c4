import { createParser } from "eventsource-parser";

/** One server-sent event: its type ("message" when the server names none) and its data lines joined. */
export interface ServerSentEvent {
  event: string;
  data: string;
  /** The last `id:` the stream set, if any. */
  id: string | undefined;
}

export interface EventStreamParser {
  /** Feeds the next piece of decoded text; complete events are handed to `onEvent` at once. */
  push(text: string): void;
  /** The reconnection delay the server asked for with `retry:`, if any. */
  readonly retryMs: number | undefined;
}

/**
 * An incremental `text/event-stream` parser (eventsource-parser, which follows the WHATWG "interpreting
 * an event stream" rules: text arrives in arbitrary pieces, comments such as the server's `: ping` are
 * ignored, an event without data is dropped), with the stream's last `id:` carried from event to event
 * as EventSource's lastEventId is.
 */
export function createEventStreamParser(onEvent: (event: ServerSentEvent) => void): EventStreamParser {
  let lastId: string | undefined;
  let retryMs: number | undefined;
  const parser = createParser({
    onEvent(event) {
      if (event.id !== undefined) lastId = event.id;
      onEvent({ event: event.event ?? "message", data: event.data, id: lastId });
    },
    onRetry(interval) {
      retryMs = interval;
    },
  });
  return {
    push(text: string) {
      parser.feed(text);
    },
    get retryMs() {
      return retryMs;
    },
  };
}
