import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox } from "../src/secret-box";

describe("secret box", () => {
  const box = createSecretBox(randomBytes(32));

  it("round-trips and never stores the plain text", () => {
    const sealed = box.encrypt("rekor-api-key-123");
    expect(sealed).not.toContain("rekor-api-key-123");
    expect(box.decrypt(sealed)).toBe("rekor-api-key-123");
  });

  it("uses a fresh IV for every value", () => {
    expect(box.encrypt("same")).not.toBe(box.encrypt("same"));
  });

  it("refuses a tampered value or another key", () => {
    const sealed = box.encrypt("secret");
    const tampered = sealed.slice(0, -2) + (sealed.endsWith("A") ? "BB" : "AA");
    expect(() => box.decrypt(tampered)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).decrypt(sealed)).toThrow();
  });
});

describe("derived keys", () => {
  it("are stable per purpose and differ between purposes and keys", () => {
    const key = randomBytes(32);
    expect(createSecretBox(key).derive("cookies")).toBe(createSecretBox(key).derive("cookies"));
    expect(createSecretBox(key).derive("cookies")).not.toBe(createSecretBox(key).derive("handles"));
    expect(createSecretBox(randomBytes(32)).derive("cookies")).not.toBe(
      createSecretBox(key).derive("cookies"),
    );
  });
});
