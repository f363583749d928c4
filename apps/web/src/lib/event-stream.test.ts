import { describe, expect, it } from "vitest";
import { createEventStreamParser, type ServerSentEvent } from "./event-stream";

function parse(...pieces: string[]) {
  const events: ServerSentEvent[] = [];
  const parser = createEventStreamParser((event) => events.push(event));
  for (const piece of pieces) parser.push(piece);
  return { events, parser };
}

const ALERT = 'event: alert\ndata: {"group_id":3,"alert":{"id":1}}\n\n';

describe("createEventStreamParser", () => {
  it("reads a named event with its data", () => {
    expect(parse(ALERT).events).toEqual([
      { event: "alert", data: '{"group_id":3,"alert":{"id":1}}', id: undefined },
    ]);
  });

  it("puts an event back together when the network splits it anywhere, even inside a CR LF", () => {
    const whole = ALERT.replaceAll("\n", "\r\n");
    for (let cut = 1; cut < whole.length; cut++) {
      const { events } = parse(whole.slice(0, cut), whole.slice(cut));
      expect(events, `cut at ${cut}`).toEqual(parse(ALERT).events);
    }
    expect(parse("event: al", "ert\nda", "ta: {}", "\n", "\n").events).toEqual([
      { event: "alert", data: "{}", id: undefined },
    ]);
  });

  it("hands over every event of a piece that holds several, and keeps an incomplete one for later", () => {
    const { events, parser } = parse(`${ALERT}event: alert\ndata: second\n\nevent: alert\ndata: thi`);
    expect(events.map((event) => event.data)).toEqual(['{"group_id":3,"alert":{"id":1}}', "second"]);
    parser.push("rd\n\n");
    expect(events.map((event) => event.data)).toEqual(['{"group_id":3,"alert":{"id":1}}', "second", "third"]);
  });

  it("ignores the server's keep-alive comments", () => {
    const { events } = parse(": ping\n\n", ":ping\n", ALERT, ": ping\n\n");
    expect(events).toHaveLength(1);
    expect(events[0]?.event).toBe("alert");
  });

  it("joins data lines, defaults the type to message, drops events without data", () => {
    const { events } = parse("data: one\ndata:two\n\nevent: alert\n\nid: 7\ndata: x\n\n");
    expect(events).toEqual([
      { event: "message", data: "one\ntwo", id: undefined },
      { event: "message", data: "x", id: "7" },
    ]);
  });

  it("remembers the server's retry delay", () => {
    expect(parse("retry: 5000\n\n").parser.retryMs).toBe(5000);
    expect(parse("retry: soon\n\n").parser.retryMs).toBeUndefined();
  });
});
