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
 * appears in the URL, an address, or a CIDR range the resolved address falls in.
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

interface CompiledPolicy {
  names: Set<string>;
  ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

function compile(policy: OutboundPolicy): CompiledPolicy {
  const names = new Set<string>();
  const ranges: CompiledPolicy["ranges"] = [];
  for (const raw of policy.allowedPrivateHosts) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[(.*)\]$/, "$1");
    if (!entry) continue;
    if (ipaddr.isValidCIDR(entry)) ranges.push(ipaddr.parseCIDR(entry));
    else if (ipaddr.isValid(entry)) {
      const address = ipaddr.process(entry);
      ranges.push([address, address.kind() === "ipv4" ? 32 : 128]);
    } else names.add(entry);
  }
  return { names, ranges };
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
  const bare = entry.replace(/^\[(.*)\]$/, "$1");
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

function addressAllowed(compiled: CompiledPolicy, address: string): boolean {
  if (isPublicAddress(address)) return true;
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return compiled.ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
}

type LookupAddress = { address: string; family: number };
type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

function guardedConnector(policy: OutboundPolicy): buildConnector.connector {
  const compiled = compile(policy);
  const lookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    const nameAllowed = compiled.names.has(hostname.toLowerCase());
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = nameAllowed
        ? undefined
        : addresses.find((entry) => !addressAllowed(compiled, entry.address));
      // One non-public answer refuses the name: a mixed answer is how DNS rebinding gets in.
      if (refused || addresses.length === 0)
        return callback(new OutboundRefusedError(refused?.address ?? hostname), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  const connect = buildConnector({ lookup: lookup, timeout: 10_000 });
  return (options, callback) => {
    const host = options.hostname.replace(/^\[(.*)\]$/, "$1");
    // Node's net skips the lookup for an address literal: judge it here.
    if (net.isIP(host) && !compiled.names.has(host.toLowerCase()) && !addressAllowed(compiled, host)) {
      callback(new OutboundRefusedError(host), null);
      return;
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
