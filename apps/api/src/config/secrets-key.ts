import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createSecretBox, type SecretBox } from "@odin/db";
import type { Database } from "../lib/database";
import { findUnopenableSecrets, type SealedValue } from "../lib/sealed-secrets.repository";
import type { Config } from "./env";

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

/** The secrets box of this configuration: ODIN_SECRETS_KEY (or its file), else the data folder's key. */
export function secretsBoxOf(config: Config): SecretBox {
  return createSecretBox(config.secretsKey ?? loadOrCreateDevSecretsKey(config.dataDir));
}

/**
 * Refuses a secrets key that does not open what the database holds (issue 35 item 1): the server at
 * start and every command before it changes anything, so a changed key is named at once instead of
 * failing later with the cipher's "Unsupported state or unable to authenticate data" (or, worse,
 * after a command has sealed something new with the wrong key).
 */
export async function assertSecretsKeyOpensStore(
  db: Database,
  box: SecretBox,
  config: Config,
): Promise<void> {
  const { checked, unopenable } = await findUnopenableSecrets(db, box);
  if (unopenable.length === 0) return;
  throw new Error(secretsKeyMismatchMessage(config, checked, unopenable));
}

export function secretsKeyMismatchMessage(
  config: Config,
  checked: number,
  unopenable: SealedValue[],
): string {
  const kinds = [...new Set(unopenable.map((value) => value.what))];
  return [
    `the secrets key from ${config.secretsKeySource} does not open the secrets stored in this database:`,
    `${unopenable.length} of ${checked} stored secrets (${kinds.join(", ")}) were sealed with another key.`,
    "Start Odin with the key this database was sealed with. If the key was changed on purpose, re-seal",
    "the stored secrets once with the old key: odin rotate-secrets-key --old-key-file <file holding the old key>",
    "(docs/self-hosting.md, Keys).",
  ].join("\n");
}
