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
 * An incremental `text/event-stream` parser (the WHATWG "interpreting an event stream" rules): text
 * arrives in arbitrary pieces from the network, so a line, or a CR LF pair, may be split between two
 * pieces. Comment lines (`: ping`) are ignored; a blank line dispatches the event being built; an
 * event without data is dropped.
 */
export function createEventStreamParser(onEvent: (event: ServerSentEvent) => void): EventStreamParser {
  let buffer = "";
  let skipLeadingLineFeed = false;
  let eventType = "";
  let data: string[] = [];
  let lastId: string | undefined;
  let retryMs: number | undefined;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: eventType || "message", data: data.join("\n"), id: lastId });
    eventType = "";
    data = [];
  };

  const processLine = (line: string) => {
    if (line === "") return dispatch();
    if (line.startsWith(":")) return; // a comment: the server's keep-alive ping
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") eventType = value;
    else if (field === "data") data.push(value);
    else if (field === "id" && !value.includes("\0")) lastId = value;
    else if (field === "retry" && /^\d+$/.test(value)) retryMs = Number(value);
  };

  return {
    push(text: string) {
      buffer += text;
      if (skipLeadingLineFeed && buffer.startsWith("\n")) buffer = buffer.slice(1);
      skipLeadingLineFeed = false;
      let start = 0;
      for (let index = 0; index < buffer.length; index++) {
        const char = buffer[index];
        if (char !== "\n" && char !== "\r") continue;
        processLine(buffer.slice(start, index));
        if (char === "\r") {
          if (index + 1 === buffer.length)
            skipLeadingLineFeed = true; // its LF may come in the next piece
          else if (buffer[index + 1] === "\n") index++;
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
    get retryMs() {
      return retryMs;
    },
  };
}
