import { randomBytes } from "node:crypto";
import type { InjectOptions } from "fastify";
import type { TestApp } from "./helpers";
import { mintToken, type Persona } from "./tokens";

/** Helpers of the administration tests (admin, integrations, owner, cameras, audit log). */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A multipart/form-data body as a browser sends it: text fields and files. */
export function multipart(parts: Record<string, string | { filename: string; content: string | Buffer }>) {
  const boundary = `----odin-test-${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === "string") {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            "Content-Type: text/csv\r\n\r\n",
        ),
        Buffer.from(value.content),
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** Calls the app as a persona (or with a raw token). */
export function caller(t: TestApp, subjects: Record<Persona, string>) {
  return async (
    who: Persona | { token: string },
    method: Method,
    url: string,
    body?: object | ReturnType<typeof multipart>,
  ) => {
    const token = typeof who === "string" ? await mintToken(t, subjects[who]) : who.token;
    const options: InjectOptions = { method, url, headers: { authorization: `Bearer ${token}` } };
    if (body && "payload" in body && Buffer.isBuffer(body.payload)) {
      options.payload = body.payload;
      options.headers = { ...options.headers, ...(body.headers as Record<string, string>) };
    } else if (body) {
      options.payload = body;
    }
    return t.app.inject(options);
  };
}

export const userId = async (t: TestApp, username: string) =>
  (await t.prisma.user.findUniqueOrThrow({ where: { username } })).id;

export const agencyId = async (t: TestApp, name: string) =>
  (await t.prisma.agency.findUniqueOrThrow({ where: { name } })).id;

/** The audit rows of one action, oldest first. */
export const auditRows = (t: TestApp, action: string) =>
  t.prisma.auditLog.findMany({ where: { action }, orderBy: { id: "asc" } });
