import { scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateToken, hashPassword, hashToken, verifyPassword } from "../src/password";

describe("hashPassword / verifyPassword", () => {
  it("stores scrypt with its parameters, a 16-byte salt and a 64-byte key", async () => {
    const stored = await hashPassword("Odin-demo-2026!");
    const [scheme, n, r, p, salt, hash] = stored.split("$");
    expect([scheme, n, r, p]).toEqual(["scrypt", "16384", "8", "1"]);
    expect(Buffer.from(salt ?? "", "base64")).toHaveLength(16);
    expect(Buffer.from(hash ?? "", "base64")).toHaveLength(64);
  });

  it("accepts the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("Correct-horse-1");
    expect(await verifyPassword("Correct-horse-1", stored)).toBe(true);
    expect(await verifyPassword("correct-horse-1", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts every hash, so one password gives different stored values", async () => {
    const [a, b] = await Promise.all([hashPassword("Same-pass-1"), hashPassword("Same-pass-1")]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("Same-pass-1", a)).toBe(true);
    expect(await verifyPassword("Same-pass-1", b)).toBe(true);
  });

  it("treats Unicode forms of one password alike", async () => {
    const composed = "Caf\u00e9-2026!";
    const decomposed = "Cafe\u0301-2026!";
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it("reads the cost from the stored string, so hashes made with another cost still verify", async () => {
    const salt = Buffer.from("0123456789abcdef");
    const key = scryptSync("Cost-change-9", salt, 64, { N: 1024, r: 8, p: 1 });
    const stored = ["scrypt", 1024, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
    expect(await verifyPassword("Cost-change-9", stored)).toBe(true);
    const relabelled = stored.replace("scrypt$1024$", "scrypt$2048$");
    expect(await verifyPassword("Cost-change-9", relabelled)).toBe(false);
  });

  it("answers false, never throws, for malformed or hostile stored values", async () => {
    const valid = await hashPassword("Anything-1");
    const [, , , , salt, hash] = valid.split("$");
    const bad = [
      "",
      "plain-text-password",
      "bcrypt$2b$10$abcdefghijklmnopqrstuv",
      `scrypt$16384$8$1$${salt}`,
      `scrypt$16385$8$1$${salt}$${hash}`, // N not a power of two
      `scrypt$${2 ** 30}$8$1$${salt}$${hash}`, // cost that would exhaust memory
      `scrypt$16384$0$1$${salt}$${hash}`,
      `scrypt$16384$8$1$$${hash}`,
      `scrypt$16384$8$1$${salt}$`,
    ];
    for (const stored of bad) {
      await expect(verifyPassword("Anything-1", stored)).resolves.toBe(false);
    }
  });
});

describe("generateToken / hashToken", () => {
  it("makes distinct URL-safe tokens", () => {
    const a = generateToken();
    const b = generateToken();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("hashes a token deterministically (for lookups by unique index) and not to itself", () => {
    const token = generateToken();
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toBe(token);
    expect(hashToken(token)).not.toBe(hashToken(generateToken()));
    // SHA-256 of "abc", base64url.
    expect(hashToken("abc")).toBe("ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0");
  });
});
