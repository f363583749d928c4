/**
 * One-way hashes for secrets people and machines present to Odin.
 *
 * - Passwords of the built-in identity provider: scrypt from node:crypto (memory-hard, no native
 *   dependency), stored as `scrypt$N$r$p$saltB64$hashB64` so the cost can be raised later without
 *   breaking existing hashes: verification reads the parameters from the stored string.
 * - High-entropy tokens (password-reset links, webhook and ingest tokens): SHA-256. They are random
 *   and long, so a slow salted hash adds nothing, and a deterministic hash can be looked up through a
 *   unique index.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
// A stored string names its own cost; refuse absurd values so a tampered row cannot exhaust memory.
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

function deriveKey(plain: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(normalize(plain), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

// The same password typed on different keyboards can arrive in different Unicode forms (NIST 800-63B).
function normalize(plain: string): string {
  return plain.normalize("NFKC");
}

// scrypt needs about 128 * N * r bytes; Node's default ceiling (32 MiB) is too low for larger costs.
function maxmemFor(n: number, r: number): number {
  return 128 * n * r * 2 + 1024 * 1024;
}

/** Hashes a password with a fresh random salt: `scrypt$16384$8$1$<salt>$<hash>` (base64). */
export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await deriveKey(plain, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmemFor(N, R) });
  return ["scrypt", N, R, P, salt.toString("base64"), key.toString("base64")].join("$");
}

/**
 * True when `plain` matches `stored`. A malformed or foreign stored value is simply not a match
 * (false), never an exception, so a damaged row cannot turn a sign-in into a 500.
 */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  const { n, r, p, salt, hash } = parsed;
  const key = await deriveKey(plain, salt, hash.length, { N: n, r, p, maxmem: maxmemFor(n, r) });
  return timingSafeEqual(key, hash);
}

interface ParsedHash {
  n: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parseStored(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [, nText, rText, pText, saltText, hashText] = parts;
  const n = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  const isPowerOfTwo = Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;
  if (!isPowerOfTwo || n > MAX_N) return null;
  if (!Number.isInteger(r) || r < 1 || r > MAX_R) return null;
  if (!Number.isInteger(p) || p < 1 || p > MAX_P) return null;
  const salt = Buffer.from(saltText ?? "", "base64");
  const hash = Buffer.from(hashText ?? "", "base64");
  if (salt.length === 0 || hash.length < 16) return null;
  return { n, r, p, salt, hash };
}

/** A random, URL-safe token (32 bytes of entropy by default) for reset links and ingest credentials. */
export function generateToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** The value stored for a high-entropy token (token_hash, webhook_token_hash, ingest_token_hash). */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("base64url");
}
