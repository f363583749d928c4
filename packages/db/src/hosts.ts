/**
 * Following the primary (issue 42 item 2). libpq, and so psql and pg_dump, accept several hosts in one
 * URL with `target_session_attrs` (postgresql://odin:…@db1:5432,db2:5432/odin?target_session_attrs=read-write)
 * and connect to the first host that accepts writes. node-postgres does not (brianc/node-postgres#1470),
 * so Odin reads the same URL here: a pool of such a URL opens each new connection on the host that was
 * last found writable, checks that it still is, and looks again across the hosts when a connection fails
 * or lands on a standby. Connections already open to a server that went away fail and leave the pool.
 * The promotion itself (pg_ctl promote, Patroni, repmgr…) and fencing the old primary are the
 * operator's: Odin only follows.
 */
import pg from "pg";

export type TargetSessionAttrs = "any" | "read-write" | "primary";

export interface HostPort {
  host: string;
  port: number;
}

export interface DatabaseUrl {
  hosts: HostPort[];
  targetSessionAttrs: TargetSessionAttrs;
  /** The same URL naming one host (and without target_session_attrs, which node-postgres ignores). */
  urlFor(host: HostPort): string;
}

const URL_PARTS = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)([^?#]*)(\?[^#]*)?$/;
const ACCEPTED: readonly string[] = ["any", "read-write", "primary"];

/** A host list entry: `host`, `host:port`, `[v6]` or `[v6]:port`. */
function parseHost(entry: string, fallbackPort: number): HostPort {
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (v6) return { host: v6[1]!, port: v6[2] ? Number(v6[2]) : fallbackPort };
  const at = entry.lastIndexOf(":");
  if (at < 0) return { host: entry, port: fallbackPort };
  return { host: entry.slice(0, at), port: Number(entry.slice(at + 1)) };
}

/**
 * Reads a postgresql:// URL that may name several hosts, as libpq does. Throws a sentence for a URL it
 * cannot read (the configuration check shows it).
 */
export function parseDatabaseUrl(url: string): DatabaseUrl {
  const parts = URL_PARTS.exec(url.trim());
  if (!parts) throw new Error("must be a postgresql://user:password@host:port/database URL");
  const [, scheme, userinfo = "", hostList = "", path = "", query = ""] = parts;
  const entries = hostList.split(",").map((entry) => entry.trim());
  if (entries.some((entry) => entry === "")) throw new Error("names an empty host");
  const hosts = entries.map((entry) => parseHost(entry, 5432));
  for (const { host, port } of hosts) {
    if (!host) throw new Error("names an empty host");
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new Error(`names a port that is not one (${host})`);
  }
  const params = new URLSearchParams(query.slice(1));
  const attrs = params.get("target_session_attrs") ?? "any";
  if (!ACCEPTED.includes(attrs)) {
    throw new Error(
      `has target_session_attrs=${attrs}; Odin's DATABASE_URL takes any, read-write or primary (read-only servers go in DATABASE_READ_URLS)`,
    );
  }
  params.delete("target_session_attrs");
  const rest = params.toString();
  const hostText = ({ host, port }: HostPort) => `${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    hosts,
    targetSessionAttrs: attrs as TargetSessionAttrs,
    urlFor: (host) => `${scheme}${userinfo}${hostText(host)}${path}${rest ? `?${rest}` : ""}`,
  };
}

/** Whether a URL needs following (several hosts, or a session that must accept writes). */
export function needsPrimaryLocator(url: DatabaseUrl): boolean {
  return url.hosts.length > 1 || url.targetSessionAttrs !== "any";
}

/**
 * No host would do: what a caller gets while no server accepts writes (a failover under way). Its
 * SQLSTATE is PostgreSQL's "cannot connect now", which Odin answers with 503 and Retry-After.
 */
export class NoPrimaryError extends Error {
  readonly code = "57P03";
  constructor(detail: string) {
    super(`No database server accepts writes now (${detail})`);
    this.name = "NoPrimaryError";
  }
}

export interface PrimaryLocator {
  readonly url: DatabaseUrl;
  /** The host to open the next connection on: the last one found, or a fresh look across the hosts. */
  primary(): Promise<HostPort>;
  /** A connection to this host failed or was not what was asked: look again before the next one. */
  lost(host: HostPort): void;
}

/** How long one host may take to accept a connection while looking for the primary. */
const PROBE_TIMEOUT_MS = 3000;
/** After a look that found nothing, the next one waits at least this long (no storm of probes). */
const RETRY_LOOK_MS = 250;

/** Whether a connected session is what `attrs` asks for (libpq's own check: transaction_read_only). */
export async function sessionMatches(client: pg.ClientBase, attrs: TargetSessionAttrs): Promise<boolean> {
  if (attrs === "any") return true;
  const { rows } = await client.query<{ recovery: boolean; read_only: string }>(
    "SELECT pg_is_in_recovery() AS recovery, current_setting('transaction_read_only') AS read_only",
  );
  const row = rows[0];
  return Boolean(row) && !row!.recovery && (attrs === "primary" || row!.read_only === "off");
}

export function createPrimaryLocator(url: DatabaseUrl): PrimaryLocator {
  let known: HostPort | undefined;
  let looking: Promise<HostPort> | undefined;
  let lastFailedLook = 0;

  async function probe(host: HostPort): Promise<boolean> {
    const client = new pg.Client({
      connectionString: url.urlFor(host),
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    });
    client.on("error", () => undefined);
    try {
      await client.connect();
      return await sessionMatches(client, url.targetSessionAttrs);
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async function look(): Promise<HostPort> {
    const wait = lastFailedLook + RETRY_LOOK_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    for (const host of url.hosts) {
      if (await probe(host)) {
        known = host;
        return host;
      }
    }
    lastFailedLook = Date.now();
    const names = url.hosts.map(({ host, port }) => `${host}:${port}`).join(", ");
    throw new NoPrimaryError(
      url.targetSessionAttrs === "any" ? `none of ${names} answers` : `none of ${names} accepts writes`,
    );
  }

  return {
    url,
    primary() {
      if (known) return Promise.resolve(known);
      looking ??= look().finally(() => {
        looking = undefined;
      });
      return looking;
    },
    lost(host) {
      if (known && known.host === host.host && known.port === host.port) known = undefined;
    },
  };
}

/**
 * A node-postgres Client class that connects to the locator's primary and checks the session: given
 * to pg.Pool as its `Client`, every new connection of the pool follows the primary.
 */
export function followingClient(locator: PrimaryLocator): typeof pg.Client {
  const attrs = locator.url.targetSessionAttrs;
  class FollowingClient extends pg.Client {
    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<pg.Client> | void {
      const done = (async () => {
        const target = await locator.primary();
        // pg's Client connects to this.host and this.port, set from its configuration until now.
        this.host = target.host;
        this.port = target.port;
        const parameters = (this as unknown as { connectionParameters: HostPort }).connectionParameters;
        parameters.host = target.host;
        parameters.port = target.port;
        try {
          await super.connect();
        } catch (error) {
          locator.lost(target);
          throw error;
        }
        if (!(await sessionMatches(this, attrs).catch(() => false))) {
          locator.lost(target);
          await this.end().catch(() => undefined);
          throw new NoPrimaryError(`${target.host}:${target.port} does not accept writes any more`);
        }
        return this as pg.Client;
      })();
      if (!callback) return done;
      done.then(
        () => callback(undefined as unknown as Error),
        (error: Error) => callback(error),
      );
    }
  }
  return FollowingClient;
}

/** pg.Client options for the primary of a (possibly several-host) URL, found now. */
export async function primaryConnectionString(databaseUrl: string): Promise<string> {
  const url = parseDatabaseUrl(databaseUrl);
  if (!needsPrimaryLocator(url)) return databaseUrl;
  return url.urlFor(await createPrimaryLocator(url).primary());
}
