import { z } from "zod";
import { ZId } from "../common";
import type { Endpoint } from "../endpoint";
import { ZAlert } from "../entities/alerts";

/**
 * Odin's own: the live feed behind "a new alert appears without reloading" (issue 7). A
 * `text/event-stream` answer to a bearer-authenticated GET (the web app reads it with fetch, so the
 * token travels in the Authorization header, never in the URL). It carries the new alerts of every
 * group the caller may see, as they are written:
 *
 *     event: alert
 *     data: {"group_id": 3, "alert": { ...TAlert }}
 *
 * plus a `: ping` comment every 15 s so proxies keep the connection open. The first line is a `: ready`
 * comment, sent once the subscription is in place (alerts committed after it are delivered). The
 * server ends the stream when the caller's token expires or access is lost; a client that reconnects
 * reloads the group's history to catch what it missed.
 */
export const ALERT_STREAM_EVENT = "alert";

export const ZAlertStreamEvent = z.object({
  group_id: ZId,
  alert: ZAlert,
});
export type TAlertStreamEvent = z.infer<typeof ZAlertStreamEvent>;

export const ALERT_STREAM_ENDPOINTS = [
  {
    method: "GET",
    path: "/alerts/stream",
    spec: "odin",
    summary: "Server-sent events: new alerts of the caller's groups as they happen (Odin's own)",
    response: "binary",
    binaryTypes: ["text/event-stream"],
  },
] as const satisfies readonly Endpoint[];
