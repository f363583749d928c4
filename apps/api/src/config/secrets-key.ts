import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Outside production, a missing ODIN_SECRETS_KEY is generated once and kept in the data folder,
 * so that secrets sealed by one start can be read by the next. Production must set the variable.
 */
export function loadOrCreateDevSecretsKey(dataDir: string): Buffer {
  const file = path.join(dataDir, "secrets.key");
  if (existsSync(file)) return Buffer.from(readFileSync(file, "utf8").trim(), "hex");
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString("hex")}\n`, { mode: 0o600 });
  return key;
}
