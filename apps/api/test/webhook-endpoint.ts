import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { verifyWebhookSignature } from "../src/delivery/webhook-signature";

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /**
   * Whether the request is signed with the secret registered for the path: by the `standardwebhooks`
   * library (Standard Webhooks' own, not Odin's code) when it carries `webhook-signature`, by the
   * deprecated Odin-Signature check otherwise.
   */
  verified: boolean;
  /** Which signature the request carried. */
  scheme: "standard_webhooks" | "odin_v1" | "none";
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return typeof value === "string" ? value : undefined;
};

/** Standard Webhooks' check, as a receiver would write it with the library (5 minutes' tolerance). */
export function verifiesAsStandardWebhook(
  secret: string,
  headers: IncomingHttpHeaders,
  body: string,
): boolean {
  try {
    new Webhook(secret).verify(body, {
      "webhook-id": header(headers, "webhook-id") ?? "",
      "webhook-timestamp": header(headers, "webhook-timestamp") ?? "",
      "webhook-signature": header(headers, "webhook-signature") ?? "",
    });
    return true;
  } catch {
    return false;
  }
}

export interface WebhookEndpoint {
  baseUrl: string;
  received: ReceivedHook[];
  /** The secret Odin answered at registration, for the paths under `prefix`. */
  trust(prefix: string, secret: string): void;
  close(): Promise<void>;
}

/**
 * A dispatch system's endpoint on a free local port, real HTTP. By path: `/ok/...` answers 204 when
 * the signature verifies (401 otherwise), `/fail/...` 500, `/redirect/...` a 302 to `/ok/...`,
 * `/hang/...` never answers (until closed).
 */
export async function startWebhookEndpoint(): Promise<WebhookEndpoint> {
  const received: ReceivedHook[] = [];
  const secrets = new Map<string, string>();
  const hanging = new Set<ServerResponse>();
  const secretFor = (path: string) => [...secrets].find(([prefix]) => path.includes(prefix))?.[1];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      const body = Buffer.concat(chunks).toString("utf8");
      const secret = secretFor(path);
      const scheme = request.headers["webhook-signature"]
        ? "standard_webhooks"
        : request.headers["odin-signature"]
          ? "odin_v1"
          : "none";
      const verified =
        secret !== undefined &&
        (scheme === "standard_webhooks"
          ? verifiesAsStandardWebhook(secret, request.headers, body)
          : verifyWebhookSignature(secret, header(request.headers, "odin-signature"), body));
      received.push({ path, headers: request.headers, body, verified, scheme });
      if (path.startsWith("/hang/")) {
        hanging.add(response);
        return;
      }
      if (path.startsWith("/fail/")) return void response.writeHead(500).end("boom");
      if (path.startsWith("/redirect/")) {
        return void response.writeHead(302, { location: path.replace("/redirect/", "/ok/") }).end();
      }
      response.writeHead(verified ? 204 : 401).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    trust: (prefix, secret) => void secrets.set(prefix, secret),
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
