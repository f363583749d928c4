import { ALERT_STREAM_EVENT, ZAlertStreamEvent, type TAlertStreamEvent } from "@odin/contract";
import { builtInSubject } from "../src/identity/built-in-provider";
import type { TestApp } from "./helpers";
import { mintToken } from "./tokens";

/** A bearer token of a seeded (or test-made) user, signed as the built-in provider signs them. */
export async function tokenOf(t: TestApp, username: string): Promise<string> {
  const user = await t.prisma.user.findUniqueOrThrow({ where: { username } });
  return mintToken(t, builtInSubject(user.id));
}

/** A user of the agency with the hotlist_viewer flag who is a member of no group. */
export async function createViewer(t: TestApp, username: string, agencyName: string): Promise<void> {
  const agency = await t.prisma.agency.findFirstOrThrow({ where: { name: agencyName } });
  const user = await t.prisma.user.create({
    data: {
      username,
      name: username,
      email: `${username}@example.test`,
      approved: true,
      hotlistViewer: true,
      agencyId: agency.id,
    },
  });
  await t.prisma.user.update({ where: { id: user.id }, data: { idpSubject: builtInSubject(user.id) } });
}

export interface ReceivedAlert {
  data: TAlertStreamEvent;
  /** performance.now() when the frame arrived. */
  at: number;
}

export interface StreamClient {
  status: number;
  headers: Headers;
  alerts: ReceivedAlert[];
  comments: string[];
  /** Resolves with the first alert (already received or to come) that satisfies `match`, or rejects. */
  waitFor(match: (event: TAlertStreamEvent) => boolean, timeoutMs: number): Promise<ReceivedAlert>;
  /** Resolves once the server's `: ready` comment arrived (subscribed). */
  ready: Promise<void>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * A live alert client over real HTTP, as the web app reads the stream: fetch with the bearer token,
 * the body decoded as it arrives, frames split on blank lines.
 */
export async function openAlertStream(baseUrl: string, token: string | undefined): Promise<StreamClient> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/alerts/stream`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: controller.signal,
  });
  const alerts: ReceivedAlert[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const onFrame = (frame: string) => {
    const lines = frame.split("\n");
    if (lines.every((line) => line.startsWith(":"))) {
      comments.push(...lines.map((line) => line.slice(1).trim()));
      if (comments.includes("ready")) markReady();
      return;
    }
    const event = lines.find((line) => line.startsWith("event: "))?.slice(7);
    const data = lines
      .filter((line) => line.startsWith("data: "))
      .map((line) => line.slice(6))
      .join("\n");
    if (event !== ALERT_STREAM_EVENT) throw new Error(`unexpected frame ${frame}`);
    alerts.push({ data: ZAlertStreamEvent.parse(JSON.parse(data)), at: performance.now() });
    waiters.forEach((wake) => wake());
  };

  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let split = buffer.indexOf("\n\n");
        while (split !== -1) {
          onFrame(buffer.slice(0, split));
          buffer = buffer.slice(split + 2);
          split = buffer.indexOf("\n\n");
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
  })();

  return {
    status: response.status,
    headers: response.headers,
    alerts,
    comments,
    ready,
    ended,
    waitFor(match, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = alerts.find((alert) => match(alert.data));
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching alert within ${timeoutMs} ms (got ${alerts.length})`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => controller.abort(),
  };
}
