import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhookSignature } from "../src/delivery/webhook-signature";

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the Odin-Signature header signed this body with the secret registered for the path. */
  verified: boolean;
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
      const header = request.headers["odin-signature"];
      const verified =
        secret !== undefined &&
        verifyWebhookSignature(secret, typeof header === "string" ? header : undefined, body);
      received.push({ path, headers: request.headers, body, verified });
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
