import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { builtInSubject } from "../src/identity/built-in-provider";
import { buildTestApp, type TestApp } from "./helpers";
import { mintToken, PERSONAS, seedPersonas, type Persona } from "./tokens";

/**
 * The hotlist tests' world: the real app on its own database, the demo agencies and personas, and a
 * data folder of its own (attachments and group pictures land on disk, so tests can look at it).
 */
export interface HotlistWorld {
  t: TestApp;
  dataDir: string;
  tokens: Record<Persona, string>;
  /** The seeded groups: Hartford's (members: hotlist admin and hotlist viewer) and New Haven's. */
  hartfordGroupId: number;
  newHavenGroupId: number;
  hartfordAgencyId: number;
  newHavenAgencyId: number;
  call(
    /** A persona, or a bearer token of a user made with addUser. */
    who: string,
    method: "GET" | "POST",
    url: string,
    payload?: Payload,
  ): Promise<LightMyRequestResponse>;
  /** A new user of an agency with a token, e.g. a hotlist viewer who is in no group. */
  addUser(fields: {
    username: string;
    agencyId: number;
    hotlistViewer?: boolean;
    approved?: boolean;
    deleted?: boolean;
  }): Promise<{ id: number; token: string }>;
  filesIn(area: "attachments" | "groups"): Promise<string[]>;
  close(): Promise<void>;
}

export type Payload = Record<string, unknown> | FormData | URLSearchParams;

export async function createHotlistWorld(env: NodeJS.ProcessEnv = {}): Promise<HotlistWorld> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "odin-hotlists-"));
  const t = await buildTestApp({ ...env, ODIN_DATA_DIR: dataDir });
  const subjects = await seedPersonas(t);
  const tokens = Object.fromEntries(
    await Promise.all(
      (Object.keys(PERSONAS) as Persona[]).map(async (persona) => [
        persona,
        await mintToken(t, subjects[persona]),
      ]),
    ),
  ) as Record<Persona, string>;
  const hartford = await t.prisma.agency.findFirstOrThrow({ where: { name: { startsWith: "Hartford" } } });
  const newHaven = await t.prisma.agency.findFirstOrThrow({ where: { name: { startsWith: "New Haven" } } });
  const groupOf = async (agencyId: number) =>
    (await t.prisma.hotlistGroup.findFirstOrThrow({ where: { agencyId }, orderBy: { id: "asc" } })).id;

  return {
    t,
    dataDir,
    tokens,
    hartfordGroupId: await groupOf(hartford.id),
    newHavenGroupId: await groupOf(newHaven.id),
    hartfordAgencyId: hartford.id,
    newHavenAgencyId: newHaven.id,
    call(who, method, url, payload) {
      const token = who in tokens ? tokens[who as Persona] : who;
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (payload instanceof URLSearchParams) {
        headers["content-type"] = "application/x-www-form-urlencoded";
        return t.app.inject({ method, url, headers, payload: payload.toString() });
      }
      return t.app.inject({
        method,
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    },
    async addUser({ username, agencyId, hotlistViewer = false, approved = true, deleted = false }) {
      const user = await t.prisma.user.create({
        data: {
          username,
          name: `Test ${username}`,
          email: `${username}@example.test`,
          agencyId,
          hotlistViewer,
          approved,
          deletedAt: deleted ? new Date() : null,
        },
      });
      const subject = builtInSubject(user.id);
      await t.prisma.user.update({ where: { id: user.id }, data: { idpSubject: subject } });
      return { id: user.id, token: await mintToken(t, subject) };
    },
    async filesIn(area) {
      try {
        return (await readdir(path.join(dataDir, "hotlists", area))).sort();
      } catch {
        return [];
      }
    },
    async close() {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A small picture, made the way a phone would send one (with metadata when asked). */
export function picture(
  format: "png" | "jpeg",
  { width = 40, height = 30, exif = false } = {},
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: "#c03030" } });
  const encoded = format === "png" ? image.png() : image.jpeg();
  return (
    exif ? encoded.withMetadata({ exif: { IFD0: { Copyright: "Odin test", Artist: "Secret" } } }) : encoded
  ).toBuffer();
}

/** The smallest thing that is a PDF by its first bytes. */
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n", "latin1");

export function file(
  bytes: Buffer | string,
  name: string,
  type = "application/octet-stream",
): Blob & { name?: string } {
  return new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });
}

export function form(fields: Record<string, string | Blob>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

export const json = <T>(res: LightMyRequestResponse) => res.json<T>();

/**
 * Runs `work` while the database refuses to insert the hotlist plate BOOM: a failure on the database's
 * side, after the service has written its files and begun its transaction.
 */
export async function whileDatabaseRefusesBoom(t: TestApp, work: () => Promise<void>): Promise<void> {
  await t.prisma.$executeRawUnsafe(`
    CREATE FUNCTION refuse_boom() RETURNS trigger AS $$
    BEGIN IF NEW.plate_normalized = 'BOOM' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
  await t.prisma.$executeRawUnsafe(
    `CREATE TRIGGER refuse_boom BEFORE INSERT ON hotlist_plates FOR EACH ROW EXECUTE FUNCTION refuse_boom()`,
  );
  try {
    await work();
  } finally {
    await t.prisma.$executeRawUnsafe(`DROP TRIGGER refuse_boom ON hotlist_plates`);
    await t.prisma.$executeRawUnsafe(`DROP FUNCTION refuse_boom()`);
  }
}
