import { ALERT_STREAM_EVENT, type TAlertStreamEvent } from "@odin/contract";
import type { ServerResponse } from "node:http";
import type { User } from "@odin/db";
import type { AlertBus, AlertEvent } from "./alert-bus";
import type { AuthContext } from "../../../access/actor";
import { permits } from "../../../access/permits";
import type { Database } from "../../../lib/database";
import { findUser, findVisibleGroupIds } from "../alerts.repository";

/** The response an event stream is written to: the route makes it of Fastify's reply. */
export interface EventStreamTarget {
  /** The Node response the frames are written to. */
  raw: ServerResponse;
  /** Takes the response over from the framework (reply.hijack()); returns the headers hooks had set. */
  takeOver(): Record<string, string | number | readonly string[] | undefined>;
}

export interface AlertStreamOptions {
  prisma: Database;
  bus: AlertBus;
  /** Comment lines that keep proxies from closing an idle connection. */
  pingMs: number;
}

/** A group's visibility is looked up again after this long (membership, archiving). */
const GROUP_TTL_MS = 30_000;
/** The user is read again after this long: a deleted user or a lost flag ends the stream. */
const USER_TTL_MS = 60_000;
/** A client this far behind (bytes not yet taken by the socket) is disconnected; it reloads when back. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

class StreamClosed extends Error {}

/**
 * Which groups one connection's user may see: the rule of hotlists/group-access.ts, asked of the
 * database per group and remembered for GROUP_TTL_MS, so a burst of alerts costs no query.
 */
class GroupVisibility {
  private readonly groups = new Map<number, { visible: boolean; at: number }>();
  private userCheckedAt = Date.now();

  constructor(
    private readonly prisma: Database,
    private user: User,
  ) {}

  async prime(): Promise<void> {
    const at = Date.now();
    for (const id of await findVisibleGroupIds(this.prisma, { user: this.user }))
      this.groups.set(id, { visible: true, at });
  }

  async visible(groupIds: readonly number[]): Promise<Set<number>> {
    const now = Date.now();
    if (now - this.userCheckedAt > USER_TTL_MS) await this.recheckUser(now);
    const stale = groupIds.filter((id) => {
      const entry = this.groups.get(id);
      return !entry || now - entry.at > GROUP_TTL_MS;
    });
    if (stale.length > 0) {
      const found = new Set(await findVisibleGroupIds(this.prisma, { user: this.user }, stale));
      for (const id of stale) this.groups.set(id, { visible: found.has(id), at: now });
    }
    return new Set(groupIds.filter((id) => this.groups.get(id)?.visible));
  }

  private async recheckUser(now: number): Promise<void> {
    const user = await findUser(this.prisma, this.user.id);
    if (!user || user.deletedAt || !user.approved || !permits("hotlist_viewer", { user, isOwner: false })) {
      throw new StreamClosed("the user may no longer see alerts");
    }
    const changed =
      user.agencyId !== this.user.agencyId ||
      user.role !== this.user.role ||
      user.hotlistAdmin !== this.user.hotlistAdmin ||
      user.hotlistViewer !== this.user.hotlistViewer;
    this.user = user;
    this.userCheckedAt = now;
    if (changed) this.groups.clear();
  }
}

const frame = (event: AlertEvent): string => {
  const data: TAlertStreamEvent = { group_id: event.groupId, alert: event.alert };
  return `event: ${ALERT_STREAM_EVENT}\ndata: ${JSON.stringify(data)}\n\n`;
};

/**
 * GET /alerts/stream for one client: server-sent events of the alerts of every group the caller may
 * see, as they are committed (alert-bus.ts). The answer starts with a `: ready` comment once
 * the subscription is in place, then `event: alert` frames and a `: ping` comment every `pingMs`.
 * It ends when the client goes, when the caller's token expires (the client reconnects with a fresh
 * one and reloads what it shows), when the user loses access, or when the server shuts down.
 */
export async function streamAlerts(
  target: EventStreamTarget,
  actor: AuthContext,
  options: AlertStreamOptions,
) {
  const raw = target.raw;
  const visibility = new GroupVisibility(options.prisma, actor.user);
  let ended = false;
  const timers: NodeJS.Timeout[] = [];

  const end = () => {
    if (ended) return;
    ended = true;
    unsubscribe();
    timers.forEach((timer) => clearInterval(timer));
    if (!raw.writableEnded) raw.end();
  };
  const write = (text: string) => {
    if (ended) return;
    raw.write(text);
    if (raw.writableLength > MAX_BUFFERED_BYTES) raw.destroy();
  };

  // Subscribed before the groups are read, so nothing committed meanwhile is missed; frames keep the
  // order in which alerts were committed (one chain per connection).
  let chain = visibility.prime();
  const unsubscribe = options.bus.subscribe({
    deliver(events) {
      chain = chain
        .then(async () => {
          if (ended) return;
          const visible = await visibility.visible([...new Set(events.map((event) => event.groupId))]);
          for (const event of events) if (visible.has(event.groupId)) write(frame(event));
        })
        .catch((error: unknown) => {
          if (!(error instanceof StreamClosed)) actor.log.warn({ err: error }, "alert stream ended");
          end();
        });
    },
    close: end,
  });
  raw.on("close", end);

  // The headers hooks gave the reply (security headers…): a hijacked reply does not send them itself.
  for (const [name, value] of Object.entries(target.takeOver())) {
    if (value !== undefined) raw.setHeader(name, value);
  }
  raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    // nginx and similar proxies would otherwise hold events back in their buffers.
    "x-accel-buffering": "no",
    "x-request-id": actor.requestId,
  });
  raw.flushHeaders();

  try {
    await chain;
  } catch (error) {
    actor.log.error({ err: error }, "the alert stream could not start");
    end();
    return;
  }
  if (ended) return;
  write(": ready\n\n");
  const ping = setInterval(() => write(": ping\n\n"), options.pingMs);
  ping.unref();
  timers.push(ping);
  const untilExpiry = actor.token.exp * 1000 - Date.now();
  const expiry = setTimeout(end, Math.max(0, Math.min(untilExpiry, 2 ** 31 - 1)));
  expiry.unref();
  timers.push(expiry);
}

/** What the alert stream's route receives (issue 39 item 2): a caller's live stream on the process's bus. */
export const alertStreamServiceFactory = (options: AlertStreamOptions) => ({
  stream: (target: EventStreamTarget, actor: AuthContext) => streamAlerts(target, actor, options),
});
export type AlertStreamService = ReturnType<typeof alertStreamServiceFactory>;
