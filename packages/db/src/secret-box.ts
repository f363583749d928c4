import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

/**
 * Vendor secrets at rest: AES-256-GCM with a random 12-byte IV per value, stored as
 * `v1:<iv>:<tag>:<ciphertext>` (base64url). The key comes from the environment, never the database.
 */
export interface SecretBox {
  // Function properties, not methods: they are handed around unbound (e.g. to the seed).
  encrypt: (plain: string) => string;
  decrypt: (sealed: string) => string;
  /** A key for another purpose (cookie signing, handles), derived from the secrets key; hex. */
  derive: (purpose: string) => string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("the secrets key must be 32 bytes");
  return {
    encrypt: (plain) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(":");
    },
    derive: (purpose) => createHmac("sha256", key).update(`odin:${purpose}`).digest("hex"),
    decrypt: (sealed) => {
      const [version, iv, tag, data] = sealed.split(":");
      if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("not a sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    },
  };
}
