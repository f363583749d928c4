import http2 from "node:http2";
import { importPKCS8, SignJWT } from "jose";
import type { PushConfig } from "../config/env";
import type { Database } from "../lib/database";
import type { ClaimedDelivery } from "./delivery-queue.repository";
import { findPushDevice, notePushDeviceSuccess, removePushDevice } from "./delivery.repository";
import { PermanentDeliveryError, type DeliveryChannel, type DeliveryOutcome } from "./delivery-worker";
import { checkPushDelivery, toPushMessage, type PushMessage } from "./web-push-channel";

/** What one push service made of one message. */
type PushResult =
  | { kind: "sent"; note: string }
  /** The service says the token is no longer valid: the device is removed. */
  | { kind: "unregistered"; reason: string };

interface PushSender {
  send(token: string, message: PushMessage): Promise<PushResult>;
  close?(): void;
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");

/**
 * FCM HTTP v1: an OAuth2 access token, got by exchanging a JWT signed (RS256) with the service
 * account's key (RFC 7523 jwt-bearer grant, scope firebase.messaging) and kept until shortly before it
 * expires; then `POST {base}/v1/projects/{project}/messages:send`. 404 with errorCode UNREGISTERED
 * (the app was uninstalled, the token expired) is an unregistered token; 401 drops the access token
 * and is retried; 429 and 5xx are retried; another 4xx is final.
 */
export function createFcmSender(config: NonNullable<PushConfig["fcm"]>, timeoutMs: number): PushSender {
  let access: { token: string; until: number } | undefined;
  const key = importPKCS8(config.privateKey, "RS256");

  const accessToken = async () => {
    if (access && access.until > Date.now()) return access.token;
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: "https://www.googleapis.com/auth/firebase.messaging" })
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setIssuer(config.clientEmail)
      .setAudience(config.tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(await key);
    const response = await fetch(config.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) {
      const error = `Google refused the service account (HTTP ${response.status})`;
      throw response.status >= 500 ? new Error(error) : new PermanentDeliveryError(error);
    }
    access = {
      token: body.access_token,
      until: Date.now() + Math.max(60, (body.expires_in ?? 3600) - 300) * 1000,
    };
    return access.token;
  };

  return {
    async send(token, message) {
      try {
        return await sendOnce(token, message);
      } catch (error) {
        if (error instanceof PermanentDeliveryError) throw error;
        if (isTimeout(error)) throw new Error(`FCM did not answer within ${timeoutMs / 1000} s`);
        if (error instanceof TypeError) throw new Error("FCM could not be reached");
        throw error;
      }
    },
  };

  async function sendOnce(token: string, message: PushMessage): Promise<PushResult> {
    const response = await fetch(
      `${config.baseUrl}/v1/projects/${encodeURIComponent(config.projectId)}/messages:send`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({
          message: {
            token,
            notification: { title: message.title, body: message.body },
            // FCM data values are strings.
            data: {
              type: message.type,
              url: message.url,
              alert_id: String(message.alert.id),
              plate: message.alert.plate,
              group: message.alert.group,
            },
            android: {
              priority: "HIGH",
              ttl: "86400s",
              collapse_key: message.tag,
              notification: { tag: message.tag },
            },
          },
        }),
        signal: AbortSignal.timeout(timeoutMs),
      },
    );
    const body = (await response.json().catch(() => ({}))) as {
      name?: string;
      error?: { status?: string; message?: string; details?: { errorCode?: string }[] };
    };
    if (response.ok) return { kind: "sent", note: `FCM ${body.name ?? "accepted"}` };
    const code = body.error?.details?.find((detail) => detail.errorCode)?.errorCode ?? body.error?.status;
    const what = `FCM answered HTTP ${response.status}${code ? ` ${code}` : ""}`;
    if (code === "UNREGISTERED" || response.status === 404) return { kind: "unregistered", reason: what };
    if (response.status === 401) {
      access = undefined;
      throw new Error(what);
    }
    if (response.status === 429 || response.status >= 500) throw new Error(what);
    throw new PermanentDeliveryError(what);
  }
}

/**
 * APNs over HTTP/2 with token-based auth: a provider JWT (ES256, kid = key id, iss = team id, iat)
 * reused for 40 minutes (Apple refuses tokens older than an hour and too frequent refreshes), one
 * connection per process; `POST /3/device/{token}` with apns-topic, apns-push-type alert. 410
 * Unregistered and 400 BadDeviceToken mean the token is gone; 403 ExpiredProviderToken makes a new
 * JWT and is retried; 429 and 5xx are retried; another answer is final.
 */
