import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { jwtVerify } from "jose";

export interface ReceivedMessage {
  token: string;
  body: Record<string, unknown>;
  headers: Record<string, unknown>;
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * FCM HTTP v1 on a free local port: `POST /token` takes the RFC 7523 jwt-bearer grant and checks the
 * assertion (RS256 with the service account's key, iss = client_email, aud = this URL, the messaging
 * scope, at most an hour) before it gives an access token; `POST /v1/projects/{project}/messages:send`
 * needs that token. A registration token starting "unregistered" is answered 404 UNREGISTERED.
 */
export async function startFcmStandIn(projectId: string) {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const clientEmail = "odin-push@odin-test.iam.gserviceaccount.com";
  const issued = new Set<string>();
  const received: ReceivedMessage[] = [];
  const refused: string[] = [];
  let tokenUrl = "";
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString("utf8");
        if (request.url === "/token") {
          try {
            const form = new URLSearchParams(text);
            if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer")
              throw new Error("grant");
            const { payload } = await jwtVerify(form.get("assertion") ?? "", publicKey, {
              algorithms: ["RS256"],
              issuer: clientEmail,
              audience: tokenUrl,
            });
            if (payload.scope !== "https://www.googleapis.com/auth/firebase.messaging")
              throw new Error("scope");
            if (!payload.iat || !payload.exp || payload.exp - payload.iat > 3600) throw new Error("lifetime");
          } catch (error) {
            refused.push(`token: ${(error as Error).message}`);
            return void response.writeHead(400).end(json({ error: "invalid_grant" }));
          }
          const accessToken = `ya29.${randomBytes(12).toString("hex")}`;
          issued.add(accessToken);
          return void response
            .writeHead(200, { "content-type": "application/json" })
            .end(json({ access_token: accessToken, expires_in: 3599, token_type: "Bearer" }));
        }
        const auth = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
        if (!auth || !issued.has(auth)) {
          refused.push("send: bad access token");
          return void response.writeHead(401).end(json({ error: { code: 401, status: "UNAUTHENTICATED" } }));
        }
        if (request.url !== `/v1/projects/${projectId}/messages:send`)
          return void response.writeHead(404).end();
        const body = JSON.parse(text) as { message: { token: string } };
        received.push({ token: body.message.token, body, headers: request.headers });
        if (body.message.token.startsWith("unregistered")) {
          return void response.writeHead(404, { "content-type": "application/json" }).end(
            json({
              error: {
                code: 404,
                message: "Requested entity was not found.",
                status: "NOT_FOUND",
                details: [
                  {
                    "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError",
                    errorCode: "UNREGISTERED",
                  },
                ],
              },
            }),
          );
        }
        response
          .writeHead(200, { "content-type": "application/json" })
          .end(json({ name: `projects/${projectId}/messages/${received.length}` }));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tokenUrl = `${baseUrl}/token`;
  return {
    baseUrl,
    tokenUrl,
    received,
    refused,
    serviceAccount: json({
      type: "service_account",
      project_id: projectId,
      client_email: clientEmail,
      private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      token_uri: tokenUrl,
    }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * APNs' provider API on a free local port over HTTP/2 (cleartext; Apple's is TLS): `POST
 * /3/device/{token}` checks the provider token (ES256 with the key of `keyId`, iss = the team, iat
 * within the hour) and apns-topic; a device token starting "dead" is answered 410 Unregistered.
 */
export async function startApnsStandIn(keyId: string, teamId: string, topic: string) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const received: ReceivedMessage[] = [];
  const refused: string[] = [];
  const server = http2.createServer();
  server.on("stream", (stream, headers) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      void (async () => {
        const answer = (status: number, body?: unknown, extra: Record<string, string> = {}) => {
          stream.respond({ ":status": status, ...extra });
          stream.end(body === undefined ? undefined : json(body));
        };
        const path = String(headers[":path"] ?? "");
        const token = /^\/3\/device\/([0-9a-fA-F]+)$/.exec(path)?.[1];
        if (headers[":method"] !== "POST" || !token) return answer(404, { reason: "BadPath" });
        try {
          const bearer = /^bearer (.+)$/.exec(String(headers.authorization ?? ""))?.[1] ?? "";
          const { payload, protectedHeader } = await jwtVerify(bearer, publicKey, {
            algorithms: ["ES256"],
            issuer: teamId,
            maxTokenAge: "1h",
          });
          if (protectedHeader.kid !== keyId || !payload.iat) throw new Error("kid");
        } catch (error) {
          refused.push(`apns: ${(error as Error).message}`);
          return answer(403, { reason: "InvalidProviderToken" });
        }
        if (headers["apns-topic"] !== topic) return answer(400, { reason: "DeviceTokenNotForTopic" });
        if (headers["apns-push-type"] !== "alert") return answer(400, { reason: "InvalidPushType" });
        received.push({
          token,
          body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>,
          headers,
        });
        if (token.startsWith("dead")) return answer(410, { reason: "Unregistered", timestamp: Date.now() });
        answer(200, undefined, { "apns-id": `0000000${received.length}-0000-0000-0000-000000000000` });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    received,
    refused,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
