/**
 * Odin's one way out to URLs it was given (vendor base URLs an admin typed, picture URLs a vendor
 * sent, later webhook targets): an undici dispatcher whose connector checks every address AT CONNECT
 * TIME, after DNS resolution, so neither a hostname that resolves to an internal address nor a DNS
 * answer that changes between a check and the connection (rebinding) reaches one. Refused: loopback,
 * private (RFC 1918, IPv6 unique-local), link-local (cloud metadata at 169.254.169.254 included),
 * carrier-grade NAT (100.64/10, Alibaba's metadata), multicast, broadcast, unspecified and every other
 * special-purpose range ipaddr.js knows; only global unicast addresses pass.
 *
 * The owner allows on-premises vendors explicitly (ODIN_ALLOWED_PRIVATE_HOSTS): a host name as it
 * appears in the URL, an address, or a CIDR range the resolved address falls in; a name or address
 * with a port (`127.0.0.1:4101`, `[::1]:4101`, `sim.local:80`) allows that port only. Demo mode
 * allows its simulators that way (issue 36), never the whole of loopback.
 *
 * One process, one policy: buildApp sets it from the configuration (setOutboundPolicy). Until then
 * nothing private is allowed.
 */
import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { Agent, buildConnector, fetch as undiciFetch } from "undici";

export interface OutboundPolicy {
  /** Host names (exact, case-insensitive), addresses and CIDR ranges that may be private. */
  allowedPrivateHosts: readonly string[];
}

/** Why a connection was not made; callers show one neutral text, never this detail. */
export class OutboundRefusedError extends Error {
  constructor(readonly address: string) {
    super(`outbound connection to a non-public address refused (${address})`);
    this.name = "OutboundRefusedError";
  }
}

/** An allowance; `port` absent: any port of it. */
interface CompiledPolicy {
  names: { name: string; port?: number }[];
  ranges: { range: ipaddr.IPv4 | ipaddr.IPv6; bits: number; port?: number }[];
}

/** `host:port`, `[v6]:port` or a bare host, address or range (a bare IPv6 address keeps its colons). */
function splitPort(entry: string): { host: string; port?: number } {
  const match = /^\[([^\]]+)\]:(\d{1,5})$/.exec(entry) ?? /^([^:]+):(\d{1,5})$/.exec(entry);
  if (match) return { host: match[1]!, port: Number(match[2]) };
  return { host: entry.replace(/^\[(.*)\]$/, "$1") };
}

function compile(policy: OutboundPolicy): CompiledPolicy {
  const compiled: CompiledPolicy = { names: [], ranges: [] };
  for (const raw of policy.allowedPrivateHosts) {
    const { host: entry, port } = splitPort(raw.trim().toLowerCase());
    if (!entry) continue;
    const withPort = port === undefined ? {} : { port };
    if (ipaddr.isValidCIDR(entry)) {
      const [range, bits] = ipaddr.parseCIDR(entry);
      compiled.ranges.push({ range, bits, ...withPort });
    } else if (ipaddr.isValid(entry)) {
      const address = ipaddr.process(entry);
      compiled.ranges.push({ range: address, bits: address.kind() === "ipv4" ? 32 : 128, ...withPort });
    } else compiled.names.push({ name: entry, ...withPort });
  }
  return compiled;
}

/** Parses an allowance list as the environment gives it: comma- or space-separated. */
export function parseAllowedHosts(value: string | undefined): string[] {
  return (value ?? "")
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** True when an entry is a host name, an address or a CIDR range (what the allowance accepts). */
export function isAllowanceEntry(entry: string): boolean {
  const { host: bare } = splitPort(entry);
  return (
    ipaddr.isValidCIDR(bare) ||
    ipaddr.isValid(bare) ||
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(bare)
  );
}

/** Only global unicast addresses are public; IPv4-mapped IPv6 is judged as the IPv4 it carries. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

const portMatches = (allowed: number | undefined, port: number) => allowed === undefined || allowed === port;

function nameAllowed(compiled: CompiledPolicy, hostname: string, port: number): boolean {
  const name = hostname.toLowerCase();
  return compiled.names.some((entry) => entry.name === name && portMatches(entry.port, port));
}

function addressAllowed(compiled: CompiledPolicy, address: string, port: number): boolean {
  if (isPublicAddress(address)) return true;
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return compiled.ranges.some(
    ({ range, bits, port: allowed }) =>
      range.kind() === parsed.kind() && parsed.match(range, bits) && portMatches(allowed, port),
  );
}

type LookupAddress = { address: string; family: number };
type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** The connector for one port: its DNS lookup judges the answers for that port's allowances. */
function connectorForPort(compiled: CompiledPolicy, port: number): buildConnector.connector {
  const lookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    const named = nameAllowed(compiled, hostname, port);
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = named
        ? undefined
        : addresses.find((entry) => !addressAllowed(compiled, entry.address, port));
      // One non-public answer refuses the name: a mixed answer is how DNS rebinding gets in.
      if (refused || addresses.length === 0)
        return callback(new OutboundRefusedError(refused?.address ?? hostname), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  return buildConnector({ lookup: lookup, timeout: 10_000 });
}

function guardedConnector(policy: OutboundPolicy): buildConnector.connector {
  const compiled = compile(policy);
  const byPort = new Map<number, buildConnector.connector>();
  return (options, callback) => {
    const host = options.hostname.replace(/^\[(.*)\]$/, "$1");
    const port = Number(options.port) || (options.protocol === "https:" ? 443 : 80);
    // Node's net skips the lookup for an address literal: judge it here.
    if (net.isIP(host) && !nameAllowed(compiled, host, port) && !addressAllowed(compiled, host, port)) {
      callback(new OutboundRefusedError(host), null);
      return;
    }
    let connect = byPort.get(port);
    if (!connect) {
      connect = connectorForPort(compiled, port);
      byPort.set(port, connect);
    }
    connect(options, callback);
  };
}

function createAgent(policy: OutboundPolicy): Agent {
  return new Agent({ connect: guardedConnector(policy) });
}

let current: { policy: OutboundPolicy; agent: Agent } | undefined;

/** Sets the process's policy (buildApp does, from the configuration). */
export function setOutboundPolicy(policy: OutboundPolicy): void {
  const previous = current;
  current = { policy, agent: createAgent(policy) };
  void previous?.agent.close().catch(() => undefined);
}

function agent(): Agent {
  current ??= { policy: { allowedPrivateHosts: [] }, agent: createAgent({ allowedPrivateHosts: [] }) };
  return current.agent;
}

export interface OutboundInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams | Uint8Array;
  signal?: AbortSignal;
  /** Never followed by default: a redirect could bounce Odin anywhere. */
  redirect?: "manual" | "error";
}

/**
 * fetch() through the guarded dispatcher. A refused address or any connect failure rejects like
 * fetch does (a TypeError whose cause tells why): callers answer one neutral text for all of them.
 */
export async function outboundFetch(url: URL, init: OutboundInit = {}): Promise<Response> {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError("only http(s) URLs");
  const response = await undiciFetch(url, {
    method: init.method ?? "GET",
    ...(init.headers ? { headers: init.headers } : {}),
    ...(init.body !== undefined ? { body: init.body } : {}),
    ...(init.signal ? { signal: init.signal } : {}),
    redirect: init.redirect ?? "manual",
    dispatcher: agent(),
  });
  return response;
}

/** True when a fetch rejection came from the guard (for logs and tests; never shown to users). */
export function wasRefused(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof OutboundRefusedError) return true;
  }
  return false;
}