export function createApnsSender(config: NonNullable<PushConfig["apns"]>, timeoutMs: number): PushSender {
  const key = importPKCS8(config.key, "ES256");
  let jwt: { token: string; until: number } | undefined;
  let session: http2.ClientHttp2Session | undefined;

  const providerToken = async () => {
    if (jwt && jwt.until > Date.now()) return jwt.token;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: "ES256", kid: config.keyId })
      .setIssuer(config.teamId)
      .setIssuedAt()
      .sign(await key);
    jwt = { token, until: Date.now() + 40 * 60_000 };
    return token;
  };

  const connection = () => {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = http2.connect(config.baseUrl);
    opened.on("error", () => undefined);
    opened.on("close", () => {
      if (session === opened) session = undefined;
    });
    opened.unref();
    session = opened;
    return opened;
  };

  const post = (token: string, headers: http2.OutgoingHttpHeaders, body: string) =>
    new Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = connection().request(
        { ":method": "POST", ":path": `/3/device/${encodeURIComponent(token)}`, ...headers },
        { signal: AbortSignal.timeout(timeoutMs) },
      );
      let answer: http2.IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      request.on("response", (received) => (answer = received));
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () =>
        resolve({
          status: Number(answer[":status"] ?? 0),
          headers: answer,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      request.on("error", reject);
      request.end(body);
    });

  return {
    async send(token, message) {
      let answer;
      try {
        answer = await post(
          token,
          {
            authorization: `bearer ${await providerToken()}`,
            "apns-topic": config.topic,
            "apns-push-type": "alert",
            "apns-priority": "10",
            "apns-expiration": String(Math.floor(Date.now() / 1000) + 86_400),
            "apns-collapse-id": message.tag,
            "content-type": "application/json",
          },
          JSON.stringify({
            aps: {
              alert: { title: message.title, body: message.body },
              sound: "default",
              "thread-id": "odin-alerts",
              "interruption-level": message.alert.urgent ? "time-sensitive" : "active",
            },
            type: message.type,
            url: message.url,
            alert: message.alert,
          }),
        );
      } catch (error) {
        if (isTimeout(error)) throw new Error(`APNs did not answer within ${timeoutMs / 1000} s`);
        throw new Error("APNs could not be reached");
      }
      const reason = (() => {
        try {
          return (JSON.parse(answer.body) as { reason?: string }).reason;
        } catch {
          return undefined;
        }
      })();
      const what = `APNs answered HTTP ${answer.status}${reason ? ` ${reason}` : ""}`;
      if (answer.status === 200)
        return { kind: "sent", note: `APNs ${String(answer.headers["apns-id"] ?? "accepted")}` };
      if (answer.status === 410 || reason === "BadDeviceToken" || reason === "Unregistered") {
        return { kind: "unregistered", reason: what };
      }
      if (answer.status === 403 && reason === "ExpiredProviderToken") {
        jwt = undefined;
        throw new Error(what);
      }
      if (answer.status === 429 || answer.status >= 500) throw new Error(what);
      throw new PermanentDeliveryError(what);
    },
    close() {
      session?.close();
    },
  };
}

export interface MobilePushChannelDeps {
  prisma: Database;
  push: PushConfig;
  publicUrl: string;
  now?: () => Date;
}

/**
 * Alerts to the iOS/Android app (issue 24 item 5): one delivery per registered device of a member whose
 * push alerts toggle (the spec's push_alerts) is on, through FCM or APNs by the device's platform. A
 * token the service calls unregistered is removed and the delivery recorded as failed with that
 * reason. Quiet hours and the toggle are checked at send time, as for e-mail.
 */
export function createMobilePushChannel(deps: MobilePushChannelDeps): DeliveryChannel & { close(): void } {
  const { prisma } = deps;
  const senders: Record<string, PushSender | undefined> = {
    fcm: deps.push.fcm ? createFcmSender(deps.push.fcm, deps.push.timeoutMs) : undefined,
    apns: deps.push.apns ? createApnsSender(deps.push.apns, deps.push.timeoutMs) : undefined,
  };
  return {
    async send(delivery: ClaimedDelivery): Promise<DeliveryOutcome> {
      const id = Number(delivery.recipient.replace(/^mobile_push:/, ""));
      const device = await findPushDevice(prisma, id);
      if (!device || device.userId !== delivery.userId) {
        return { kind: "cancelled", note: "the device was unregistered" };
      }
      const checked = await checkPushDelivery(
        prisma,
        delivery,
        { on: (user) => user.pushAlerts, offNote: "the recipient turned push alerts off" },
        deps.now?.() ?? new Date(),
      );
      if ("outcome" in checked) return checked.outcome;
      const { alert } = checked;
      const sender = senders[device.platform];
      if (!sender) {
        throw new PermanentDeliveryError(
          `${device.platform === "apns" ? "APNs" : "FCM"} is not configured on this server`,
        );
      }
      let result: PushResult;
      try {
        result = await sender.send(device.token, toPushMessage(alert, deps.publicUrl));
      } catch (error) {
        if (error instanceof PermanentDeliveryError || !isTimeout(error)) throw error;
        throw new Error(`the push service did not answer within ${deps.push.timeoutMs / 1000} s`);
      }
      if (result.kind === "unregistered") {
        await removePushDevice(prisma, id).catch(() => undefined);
        throw new PermanentDeliveryError(
          `${result.reason}: the device token is no longer valid and was removed`,
        );
      }
      await notePushDeviceSuccess(prisma, id).catch(() => undefined);
      return { kind: "sent", note: result.note };
    },
    close() {
      senders.apns?.close?.();
    },
  };
}
