import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { importJWK, jwtVerify, type JWTPayload } from "jose";

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** The message the browser would read (RFC 8291 decrypted), or null when it could not be read. */
  plaintext: string | null;
  /** The VAPID JWT's claims when it verified against the `k` key sent with it (RFC 8292). */
  vapid: { key: string; claims: JWTPayload } | null;
  /** Why the request was refused (400/401), if it was. */
  error: string | null;
}

/** A browser's subscription as `PushSubscription.toJSON()` gives it. */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface WebPushStandIn {
  baseUrl: string;
  received: ReceivedPush[];
  /** A real P-256 key pair and auth secret held by the "browser" of `path`, its subscription answered. */
  subscribe(path: string): BrowserSubscription;
  close(): Promise<void>;
}

const b64 = (bytes: Buffer) => bytes.toString("base64url");

/**
 * RFC 8291 §3-4 with RFC 8188 aes128gcm framing: header salt(16) | rs(4) | idlen(1) | keyid (the
 * sender's P-256 public key), then one record (AES-128-GCM, the 16-byte tag at its end) whose
 * plaintext ends with the padding delimiter 0x02 followed by zero or more zeros.
 */
export function decryptAes128gcm(body: Buffer, browser: ECDH, authSecret: Buffer): string {
  if (body.length < 21) throw new Error("body shorter than the aes128gcm header");
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const senderPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65 || senderPublic[0] !== 0x04) throw new Error("keyid is not an uncompressed P-256 key");
  const record = body.subarray(21 + idlen);
  if (record.length > rs || record.length < 17) throw new Error("not exactly one record");
  const ecdhSecret = browser.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), browser.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 0x02) throw new Error("no last-record padding delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292 §3): ES256 by k, aud our origin, exp ≤ 24 h. */
async function verifyVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Error("no vapid authorization");
  const [, token, key] = match as unknown as [string, string, string];
  const raw = Buffer.from(key, "base64url");
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Error("k is not a P-256 public key");
  const publicKey = await importJWK(
    { kty: "EC", crv: "P-256", x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33)) },
    "ES256",
  );
  const { payload, protectedHeader } = await jwtVerify(token, publicKey, {
    algorithms: ["ES256"],
    audience: origin,
  });
  if (protectedHeader.typ !== "JWT") throw new Error("typ is not JWT");
  const now = Math.floor(Date.now() / 1000);
  if (!payload.exp || payload.exp > now + 24 * 3600) throw new Error("exp more than 24 h ahead");
  if (typeof payload.sub !== "string" || !/^(mailto:|https:)/.test(payload.sub)) throw new Error("bad sub");
  return { key, claims: payload };
}

/**
 * A push service on a free local port (real HTTP) that reads what it is sent as a browser would: the
 * VAPID JWT is verified and the payload decrypted with the browser's private key. By path:
 * `/ok/...` answers 201, `/gone/...` 410, `/flaky/...` 500 the first time then 201.
 */
export async function startWebPushStandIn(): Promise<WebPushStandIn> {
  const received: ReceivedPush[] = [];
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const seen = new Set<string>();
  let origin = "";
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void (async () => {
        const path = request.url ?? "/";
        const hit: ReceivedPush = {
          path,
          headers: request.headers,
          plaintext: null,
          vapid: null,
          error: null,
        };
        received.push(hit);
        try {
          hit.vapid = await verifyVapid(request.headers.authorization, origin);
        } catch (error) {
          hit.error = `vapid: ${(error as Error).message}`;
          return void response.writeHead(401).end(hit.error);
        }
        const browser = browsers.get(path);
        try {
          if (request.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
          if (!browser) throw new Error("no such subscription");
          hit.plaintext = decryptAes128gcm(Buffer.concat(chunks), browser.ecdh, browser.auth);
        } catch (error) {
          hit.error = `payload: ${(error as Error).message}`;
          return void response.writeHead(400).end(hit.error);
        }
        if (path.startsWith("/gone/")) return void response.writeHead(410).end();
        if (path.startsWith("/flaky/") && !seen.has(path)) {
          seen.add(path);
          return void response.writeHead(500).end();
        }
        response.writeHead(201, { location: `${path}/message` }).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: origin,
    received,
    subscribe(path) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(path, { ecdh, auth });
      return { endpoint: `${origin}${path}`, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
