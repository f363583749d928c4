/**
 * What the benches that search over HTTP as many users of one agency share (search-load.ts,
 * similar-load.ts): the Odin process's environment, the searchers created and signed in for real
 * (authorization code + PKCE), the agency's searchable Axis cameras, and one search over HTTP.
 */
import http from "node:http";
import type { PrismaClient } from "@odin/db";
import { hashPassword } from "@odin/db";
import { DEMO_AGENCIES, DEMO_PASSWORD } from "@odin/db/demo-data";
import { signIn } from "../../test/oidc-client";
import { sqlOn } from "./axis-store-fill";

export const hartford = DEMO_AGENCIES.find((agency) => agency.key === "hartford")!;

/**
 * The environment of an API process the searchers reach at `publicUrl`: production, the demo seeded at
 * the first start (then neither seeded nor migrated again), no simulators or Axon polling, a retention
 * longer than the 90 days of reads, and no per-address rate limit (16 users share one address).
 */
export function searchApiEnvironment(settings: {
  port: number;
  databaseUrl: string;
  secretsKey: string;
  filesDir: string;
  publicUrl: string;
  first: boolean;
}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(settings.port),
    DATABASE_URL: settings.databaseUrl,
    ODIN_SECRETS_KEY: settings.secretsKey,
    ODIN_DATA_DIR: settings.filesDir,
    ODIN_PUBLIC_URL: settings.publicUrl,
    ODIN_SEED_DEMO: settings.first ? "true" : "false",
    ODIN_DEMO_SIMULATORS: "false",
    ...(settings.first ? {} : { ODIN_MIGRATE_ON_START: "false" }),
    AXON_POLL_INTERVAL_MS: "0",
    DETECTION_RETENTION_DAYS: "120",
    // One client address for 16 users would meet the per-address limit (600 a minute) at once.
    RATE_LIMIT_PER_MINUTE: "100000000",
    LOG_LEVEL: "warn",
  };
}

/** `count` users of the agency (role user, `bench.searcher01…`), created once; their usernames. */
export async function createSearchers(
  session: PrismaClient,
  agencyId: number,
  count: number,
): Promise<string[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const usernames = Array.from(
    { length: count },
    (_, i) => `bench.searcher${String(i + 1).padStart(2, "0")}`,
  );
  await session.user.createMany({
    data: usernames.map((username) => ({
      username,
      name: `Bench searcher ${username.slice(-2)}`,
      email: `${username}@bench.odin.invalid`,
      role: "user" as const,
      agencyId,
      approved: true,
      passwordHash,
    })),
    skipDuplicates: true,
  });
  return usernames;
}

/** Each user signed in for real at `publicUrl`: their access tokens, in order. */
export async function signInSearchers(publicUrl: string, usernames: string[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const username of usernames) {
    const { tokens: signedIn, status } = await signIn(publicUrl, username, DEMO_PASSWORD);
    if (status !== 200 || !signedIn) throw new Error(`sign-in of ${username} answered ${status}`);
    tokens.push(signedIn.access_token);
  }
  return tokens;
}

/** The agency's id by name. */
export async function agencyIdOf(session: PrismaClient, name: string): Promise<number> {
  const [agency] = await session.$queryRaw<{ id: number }[]>`SELECT id FROM agencies WHERE name = ${name}`;
  return agency!.id;
}

/** The agency's searchable Axis cameras (its own and those shared with it), named in every search. */
export async function searchableCameras(session: PrismaClient, agencyId: number): Promise<string[]> {
  return (
    await sqlOn(session).query<{ identifier: string }>(
      `SELECT i.identifier FROM axis_integrations i
       WHERE i.id IN (SELECT integration_id FROM read_viewers WHERE source_program = 'Axis' AND agency_id = $1)
       ORDER BY 1`,
      [agencyId],
    )
  ).rows.map((row) => row.identifier);
}

/** One POST /search-data as `token`'s user: its status and answer text. */
export async function searchOverHttp(
  publicUrl: string,
  token: string,
  body: string,
): Promise<{ status: number; text: string }> {
  // node:http on a keep-alive agent, not fetch: the load generator shares the 2 cores with what it
  // measures, and fetch (undici's streams and Response) cost it 1.4 ms per search, about a fifth of
  // the machine at 200 searches/s (issue 42 item 4). Same requests, one connection per user.
  const url = new URL("/search-data", publicUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent: keepAlive,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64 });
